import type { RequestRecord, StreamMessage } from '@action-route/devtools/types'
import { redactHeaders } from './internal/redact-headers'

/** Options of the request recorder. */
export interface RecorderOptions {
  /** How many records are kept; the oldest goes first. */
  maxRecords: number
  /** Header names redacted on top of authorization, cookie and set-cookie. */
  redactHeaders?: readonly string[]
}

/** A record before the recorder gives it an id and redacts its headers. */
export type RecordDraft = Omit<RequestRecord, 'id' | 'headers'> & { headers: Record<string, string | string[] | undefined> }

/** A bounded store of recorded requests that tells listeners about each new one. */
export interface Recorder {
  add: (draft: RecordDraft) => RequestRecord
  list: () => RequestRecord[]
  clear: () => void
  subscribe: (listener: (message: StreamMessage) => void) => () => void
  readonly options: Readonly<Required<RecorderOptions>>
}

/**
 * Creates a ring buffer of request records: memory stays bounded by
 * `maxRecords`, and headers are redacted before a record is stored.
 * @example
 * const recorder = createRecorder({ maxRecords: 200 })
 * const stop = recorder.subscribe(message => console.log(message))
 */
export function createRecorder(options: RecorderOptions): Recorder {
  const maxRecords = Math.max(1, Math.floor(options.maxRecords))
  const extraRedacted = [...(options.redactHeaders ?? [])]
  const buffer: (RequestRecord | undefined)[] = Array.from({ length: maxRecords })
  let next = 0
  let count = 0
  let lastId = 0
  const listeners = new Set<(message: StreamMessage) => void>()

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
    options: { maxRecords, redactHeaders: extraRedacted },
    add(draft) {
      const record: RequestRecord = { ...draft, id: ++lastId, headers: redactHeaders(draft.headers, extraRedacted) }
      buffer[next] = record
      next = (next + 1) % maxRecords
      count = Math.min(count + 1, maxRecords)
      publish({ type: 'record', record })
      return record
    },
    list() {
      const start = (next - count + maxRecords) % maxRecords
      return Array.from({ length: count }, (_, offset) => buffer[(start + offset) % maxRecords]!)
    },
    clear() {
      buffer.fill(undefined)
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
