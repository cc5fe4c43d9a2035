import type { RecordedPart, RequestRecord, StreamMessage } from '@action-route/devtools/types'
import { createFieldRedactor, redactQueryString } from './internal/redact-fields'
import { redactHeaders } from './internal/redact-headers'
import { toRecordedValue } from './internal/to-recorded-value'
import { toRecordedEvent } from './internal/to-recorded-event'

/** Events of one streamed answer the recorder keeps; later ones are counted only. */
export const MAX_STREAM_EVENTS = 200
/** Rough budget of JSON characters for one event's data. */
const MAX_EVENT_CHARS = 4 * 1024
/** Rough budget of JSON characters for all the events of one streamed answer. */
const MAX_STREAM_CHARS = 64 * 1024

/** Options of the request recorder. */
export interface RecorderOptions {
  /** How many records are kept; the oldest goes first. */
  maxRecords: number
  /** Names redacted on top of the sensitive-name rule (authorization, cookie, `*-token`, `*-key`...); headers, fields and query parameters share one list. */
  redactHeaders?: readonly string[]
  /** Names redacted on top of the sensitive-name rule (password, token, otp...); fields, query parameters and headers share one list. */
  redactFields?: readonly string[]
  /** Records kept from before (a Nitro restart), already bounded and redacted: the newest `maxRecords` are kept, and new ids go on after the highest. */
  restore?: readonly RequestRecord[]
}

/**
 * A record before the recorder gives it an id, bounds its values and redacts them. One with `stream: true`
 * is a streamed answer still running: `streamEvent` adds its events and `endStream` ends it.
 */
export type RecordDraft = Omit<RequestRecord, 'id' | 'headers' | 'truncated' | 'stream'> & { headers: Record<string, string | string[] | undefined>, stream?: true }

/** How a streamed answer ended, for its record. */
export interface StreamEnd {
  status: number
  /** The `end` event's envelope (null when the stream ended without one: the client went away). */
  envelope: unknown
  durationMs: number
  timings?: RequestRecord['timings']
}

/** A bounded store of recorded requests that tells listeners about each new one. */
export interface Recorder {
  add: (draft: RecordDraft) => RequestRecord
  /** Adds an event to the record of a running stream (`add`ed with an open `stream`): kept while its budget lasts, always counted. */
  streamEvent: (id: number, json: string, at: number) => void
  /** Ends the record of a running stream: its status, end envelope, duration and timings; listeners get the record again. */
  endStream: (id: number, end: StreamEnd) => void
  list: () => RequestRecord[]
  clear: () => void
  subscribe: (listener: (message: StreamMessage) => void) => () => void
  readonly options: Readonly<Required<Omit<RecorderOptions, 'restore'>>>
}

/**
 * Creates a ring buffer of request records: memory stays bounded by
 * `maxRecords` and by the size of each record (deep or large values are cut),
 * and headers, body fields and query parameters are redacted before a record
 * is stored, so whatever is listed or streamed serialises.
 * @example
 * const recorder = createRecorder({ maxRecords: 200, restore: loadRecords(file) })
 * const stop = recorder.subscribe(message => console.log(message))
 */
export function createRecorder(options: RecorderOptions): Recorder {
  const maxRecords = Math.max(1, Math.floor(options.maxRecords))
  const extraRedacted = [...(options.redactHeaders ?? [])]
  const extraFields = [...(options.redactFields ?? [])]
  // one rule for every name: a header named in redactFields is redacted as a field named in redactHeaders is
  const extraNames = [...extraRedacted, ...extraFields]
  const redactField = createFieldRedactor(extraNames)
  const buffer: (RequestRecord | undefined)[] = Array.from({ length: maxRecords })
  let next = 0
  let count = 0
  let lastId = 0
  const listeners = new Set<(message: StreamMessage) => void>()
  // the records of streams still running, and the characters their events may still take
  const open = new Map<number, { record: RequestRecord, room: number }>()
  for (const record of (options.restore ?? []).slice(-maxRecords)) {
    // a stream the Nitro before this one was sending has ended with it
    buffer[next] = record.stream && !record.stream.ended ? { ...record, stream: { ...record.stream, ended: true } } : record
    next = (next + 1) % maxRecords
    count = Math.min(count + 1, maxRecords)
    lastId = Math.max(lastId, record.id)
  }

  const publish = (message: StreamMessage) => {
    for (const listener of listeners) {
      try {
        listener(message)
      }
      catch {
        // a broken stream must not break the request being recorded
      }
    }
  }

  return {
    options: { maxRecords, redactHeaders: extraRedacted, redactFields: extraFields },
    add(draft) {
      const truncated: RecordedPart[] = []
      const bounded = <T>(part: RecordedPart, redact: (name: string) => boolean): T => {
        const copy = toRecordedValue(draft[part], { redact })
        if (copy.truncated) truncated.push(part)
        return copy.value as T
      }
      const url = redactQueryString(draft.url, redactField)
      const { stream, ...fields } = draft
      const record: RequestRecord = {
        ...fields,
        id: ++lastId,
        url,
        headers: redactHeaders(withUrlRedacted(draft.headers, draft.url, url), extraNames),
        // path segments are part of the URL, so params are bounded but not redacted
        params: bounded('params', () => false),
        query: bounded('query', redactField),
        input: bounded('input', redactField),
        envelope: bounded('envelope', redactField),
      }
      if (truncated.length > 0) record.truncated = truncated
      if (stream) {
        record.stream = { events: [], count: 0, ended: false }
        open.set(record.id, { record, room: MAX_STREAM_CHARS })
      }
      const evicted = buffer[next]
      if (evicted) open.delete(evicted.id)
      buffer[next] = record
      next = (next + 1) % maxRecords
      count = Math.min(count + 1, maxRecords)
      publish({ type: 'record', record })
      return record
    },
    streamEvent(id, json, at) {
      const running = open.get(id)
      if (!running) return
      const stream = running.record.stream!
      stream.count++
      if (stream.events.length >= MAX_STREAM_EVENTS || running.room <= 0) return
      const event = toRecordedEvent(json, at, { redact: redactField, maxChars: Math.min(MAX_EVENT_CHARS, running.room) })
      running.room -= Math.min(json.length, MAX_EVENT_CHARS)
      stream.events.push(event)
      publish({ type: 'stream-event', id, event, count: stream.count })
    },
    endStream(id, end) {
      const running = open.get(id)
      if (!running) return
      open.delete(id)
      const { record } = running
      const envelope = toRecordedValue(end.envelope, { redact: redactField })
      if (envelope.truncated && !record.truncated?.includes('envelope')) record.truncated = [...record.truncated ?? [], 'envelope']
      record.status = end.status
      record.envelope = envelope.value
      record.durationMs = end.durationMs
      if (end.timings?.length) record.timings = end.timings
      record.stream!.ended = true
      publish({ type: 'record', record })
    },
    list() {
      const start = (next - count + maxRecords) % maxRecords
      return Array.from({ length: count }, (_, offset) => buffer[(start + offset) % maxRecords]!)
    },
    clear() {
      buffer.fill(undefined)
      open.clear()
      next = 0
      count = 0
      publish({ type: 'clear' })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * Headers that repeat the request URL (a referer, Nuxt 5 dev's `x-nuxt-dev-request-id`) carry
 * its query too: each copy of the raw URL becomes the redacted one.
 */
function withUrlRedacted(headers: RecordDraft['headers'], rawUrl: string, redactedUrl: string): RecordDraft['headers'] {
  if (rawUrl === redactedUrl) return headers
  const redact = (value: string) => value.replaceAll(rawUrl, redactedUrl)
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, typeof value === 'string' ? redact(value) : value?.map(redact)]))
}
