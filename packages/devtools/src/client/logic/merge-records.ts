import type { RecordedStreamEvent, RequestRecord } from '../../shared/types'

/**
 * The log after `incoming` records arrive (from the stream or the backlog):
 * known ids are dropped, the result is in id order and keeps the newest `max`.
 * A known record of a stream still running is replaced by a later state of it
 * (more events, or ended): a streamed answer comes again when it ends.
 * Returns `records` itself when nothing new came, so a view need not redraw.
 * @example
 * mergeRecords([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }], 2) // [{ id: 2 }, { id: 3 }]
 */
export function mergeRecords(records: RequestRecord[], incoming: RequestRecord[], max: number): RequestRecord[] {
  const known = new Map(records.map((record, index) => [record.id, index]))
  let current = records
  const fresh = new Map<number, RequestRecord>()
  for (const record of incoming) {
    const index = known.get(record.id)
    if (index !== undefined) {
      if (!isLaterState(record, current[index]!)) continue
      if (current === records) current = [...records]
      current[index] = record
      continue
    }
    const earlier = fresh.get(record.id)
    if (!earlier || isLaterState(record, earlier)) fresh.set(record.id, record)
  }
  if (fresh.size === 0) return current
  const added = [...fresh.values()]
  const last = current.at(-1)?.id ?? -Infinity
  // the common case, live records newer than every kept one, needs no sort
  const merged = added.every(record => record.id > last) && isSorted(added)
    ? [...current, ...added]
    : [...current, ...added].sort((a, b) => a.id - b.id)
  return merged.length > max ? merged.slice(-max) : merged
}

/**
 * The log after a running stream's record gained an event (a `stream-event` message): the record
 * gets it when it has fewer than `count` events so far; an unknown or ended record is left alone
 * (its full record, from the backlog or at its end, carries the event).
 * @example
 * appendStreamEvent(records, 7, { at: 12.5, data: 'Hel' }, 1)
 */
export function appendStreamEvent(records: RequestRecord[], id: number, event: RecordedStreamEvent, count: number): RequestRecord[] {
  const index = records.findIndex(record => record.id === id)
  const stream = records[index]?.stream
  if (!stream || stream.ended || count <= stream.count) return records
  const next = [...records]
  next[index] = { ...records[index]!, stream: { ...stream, events: [...stream.events, event], count } }
  return next
}

/** True when `incoming` is a later state of a streamed record `known` still shows running. */
function isLaterState(incoming: RequestRecord, known: RequestRecord): boolean {
  if (!known.stream || known.stream.ended || !incoming.stream) return false
  return incoming.stream.ended || incoming.stream.count > known.stream.count
}

function isSorted(records: RequestRecord[]): boolean {
  return records.every((record, index) => index === 0 || records[index - 1]!.id < record.id)
}
