import { computed, shallowRef } from 'vue'
import type { RecordedStreamEvent, RequestRecord } from '../../shared/types'
import { clearRecords, fetchRecords } from '../api'
import { appendStreamEvent, mergeRecords } from '../logic/merge-records'
import { registry } from './registry'

const DEFAULT_MAX_RECORDS = 200

/**
 * The request log, oldest first, bounded like the server's.
 * @example
 * records.value.at(-1) // the newest request
 */
export const records = shallowRef<RequestRecord[]>([])

/**
 * How many records each route has, by registry id (requests that found no route are left out).
 * @example
 * counts.value['POST /api/todos'] // 3
 */
export const counts = computed(() => {
  const byRoute: Record<string, number> = {}
  for (const record of records.value) {
    if (record.routeId) byRoute[record.routeId] = (byRoute[record.routeId] ?? 0) + 1
  }
  return byRoute
})

/**
 * How many records the server keeps.
 * @example
 * `${records.value.length} / ${maxRecords.value} kept`
 */
export const maxRecords = computed(() => registry.value?.recorder.maxRecords ?? DEFAULT_MAX_RECORDS)

/** A streamed answer's event, for the record it belongs to. */
interface PendingEvent {
  id: number
  event: RecordedStreamEvent
  count: number
}

// records and streamed events from the live feed wait for the next frame and go in together, in the order they came:
// at hundreds a second the log redraws once a frame, not once a message
let pending: (RequestRecord | PendingEvent)[] = []
let scheduled = false

function flush() {
  scheduled = false
  const batch = pending
  pending = []
  let next = records.value
  let run: RequestRecord[] = []
  for (const item of batch) {
    if ('event' in item) {
      next = appendStreamEvent(mergeRecords(next, run, maxRecords.value), item.id, item.event, item.count)
      run = []
    }
    else {
      run.push(item)
    }
  }
  records.value = mergeRecords(next, run, maxRecords.value)
}

/**
 * Takes a record from the live stream; it shows on the next frame.
 * @example
 * receiveRecord(message.record)
 */
export function receiveRecord(record: RequestRecord): void {
  queue(record)
}

/**
 * Takes a running stream's event from the live stream; its record shows it on the next frame.
 * @example
 * receiveStreamEvent(message.id, message.event, message.count)
 */
export function receiveStreamEvent(id: number, event: RecordedStreamEvent, count: number): void {
  queue({ id, event, count })
}

function queue(item: RequestRecord | PendingEvent): void {
  pending.push(item)
  if (scheduled) return
  scheduled = true
  // a hidden page gets no frames: a timer keeps the log current there
  if (document.hidden) setTimeout(flush, 100)
  else requestAnimationFrame(flush)
}

/**
 * Adds the records the server still holds (after the stream opened, so none falls in between).
 * @example
 * await loadBacklog()
 */
export async function loadBacklog(): Promise<void> {
  const backlog = await fetchRecords().catch(() => [])
  records.value = mergeRecords(records.value, backlog, maxRecords.value)
}

/**
 * Empties the log here; the server's `clear` message empties it in every panel.
 * @example
 * forgetRecords()
 */
export function forgetRecords(): void {
  pending = []
  records.value = []
}

/**
 * Asks the server to forget every record.
 * @example
 * await clearLog()
 */
export async function clearLog(): Promise<void> {
  await clearRecords()
  forgetRecords()
}
