import type { StandardSchemaV1 } from '@standard-schema/spec'
import type {
  ActionFetchHandler,
  ActionMiddleware,
  DefineActionOptions,
  HandlerOutputFor,
  InferActionData,
  InferActionEvent,
  InferMiddlewareContext,
  InferMiddlewareErrors,
  InferSchemaInput,
  InferSchemaOutput,
  RouteParams,
} from '../types'
import type { ErrorDeclarations, NoReservedCodes } from '../errors/declared-errors'
import type { ActionHost } from '../lifecycle/action-host'
import { readStreamWithLimit } from '../body/read-stream'
import { fieldsOf } from '../body/fields-of'
import { routePatternOf } from './route-pattern'
import { SSE_HEADERS } from '../streaming/sse'
import { eventStreamBody } from '../streaming/event-stream-web'
import { createActionCore } from '../lifecycle/define-action'
import type { ActionStreaming } from '../lifecycle/action-streaming'
import type { EventStreamSource } from '../streaming/event-sink'
import { createActionStreaming } from '../streaming/action-streaming'
import type { ActionClient, ActionClientOptions, InitialClientContext } from '../lifecycle/create-action-client'
import { createActionClientFor } from '../lifecycle/create-action-client'

/**
 * h3 v2's event (Nuxt 5, Nitro 3, `nitro/h3`, plain h3 2 apps) as its public
 * API describes it, written out so this entry imports no h3 and works with
 * whichever h3 2.x the host bundles. An h3 2.x `H3Event` is one, and this is
 * one: handlers pass it to h3's helpers (`getCookie`, `setResponseStatus`...).
 */
export interface H3V2Event {
  /** The request (a web `Request`, with the runtime's additions). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly req: Request & { runtime?: any, ip?: string, waitUntil?: (promise: Promise<unknown>) => void }
  /** The parsed request URL. */
  url: URL
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly context: { params?: Record<string, string>, [key: string]: any }
  /** The prepared response: its status, status text and headers. */
  readonly res: { status?: number, statusText?: string, readonly headers: Headers, readonly errHeaders: Headers }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app?: any
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly runtime: any
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly node: any
  waitUntil: (promise: Promise<unknown>) => void
  readonly headers: Headers
  readonly path: string
  readonly method: string
  toString: () => string
  toJSON: () => string
}

/**
 * h3 v2 through its event's public surface: `event.req` (a `Request`),
 * `event.url`, `event.context.params`, `event.res.status` and
 * `event.res.headers`. The answer is h3 2's `HTTPResponse` shape with the
 * envelope as its body, so h3 keeps the headers a handler set, on failures
 * too, and never writes its own error JSON.
 * @example
 * const handle = createActionCore(options, h3V2Host)
 */
export const h3V2Host: ActionHost<H3V2Event> = {
  method: event => event.req.method,
  path: event => event.url.pathname,
  // the request's URL: srvx's from the connection on Node, the platform's elsewhere (Workers' is the browser's)
  scheme: event => event.url.protocol,
  // h3 2's router keeps the route it matched on the event
  route: event => routePatternOf(event.context.matchedRoute, 'route') ?? event.url.pathname,
  // h3 v2 keeps an escaped `?` or `#` in the path: the query is the URL's own, read as h3 2's getQuery
  // reads it (its parser follows URLSearchParams: `+` is a space, `=x` is the key '', a stray `%` stays)
  query: event => fieldsOf(new URLSearchParams(event.url.search)),
  header: (event, name) => event.req.headers.get(name) ?? undefined,
  params: (event) => {
    const params = event.context.params
    // only asks whether there is a key
    for (const _key in params) return decodeParams(params)
    return {}
  },
  // a request with no body (a body announced but never passed on) reads as none, without waiting. A JSON body
  // of declared length is read as text: on Node, srvx reads that straight into one buffer, where the body stream
  // costs twice the CPU; the runtime caps the length (Content-Length, checked) and the bytes are UTF-8-checked
  readBody: (event, maxBodySize, declared, textWillDo) => {
    const request = event.req
    if (textWillDo && declared) return request.text()
    const body = request.body
    return body ? readStreamWithLimit(body, maxBodySize) : Promise.resolve(undefined)
  },
  status: event => event.res.status ?? 200,
  context: event => event.context,
  setHeader: (event, name, value) => event.res.headers.set(name, value),
  send: (event, status, body) => {
    const res = event.res
    // with no status nor reason phrase set, the answer's own status is all h3 reads: no `OK` for it to sanitise
    if (res.status !== status && (res.status !== undefined || res.statusText !== undefined)) {
      res.status = status
      // a status text the handler set belongs to its own status
      res.statusText = status === 200 ? 'OK' : undefined
    }
    return jsonAnswer(body, status)
  },
  // srvx gives every request a `waitUntil`, Node's too (for a graceful shutdown): only a serverless runtime's counts
  platformWaitUntil: (event) => {
    const { waitUntil, runtime } = event.req
    const name = (runtime as { name?: unknown } | undefined)?.name
    if (typeof waitUntil !== 'function' || typeof name !== 'string' || LONG_LIVED_RUNTIMES.has(name)) return undefined
    return promise => waitUntil.call(event.req, promise)
  },
  onClose: (event, listener) => {
    const signal = event.req.signal
    if (!signal) return
    if (signal.aborted) listener()
    else signal.addEventListener('abort', listener, { once: true })
  },
  // h3 v2's HTTPError, recognised as its `HTTPError.isError` does: by name and status
  hostError: (thrown) => {
    if (!(thrown instanceof Error) || thrown.name !== 'HTTPError') return undefined
    const error = thrown as Error & { status?: unknown, statusText?: unknown, unhandled?: unknown }
    if (!(typeof error.status === 'number' && error.status > 99) || error.unhandled) return undefined
    return { statusCode: error.status, message: error.message || (typeof error.statusText === 'string' ? error.statusText : '') || 'Server error' }
  },
}

/** srvx's runtimes whose process outlives its requests: no `waitUntil` is needed there. */
const LONG_LIVED_RUNTIMES = new Set(['node', 'bun', 'deno'])

/** The brand h3 2 gives its `HTTPResponse` (`Symbol.for`, so every copy of h3 2 agrees on it). */
const HTTP_RESPONSE = Symbol.for('h3.HTTPResponse')
/** Every answer's own header, shared: h3 copies it into the response and never changes it. */
const JSON_CONTENT_TYPE: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' })

/**
 * The envelope as an `HTTPResponse` of h3 2 (its public answer type, by its
 * brand: this entry imports no h3). h3 sends its body, status and content
 * type as they are and adds the headers a handler set on `event.res`, which
 * win over ours (a handler's own content type too). Setting the content type
 * on `event.res.headers` instead would make a `Headers` object per request,
 * about 4% of a small GET's CPU.
 */
function jsonAnswer(body: string, status: number): unknown {
  return { [HTTP_RESPONSE]: true, body, status, headers: JSON_CONTENT_TYPE }
}

/**
 * A param URI-decoded whole, escaped `/` included, as h3 v1 decodes it: the
 * client escapes a `/` to keep it inside its segment, so it is data here.
 * (h3 v2's own `getRouterParams` keeps `%2F`, for file paths.)
 */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  }
  catch {
    return value
  }
}

/** The route params, each URI-decoded as on h3 v1. */
function decodeParams(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {}
  for (const key in params) decoded[key] = decodeParam(params[key]!)
  return decoded
}

/**
 * Sends an event stream on h3 v2: a web stream as the body of its answer,
 * which h3 (srvx on Node) reads as the connection drains, and cancels
 * when the client goes away. Set on `event.res`, the SSE headers win over any
 * the handler set.
 */
function sendStream(event: H3V2Event, status: number, source: EventStreamSource): unknown {
  const res = event.res
  if (res.status !== status) {
    res.status = status
    res.statusText = status === 200 ? 'OK' : undefined
  }
  for (const name in SSE_HEADERS) res.headers.set(name, SSE_HEADERS[name]!)
  res.headers.delete('content-length')
  if (event.req.method === 'HEAD') {
    // nothing of a body is sent: the generator is not run further, and its `finally` runs
    source.cancel()
    return { [HTTP_RESPONSE]: true, body: null, status }
  }
  return { [HTTP_RESPONSE]: true, body: eventStreamBody(source), status }
}

// made on the first action defined, so a build that never calls `defineAction` holds no streaming code
let streaming: ActionStreaming<H3V2Event> | undefined

/**
 * Turns a declarative definition into an h3 v2 handler (a plain function of
 * the event) that always answers with the `{ success, data | error }`
 * envelope, its status and `application/json`.
 * @example
 * import { H3, serve } from 'h3'
 * import { defineAction } from '@action-route/runtime/server/h3-v2'
 * const app = new H3().post('/todos', defineAction({ handler: ({ input }) => input }))
 * serve(app, { port: 3000 })
 */
export function defineAction<
  TInputSchema extends StandardSchemaV1 | undefined = undefined,
  // the handler's result must be what the output schema accepts: a mismatch shows at the `return`
  TOutput extends HandlerOutputFor<TOutputSchema> = never,
  const TErrors extends ErrorDeclarations = {},
  // `| []` infers a tuple (each middleware's context and errors) while `input` types each entry's `input`, a rateLimit key's too
  TMiddleware extends readonly ActionMiddleware<any, any, H3V2Event, TErrors, InferSchemaOutput<TInputSchema>>[] | [] = readonly ActionMiddleware<any, any, H3V2Event, TErrors, InferSchemaOutput<TInputSchema>>[], // eslint-disable-line @typescript-eslint/no-explicit-any
  TOutputSchema extends StandardSchemaV1 | undefined = undefined,
  TParamsSchema extends StandardSchemaV1 | undefined = undefined,
  TEventSchema extends StandardSchemaV1 | undefined = undefined,
  // the same list again, for the errors its middleware answer: a context-sensitive handler fixes TMiddleware before a
  // generic call in the list (`rateLimit()`) is typed, and this one, which the handler does not read, is inferred after
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  TMiddlewareList extends readonly ActionMiddleware<any, any, H3V2Event, TErrors, InferSchemaOutput<TInputSchema>>[] | [] = [],
>(
  options: Omit<DefineActionOptions<TInputSchema, TOutput, InferMiddlewareContext<TMiddleware>, TOutputSchema, TParamsSchema, H3V2Event, TErrors, TEventSchema>, 'middleware' | 'errors'>
    & { middleware?: TMiddleware | TMiddlewareList, errors?: TErrors & NoReservedCodes<TErrors> },
): ActionFetchHandler<
  H3V2Event,
  InferSchemaInput<TInputSchema>,
  TParamsSchema extends StandardSchemaV1 ? StandardSchemaV1.InferInput<TParamsSchema> : RouteParams,
  InferActionData<TOutput, TOutputSchema>,
  TErrors,
  InferActionEvent<TOutput, TEventSchema>,
  InferMiddlewareErrors<TMiddlewareList>
> {
  return createActionCore(options, h3V2Host, streaming ??= createActionStreaming(sendStream)) as never
}

/**
 * `defineAction` with no streaming code: what the Nuxt module auto-imports
 * as `defineAction` in an app whose server has no streaming action, so its
 * build holds none. A handler that streams answers INTERNAL_ERROR there.
 * @example
 * export default defineActionWithoutStreaming({ handler: () => 'pong' })
 */
export const defineActionWithoutStreaming: typeof defineAction = options => createActionCore(options as never, h3V2Host) as never

/**
 * Starts a builder that shares middleware, schemas and metadata across actions;
 * `middleware` given here run first, before those added with `.use()`.
 * @example
 * export const authed = createActionClient({ middleware: [auth] })
 * export default authed.handler(({ ctx }) => ctx.user)
 */
export function createActionClient(options?: Omit<ActionClientOptions, 'middleware'> & { middleware?: readonly [] }): ActionClient<{}, undefined, undefined, undefined, H3V2Event>
// `| []` infers a tuple without a default that would type the entries (a generic call such as `rateLimit()` among them)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function createActionClient<TMiddleware extends readonly ActionMiddleware<any, any, H3V2Event>[] | []>(
  options: Omit<ActionClientOptions, 'middleware'> & { middleware: TMiddleware },
): ActionClient<InitialClientContext<TMiddleware>, undefined, undefined, undefined, H3V2Event, {}, undefined, InferMiddlewareErrors<TMiddleware>>
export function createActionClient(options: ActionClientOptions = {}): unknown {
  return createActionClientFor<H3V2Event>(defineAction as never, options) as never
}

/**
 * `createActionClient` whose actions have no streaming code, beside `defineActionWithoutStreaming`.
 * @example
 * export const authed = createActionClientWithoutStreaming({ middleware: [auth] })
 */
export const createActionClientWithoutStreaming = ((options: ActionClientOptions = {}) => createActionClientFor<H3V2Event>(defineActionWithoutStreaming as never, options)) as typeof createActionClient
