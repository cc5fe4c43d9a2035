import type { RequestRecord } from '../../shared/types'

/**
 * The log after `incoming` records arrive (from the stream or the backlog):
 * known ids are dropped, the result is in id order and keeps the newest `max`.
 * Returns `records` itself when nothing new came, so a view need not redraw.
 * @example
 * mergeRecords([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }], 2) // [{ id: 2 }, { id: 3 }]
 */
export function mergeRecords(records: RequestRecord[], incoming: RequestRecord[], max: number): RequestRecord[] {
  const known = new Set(records.map(record => record.id))
  const fresh = incoming.filter(record => !known.has(record.id) && known.add(record.id))
  if (fresh.length === 0) return records
  const last = records.at(-1)?.id ?? -Infinity
  // the common case, live records newer than every kept one, needs no sort
  const merged = fresh.every(record => record.id > last) && isSorted(fresh)
    ? [...records, ...fresh]
    : [...records, ...fresh].sort((a, b) => a.id - b.id)
  return merged.length > max ? merged.slice(-max) : merged
}

function isSorted(records: RequestRecord[]): boolean {
  return records.every((record, index) => index === 0 || records[index - 1]!.id < record.id)
}
