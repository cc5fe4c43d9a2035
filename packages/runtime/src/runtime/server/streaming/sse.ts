/**
 * The response headers of every event stream: the SSE media type, no cache
 * and no transformation on the way (no compression), and no buffering by a
 * proxy in front (nginx reads `x-accel-buffering`).
 */
export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
})

/** The comment line a stream sends after `heartbeat` ms without a write, so proxies keep it open. */
export const SSE_HEARTBEAT = ': \n\n'

/**
 * One yielded value as the JSON an SSE message carries (`undefined`, and what
 * JSON cannot hold as a value, as `null`). JSON never holds a raw line break,
 * so the message is one `data:` line. Throws for a value JSON cannot carry (a
 * BigInt, a cycle).
 * @example
 * eventJson({ token: 'Hi' }) // '{"token":"Hi"}'
 */
export function eventJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null'
}

/**
 * An event's SSE message: no `event:` field, so the browser's
 * EventSource gives it as a default `message`.
 * @example
 * sseMessage('{"token":"Hi"}') // 'data: {"token":"Hi"}\n\n'
 */
export function sseMessage(json: string): string {
  return `data: ${json}\n\n`
}

/**
 * The stream's last message: the `end` event, whose data is the envelope.
 * @example
 * sseEnd('{"success":true,"data":null}') // 'event: end\ndata: {"success":true,"data":null}\n\n'
 */
export function sseEnd(envelopeJson: string): string {
  return `event: end\ndata: ${envelopeJson}\n\n`
}
