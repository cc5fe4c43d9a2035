// How an idempotent request's answer is kept and given again. The `idempotent` middleware claims the key, then puts a
// recorder on the event's context; the respond step (step 6) hands it the answer it is about to send, once, whatever
// path the request took (data, a declared error, a failure). A retry's middleware throws a `ReplayedAnswer`, which
// the lifecycle answers with the stored status, headers and envelope instead of running the handler.
import type { ActionHost } from '../lifecycle/action-host'

/**
 * The key on `event.context` where `idempotent` leaves its recorder. A
 * registered symbol, so every copy of the runtime in one process agrees on it.
 */
export const ANSWER_RECORDER = Symbol.for('action-route.idempotency-recorder')

/** Keeps the answer of a claimed request: its status and the envelope's JSON, before single flight adds anything. */
export type AnswerRecorder = (status: number, body: string) => Promise<void>

/** An answer as the store keeps it, to be given again to a retry. */
export interface StoredAnswer {
  status: number
  /** The envelope's JSON, as it was sent (without single flight's query data). */
  body: string
  /** The response headers that say where the result is (`location`...), as they were sent. */
  headers: Record<string, string>
}

/**
 * The response headers a replay repeats: where the created thing is, its
 * version, and a content type the handler set itself (the lifecycle's own
 * `application/json` is set after the answer is kept). Never `set-cookie` (a
 * session a retry would hand to whoever holds the key), nor the ones each
 * request sets anew (`ratelimit`, `retry-after`).
 */
export const REPLAYED_HEADERS = ['location', 'content-location', 'etag', 'last-modified', 'content-type'] as const

/** The response header that marks a replayed answer (Stripe's name; the draft names none). */
export const REPLAYED_HEADER = 'idempotent-replayed'

// registered, so a replay thrown by one copy of the runtime is known to another
const REPLAYED = Symbol.for('action-route.replayed-answer')

/**
 * What a retry's middleware throws to answer with a stored answer: the
 * lifecycle catches it before anything maps it to an error envelope.
 * @example
 * throw new ReplayedAnswer({ status: 201, body: '{"success":true,"data":{"id":7}}', headers: { location: '/orders/7' } })
 */
export class ReplayedAnswer {
  readonly [REPLAYED] = true
  constructor(readonly answer: StoredAnswer) {}
}

/**
 * Whether a thrown value is a `ReplayedAnswer` (of any copy of the runtime).
 * @example
 * if (isReplayedAnswer(thrown)) return respondWithReplayedAnswer(event, host, thrown.answer)
 */
export function isReplayedAnswer(thrown: unknown): thrown is ReplayedAnswer {
  return typeof thrown === 'object' && thrown !== null && REPLAYED in thrown
}

/**
 * Hands the answer about to be sent to the request's recorder, when
 * `idempotent` left one, and takes the recorder off, so an answer is kept
 * once. `undefined` (no promise, no cost) for every other request.
 * @example
 * const recorded = recordAnswer(event, host, 201, body)
 * if (recorded) await recorded
 */
export function recordAnswer<TEvent>(event: TEvent, host: ActionHost<TEvent>, status: number, body: string): Promise<void> | undefined {
  const context = host.context(event) as { [ANSWER_RECORDER]?: AnswerRecorder } | undefined
  const recorder = context?.[ANSWER_RECORDER]
  if (!recorder) return undefined
  context[ANSWER_RECORDER] = undefined
  return recorder(status, body)
}

/* eslint-disable @typescript-eslint/no-explicit-any -- an event of either h3 major, read through its public fields */

/**
 * The response headers of REPLAYED_HEADERS the request has set so far, on
 * either h3 major (`event.res.headers` on v2, Node's response on v1).
 * @example
 * answerHeaders(event) // { location: '/api/orders/7' }
 */
export function answerHeaders(event: any): Record<string, string> {
  const headers: Record<string, string> = {}
  const web: Headers | undefined = typeof event?.res?.headers?.get === 'function' ? event.res.headers : undefined
  for (const name of REPLAYED_HEADERS) {
    const value = web ? web.get(name) : event?.node?.res?.getHeader?.(name)
    if (value !== null && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return headers
}
