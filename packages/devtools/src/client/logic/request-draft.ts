import type { RequestRecord, RouteInfo } from '../../shared/types'
import type { IdempotencyKeyChoice } from './idempotency-key'
import { assertIdempotencyKeyChosen, IDEMPOTENCY_KEY, withChosenIdempotencyKey } from './idempotency-key'
import type { StreamedAnswer } from './streamed-answer'
import { isEventStream, readStreamedAnswer } from './streamed-answer'

/** A request the panel is about to send: composed from scratch or taken from a record. */
export interface RequestDraft {
  method: string
  /** The route pattern, e.g. `/api/todos/:id`. */
  route: string
  params: Record<string, string>
  /** The input: sent as the query for GET/HEAD, as the JSON body otherwise. */
  input: unknown
  headers: Record<string, string>
  /** A query string kept from a recorded body request (GET/HEAD take theirs from `input`). */
  query?: Record<string, unknown>
}

/** What came back from sending a draft. */
export interface SendResult {
  status: number
  durationMs: number
  envelope: unknown
  /** The body as text when it was not JSON. */
  text?: string
  /** For a streamed answer (`text/event-stream`): its events so far and where it stands; `envelope` is then its `end` event's. */
  stream?: StreamedAnswer
}

/** How a draft is sent: an abort signal (stops a stream), and who hears of a streamed answer's progress. */
export interface SendOptions {
  signal?: AbortSignal
  /** Called as a streamed answer starts and after each of its events, with the answer so far. */
  onUpdate?: (result: SendResult) => void
}

const QUERY_METHODS = new Set(['GET', 'HEAD'])
const REDACTED = '[redacted]'

/** True when the method carries its input in the query string. */
export function usesQuery(method: string): boolean {
  return QUERY_METHODS.has(method.toUpperCase())
}

// a segment the URL resolver would drop or climb out of (a browser and curl treat %2E like a dot)
const UNSAFE_SEGMENTS = new Set(['', '.', '..'])

function fillSegment(name: string, value: string, catchAll: boolean): string {
  const segments = catchAll ? value.split('/') : [value]
  if (segments.some(segment => UNSAFE_SEGMENTS.has(segment))) {
    throw new TypeError(`Route param "${name}" is ${JSON.stringify(value)}: an empty, "." or ".." segment would reach another route`)
  }
  return segments.map(encodeURIComponent).join('/')
}

/**
 * The concrete path of a draft: dynamic segments filled in, the query
 * appended for GET/HEAD. A param that is empty, `.` or `..` (or holds such
 * a segment in a catch-all) throws a TypeError: the request would reach
 * another route.
 * @example
 * draftUrl({ method: 'GET', route: '/api/todos/:id', params: { id: '7' }, input: { q: 'x' }, headers: {} }) // '/api/todos/7?q=x'
 */
export function draftUrl(draft: RequestDraft): string {
  const path = draft.route.split('/').map((segment) => {
    if (segment.startsWith(':')) return fillSegment(segment.slice(1), draft.params[segment.slice(1)] ?? '', false)
    if (segment.startsWith('**')) return fillSegment(segment.slice(3) || '_', draft.params[segment.slice(3) || '_'] ?? '', true)
    return segment
  }).join('/')
  const fields = usesQuery(draft.method) ? draft.input : draft.query
  if (!isObject(fields)) return path
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item))
    }
  }
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

/**
 * A draft that sends a recorded request again; redacted headers are left out, the browser adds its own cookies.
 * A request that found no route is sent to its concrete path, where an action may exist by now. Its
 * `Idempotency-Key` goes along as recorded (the action answers what it stored), or a new one with
 * `idempotencyKey: 'new'` (it runs again); a redacted key stays `[redacted]`, which `sendDraft` refuses.
 * @example
 * draftFromRecord(record, { idempotencyKey: 'new' }).headers // { 'idempotency-key': '<a new UUID>', ... }
 */
export function draftFromRecord(record: RequestRecord, options: { idempotencyKey?: IdempotencyKeyChoice } = {}): RequestDraft {
  return {
    method: record.method,
    route: record.unmatched || !record.route ? record.path : record.route,
    params: { ...record.params },
    input: usesQuery(record.method) ? record.query : record.input,
    headers: withChosenIdempotencyKey(replayableHeaders(record.headers), options.idempotencyKey),
    ...(!usesQuery(record.method) && Object.keys(record.query).length > 0 && { query: record.query }),
  }
}

/** An empty draft for a route, its input pre-filled by the caller. */
export function draftForRoute(route: RouteInfo, input: unknown, params: Record<string, string>): RequestDraft {
  return { method: route.method === 'ANY' ? 'POST' : route.method, route: route.route, params, input, headers: {} }
}

/**
 * Headers worth sending again: not redacted, not hop-by-hop, not set by the browser. A redacted
 * `Idempotency-Key` stays, so that leaving it out never turns a replay into a new mutation unasked.
 */
export function replayableHeaders(headers: Record<string, string>): Record<string, string> {
  const skip = /^(?:host|connection|content-length|transfer-encoding|accept-encoding|user-agent|origin|referer|x-forwarded-.*|sec-.*|cookie|priority)$/i
  return Object.fromEntries(Object.entries(headers).filter(([name, value]) => (value !== REDACTED || name === IDEMPOTENCY_KEY) && !skip.test(name)))
}

/**
 * Sends a draft from the panel (same origin, so the app's cookies go along) and times it. A streamed
 * answer is read as it comes (`onUpdate` hears each event) until its end, or until `signal` stops it.
 * A redacted `Idempotency-Key` is refused with a TypeError before anything is sent.
 * @example
 * const result = await sendDraft(draft, fetch, { signal: controller.signal, onUpdate: shown => (result.value = shown) })
 */
export async function sendDraft(draft: RequestDraft, fetcher: typeof fetch = fetch, options: SendOptions = {}): Promise<SendResult> {
  assertIdempotencyKeyChosen(draft.headers)
  const hasBody = !usesQuery(draft.method)
  const headers: Record<string, string> = { ...(hasBody && { 'content-type': 'application/json' }), ...draft.headers }
  const started = performance.now()
  const response = await fetcher(draftUrl(draft), {
    method: draft.method,
    headers,
    body: hasBody ? JSON.stringify(draft.input ?? {}) : undefined,
    credentials: 'same-origin',
    ...(options.signal && { signal: options.signal }),
  })
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100
  if (isEventStream(response.headers.get('content-type')) && response.body) {
    const asResult = ({ stream, envelope }: { stream: StreamedAnswer, envelope: unknown }): SendResult => ({ status: response.status, durationMs: elapsed(), envelope, stream })
    const onUpdate = options.onUpdate
    return asResult(await readStreamedAnswer(response.body, started, { signal: options.signal, onUpdate: onUpdate && (reading => onUpdate(asResult(reading))) }))
  }
  const text = await response.text()
  const durationMs = elapsed()
  try {
    return { status: response.status, durationMs, envelope: text ? JSON.parse(text) : null }
  }
  catch {
    return { status: response.status, durationMs, envelope: null, text }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
