import type { ActionResult } from '../../server/types'
import { createActionEventStream } from '../streams/action-event-stream'
import { clientError, isActionResult } from '../action-result'
import { checkCallOptions, checkKeyedMethod, checkMethod } from '../internal/check-call-options'
import { fillParams } from '../internal/fill-params'
import { withIdempotencyKey } from '../idempotency/idempotency-key'

/** The part of ofetch's `$fetch` that calls need (Nuxt's `$fetch` fits). */
export interface ActionFetcher {
  raw: (url: string, options: {
    method: string
    query?: Record<string, unknown>
    body?: unknown
    headers?: Record<string, string>
    signal?: AbortSignal
    ignoreResponseError: true
    retry: 0
  }) => Promise<{ status: number, statusText: string, headers?: Headers, _data?: unknown }>
}

/** Options of one call, already resolved (see ActionCallOptions for the typed version). */
export interface CallOptions {
  method?: string
  params?: Record<string, string | number>
  input?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  timeout?: number
  retry?: number
  retryDelay?: number
  /** The mutation's `Idempotency-Key`; left out, a call that may be retried gets a new one. */
  idempotencyKey?: string
  /** Send only once this settles (`dedupe: 'queue'`): the call is checked at once all the same. */
  after?: Promise<unknown>
}

export { isActionResult } from '../action-result'

/**
 * How long a 409 IDEMPOTENCY_KEY_IN_PROGRESS asks a retry to wait, in ms:
 * its `Retry-After` seconds (the server sends 1), at most 10, so a page
 * never hangs on a header; a date or no header asks for nothing more than
 * the call's own delay.
 */
function retryAfter(headers: Headers | undefined): number {
  const seconds = Number(headers?.get('retry-after') ?? Number.NaN)
  return Number.isInteger(seconds) && seconds >= 0 ? Math.min(seconds, 10) * 1000 : 0
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    }, { once: true })
  })
}

/** A call that passed its checks: its URL is built, its method known and its key chosen; nothing is sent yet. */
export interface PreparedCall {
  url: string
  method: string
  options: CallOptions
}

/**
 * Checks a call's options and builds its URL, at once and before anything
 * is sent: a bad option or a param that would reach another route throws a
 * TypeError naming it. A mutation that may be retried, or is given
 * `idempotencyKey`, gets its `Idempotency-Key` header here, once for the
 * logical call: every attempt sends the same.
 * @example
 * prepareCall('/api/todos/:id', { method: 'patch', params: { id: 1 } }) // { url: '/api/todos/1', method: 'PATCH', ... }
 * prepareCall('/api/todos/:id', { method: 'DELETE', params: { id: '' } }) // throws TypeError
 */
export function prepareCall(path: string, options: CallOptions = {}): PreparedCall {
  if (typeof options !== 'object' || options === null) throw new TypeError('Action options must be an object')
  const method = checkMethod(options.method ?? 'POST')
  checkCallOptions(options)
  checkKeyedMethod(method, options.idempotencyKey)
  const url = fillParams(path, options.params)
  return { url, method, options: { ...options, headers: withIdempotencyKey(method, options) } }
}

/**
 * Sends a prepared call and resolves to its envelope; never rejects for a
 * failure. Network failure, abort and timeout become FETCH_ERROR,
 * ABORT_ERROR and TIMEOUT_ERROR envelopes with statusCode 0; an answer that
 * is not an envelope becomes INVALID_RESPONSE with the answer's status.
 * With `retry`, a network failure, a 5xx and a 409 IDEMPOTENCY_KEY_IN_PROGRESS
 * (the call's key still running on the server) are tried again.
 * @example
 * const result = await sendCall($fetch, prepareCall('/api/todos', { method: 'GET' }))
 */
export async function sendCall(fetcher: ActionFetcher, { url, method, options }: PreparedCall): Promise<ActionResult<unknown>> {
  // the call's own controller: the caller's signal and the timeout abort it, and so does a stream left early
  const controller = new AbortController()
  const abort = () => controller.abort()
  if (options.signal?.aborted) abort()
  else options.signal?.addEventListener('abort', abort, { once: true })
  let timedOut = false
  const onTimeout = () => {
    timedOut = true
    abort()
  }
  const timer = options.timeout ? setTimeout(onTimeout, options.timeout) : undefined
  const release = () => {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', abort)
  }
  const usesQuery = method === 'GET' || method === 'HEAD'
  // a POST or PATCH that may be retried carries its key (prepareCall): a route made idempotent runs it once
  const attempts = 1 + (options.retry ?? 0)

  let result: ActionResult<unknown> = clientError('FETCH_ERROR', 'The request could not be sent')
  let streaming = false
  try {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let delay = options.retryDelay ?? 300
      try {
        const response = await fetcher.raw(url, {
          method,
          query: usesQuery ? options.input as Record<string, unknown> | undefined : undefined,
          body: usesQuery ? undefined : options.input,
          headers: options.headers,
          signal: controller.signal,
          ignoreResponseError: true,
          retry: 0,
        })
        if (method === 'HEAD') {
          return response.status < 400 ? { success: true, data: null } : clientError('HTTP_ERROR', response.statusText, response.status)
        }
        if (isEventStream(response.headers)) {
          // the timeout was for the answer to start: the stream lasts as long as its action yields
          clearTimeout(timer)
          streaming = true
          return { success: true, data: createActionEventStream(toBody(response._data), controller, release) }
        }
        result = isActionResult(response._data)
          ? response._data
          : clientError('INVALID_RESPONSE', 'The server did not answer with an action envelope', response.status)
        // the same key still running (its first answer was lost, it was not): a retry gets its answer once it is kept
        const running = !result.success && result.error.code === 'IDEMPOTENCY_KEY_IN_PROGRESS' && response.status === 409
        if (running) delay = Math.max(delay, retryAfter(response.headers))
        else if (result.success || result.error.statusCode < 500) return result
      }
      catch {
        if (timedOut) return clientError('TIMEOUT_ERROR', `The request timed out after ${options.timeout} ms`)
        if (options.signal?.aborted) return clientError('ABORT_ERROR', 'The request was aborted')
        result = clientError('FETCH_ERROR', 'The server could not be reached')
      }
      if (attempt < attempts && !controller.signal.aborted) await wait(delay, controller.signal)
    }
    return result
  }
  finally {
    // a stream keeps listening to the caller's signal until it ends
    if (!streaming) release()
  }
}

function isEventStream(headers: Headers | undefined): boolean {
  return headers?.get('content-type')?.toLowerCase().startsWith('text/event-stream') ?? false
}

/** The stream's body: ofetch gives the response's stream; any other form (a whole body read at once) is wrapped. */
function toBody(data: unknown): ReadableStream<Uint8Array> {
  if (data instanceof ReadableStream) return data as ReadableStream<Uint8Array>
  return new Response((data ?? '') as BodyInit).body!
}

/**
 * Checks, then sends a call: rejects with a TypeError, having sent nothing,
 * for a bad option or param; otherwise resolves to the envelope.
 * @example
 * const result = await callAction($fetch, '/api/todos/:id', { method: 'PATCH', params: { id: 1 }, input: { done: true } })
 */
export async function callAction(fetcher: ActionFetcher, path: string, options: CallOptions = {}): Promise<ActionResult<unknown>> {
  return sendCall(fetcher, prepareCall(path, options))
}
