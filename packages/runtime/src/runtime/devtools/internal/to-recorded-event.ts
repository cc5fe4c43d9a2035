import type { RecordedStreamEvent } from '@action-route/devtools/types'
import { toRecordedValue } from './to-recorded-value'

/** An event's JSON longer than this is not parsed: the record says how long it was. */
const MAX_PARSED_CHARS = 256 * 1024

/**
 * One event of a streamed answer as the recorder keeps it: its data parsed from the JSON the
 * server wrote, sensitive fields redacted at any depth, cut to `maxChars`, and its time offset.
 * Data that is not JSON is kept as text; data too long to parse is described by its length.
 * @example
 * toRecordedEvent('{"token":"hi","apiKey":"k"}', 12.5, { redact: name => name === 'apiKey', maxChars: 4096 })
 * // { at: 12.5, data: { token: 'hi', apiKey: '[redacted]' } }
 */
export function toRecordedEvent(json: string, at: number, options: { redact: (name: string) => boolean, maxChars: number }): RecordedStreamEvent {
  if (json.length > MAX_PARSED_CHARS) return { at, data: `[event of ${json.length} characters, not kept]`, truncated: true }
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  }
  catch {
    parsed = json
  }
  const copy = toRecordedValue(parsed, { redact: options.redact, maxChars: options.maxChars })
  return copy.truncated ? { at, data: copy.value, truncated: true } : { at, data: copy.value }
}
