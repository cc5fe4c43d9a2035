import type { ActionErrorData } from '../../types'
import type { ActionHost } from '../action-host'
import { INTERNAL_ERROR, toErrorEnvelope } from '../../errors/to-error-envelope'
import { BUILT_FOR_DEVELOPMENT, inDevelopment, logInDevelopment } from '../../internal/dev-logger'
import { describeUnfaithfulData } from '../internal/unfaithful-json'
import { invalidErrorField } from '../../errors/sendable-error'
import { withSingleFlight } from '../../single-flight/single-flight-switch'
import { traceOf } from '../../tracing/lifecycle-trace'
import { NOTHING_THROWN, reportError } from '../../errors/report-error'
import type { StoredAnswer } from '../../idempotency/idempotency-answer'
import { REPLAYED_HEADER, recordAnswer } from '../../idempotency/idempotency-answer'

/**
 * Whether a status the handler set can answer a success: a 2xx that carries a
 * body. 204 and 205 cannot (nor 1xx, 304), and the envelope is always sent.
 * @example
 * const status = isSuccessStatusWithBody(host.status(event)) ? host.status(event) : 200
 */
export function isSuccessStatusWithBody(status: number): boolean {
  return status >= 200 && status <= 299 && status !== 204 && status !== 205
}

/**
 * Step 6, success: 200, or the status the handler set (201, 202...) when it
 * can carry the envelope. A handler (or output schema) that gave `undefined`
 * answers `data: null`, so the envelope always has `data`. The envelope is serialised here so that a value JSON
 * cannot hold (BigInt, a cycle) still answers with an envelope; in development, a value JSON does not carry
 * as it is (a BigInt, Map, Set, File, class instance) is logged with the route and its path in `data`. With single
 * flight on, a caller that named queries gets their fresh data in the same
 * body. A traced request (development) also answers with its timings as
 * `Server-Timing`.
 * @example
 * return respondWithData(event, host, { id: 1 })
 */
export function respondWithData<TEvent>(event: TEvent, host: ActionHost<TEvent>, data: unknown): unknown {
  traceOf(event, host)?.step('respond')
  // development: what JSON would not carry as it is (a BigInt, a Map...), named by route and path
  const unfaithful = (BUILT_FOR_DEVELOPMENT === undefined ? inDevelopment() : BUILT_FOR_DEVELOPMENT) ? describeUnfaithfulData(host.method(event), host.path(event), data) : undefined
  let body: string
  try {
    body = JSON.stringify({ success: true, data: data === undefined ? null : data })
  }
  catch (error) {
    if (!unfaithful) return respondWithReportedError(event, host, toErrorEnvelope(error), error)
    logInDevelopment('error', unfaithful)
    return respondWithReportedError(event, host, { ...INTERNAL_ERROR }, error)
  }
  if (unfaithful) logInDevelopment('warn', unfaithful)
  let status = host.status(event)
  if (!isSuccessStatusWithBody(status)) status = 200
  // an idempotent request's answer is kept before it is sent, so a retry that comes at once finds it
  const recorded = recordAnswer(event, host, status, body)
  return recorded ? recorded.then(() => sendWithQueries(event, host, status, body)) : sendWithQueries(event, host, status, body)
}

/** Sends a success body, with the fresh data of the queries its caller named when single flight is on. */
function sendWithQueries<TEvent>(event: TEvent, host: ActionHost<TEvent>, status: number, body: string): unknown {
  const refreshed = withSingleFlight(event, host, body)
  return typeof refreshed === 'string' ? send(event, host, status, refreshed) : refreshed.then(sent => send(event, host, status, sent))
}

/**
 * Step 6, failure: the HTTP status is the error's statusCode. Error data that
 * could not be sent as it is (a status outside 400 to 599, say) answers
 * INTERNAL_ERROR, so the status and the envelope always agree.
 * @example
 * return respondWithError(event, host, { code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 })
 */
export function respondWithError<TEvent>(event: TEvent, host: ActionHost<TEvent>, error: ActionErrorData): unknown {
  traceOf(event, host)?.step('respond')
  const invalid = invalidErrorField(error)
  if (invalid) error = toErrorEnvelope(new TypeError(`An error envelope could not be sent as it is (${invalid})`))
  const status = error.statusCode
  const body = JSON.stringify({ success: false, error })
  const recorded = recordAnswer(event, host, status, body)
  return recorded ? recorded.then(() => send(event, host, status, body, error.code)) : send(event, host, status, body, error.code)
}

/**
 * Step 6, for a retry of an idempotent request (`idempotent`): the stored
 * answer again, its status, envelope and headers, marked
 * `Idempotent-Replayed: true`; nothing ran. A success also carries the fresh
 * data of the queries its caller named, as the first answer did.
 * @example
 * catch (thrown) {
 *   if (isReplayedAnswer(thrown)) return respondWithReplayedAnswer(event, host, thrown.answer)
 * }
 */
export function respondWithReplayedAnswer<TEvent>(event: TEvent, host: ActionHost<TEvent>, answer: StoredAnswer): unknown {
  traceOf(event, host)?.step('respond')
  for (const [name, value] of Object.entries(answer.headers)) host.setHeader(event, name, value)
  host.setHeader(event, REPLAYED_HEADER, 'true')
  return answer.status >= 400 ? send(event, host, answer.status, answer.body) : sendWithQueries(event, host, answer.status, answer.body)
}

/**
 * Step 6, failure, told to the platform first: the error answer goes to the
 * platform's reporter (when the Nuxt module set one: Nitro's error capture,
 * the `action-route:error` hook, the production log), which may replace the
 * envelope, then is sent as `respondWithError` sends it. `thrown` is what was
 * thrown, or `NOTHING_THROWN` for a refusal nothing threw (VALIDATION_ERROR).
 * @example
 * catch (thrown) {
 *   return respondWithReportedError(event, host, toErrorEnvelope(thrown), thrown)
 * }
 */
export function respondWithReportedError<TEvent>(event: TEvent, host: ActionHost<TEvent>, error: ActionErrorData, thrown: unknown): unknown {
  if (thrown !== NOTHING_THROWN) traceOf(event, host)?.fail(thrown)
  const reported = reportError(event, host, error, thrown)
  return reported instanceof Promise
    ? reported.then(envelope => respondWithError(event, host, envelope))
    : respondWithError(event, host, reported)
}

/**
 * Sends through the host and ends the trace, when there is one (with `code`, an error answer's): the dev
 * recorder's also answers with its timings as `Server-Timing`.
 */
function send<TEvent>(event: TEvent, host: ActionHost<TEvent>, status: number, body: string, code?: string): unknown {
  const answer = host.send(event, status, body)
  const timings = traceOf(event, host)?.finish(status, code)
  if (timings) host.setHeader(event, 'server-timing', timings)
  return answer
}
