import type { RecordedPart, RequestRecord, StreamMessage } from '@action-route/devtools/types'
import { createFieldRedactor, redactQueryString } from './internal/redact-fields'
import { redactHeaders } from './internal/redact-headers'
import { toRecordedValue } from './internal/to-recorded-value'

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

/** A record before the recorder gives it an id, bounds its values and redacts them. */
export type RecordDraft = Omit<RequestRecord, 'id' | 'headers' | 'truncated'> & { headers: Record<string, string | string[] | undefined> }

/** A bounded store of recorded requests that tells listeners about each new one. */
export interface Recorder {
  add: (draft: RecordDraft) => RequestRecord
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
  for (const record of (options.restore ?? []).slice(-maxRecords)) {
    buffer[next] = record
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
      const record: RequestRecord = {
        ...draft,
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

/**
 * Headers that repeat the request URL (a referer, Nuxt 5 dev's `x-nuxt-dev-request-id`) carry
 * its query too: each copy of the raw URL becomes the redacted one.
 */
function withUrlRedacted(headers: RecordDraft['headers'], rawUrl: string, redactedUrl: string): RecordDraft['headers'] {
  if (rawUrl === redactedUrl) return headers
  const redact = (value: string) => value.replaceAll(rawUrl, redactedUrl)
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, typeof value === 'string' ? redact(value) : value?.map(redact)]))
}
