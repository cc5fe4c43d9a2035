import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { H3Event } from 'h3'
import {
  defineEventHandler,
  getRequestWebStream,
  getResponseHeader,
  getResponseStatus,
  getRouterParams,
  isError,
  readRawBody,
  setResponseHeader,
  setResponseStatus,
} from 'h3'
import type {
  ActionEventHandler,
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
import { queryOfPath } from './internal/query-of-path'
import { routePatternOf } from './route-pattern'
import { nodeSocketScheme } from './node-socket-scheme'
import { SSE_HEADERS } from '../streaming/sse'
import type { EventStreamSource } from '../streaming/event-sink'
import type { NodeResponseLike } from '../streaming/event-stream-node'
import { writeEventStreamToNode } from '../streaming/event-stream-node'
import { eventStreamBody } from '../streaming/event-stream-web'
import { createActionCore } from '../lifecycle/define-action'
import type { ActionStreaming } from '../lifecycle/action-streaming'
import { createActionStreaming } from '../streaming/action-streaming'
import type { ActionClient, ActionClientOptions, InitialClientContext } from '../lifecycle/create-action-client'
import { createActionClientFor } from '../lifecycle/create-action-client'

/**
 * h3 v1 (Nuxt 3 and 4, Nitro 2, plain h3 1 apps) through its public helpers.
 * @example
 * const handle = createActionCore(options, h3V1Host)
 */
export const h3V1Host: ActionHost<H3Event> = {
  method: event => event.method,
  path: event => event.path.split('?')[0]!,
  // Nitro 2's router keeps the pattern it matched on the event
  route: event => routePatternOf(event.context.matchedRoute, 'path') ?? event.path.split('?')[0]!,
  // h3 v1 decodes the path it routes on (`%3F` becomes `?`); Node's request keeps what the client sent
  query: event => queryOfPath(event.node?.req.url ?? event.path),
  // the connection's own; a stand-in socket (Nitro's in-process fetch, Nitro 2 on Workers) cannot tell
  scheme: event => nodeSocketScheme(event.node?.req?.socket),
  // read in place: h3's getRequestHeader copies every header on each call. Node keeps one value of
  // Content-Type and Content-Length (a repeated one is dropped or refused), so both are strings here.
  header: (event, name) => event.node.req.headers[name] as string | undefined,
  params: paramsOf,
  readBody,
  status: event => getResponseStatus(event),
  context: event => event.context,
  setHeader: (event, name, value) => setResponseHeader(event, name, value),
  send: (event, status, body) => {
    // with its reason phrase when a status the handler set (204, say) becomes 200
    if (getResponseStatus(event) !== status) setResponseStatus(event, status, status === 200 ? 'OK' : undefined)
    // a content type the handler set itself (application/problem+json, say) stays, as on h3 v2
    if (!getResponseHeader(event, 'content-type')) setResponseHeader(event, 'content-type', 'application/json')
    return body
  },
  // Nitro 2 sets it from the platform's fetch context (Workers' ctx.waitUntil), never on Node
  // (Nitro's own `event.waitUntil` passes it there, and keeps the promise in its list)
  platformWaitUntil: (event) => {
    const waiting = event as H3Event & { waitUntil?: WaitUntil, context: { waitUntil?: unknown } }
    if (typeof waiting.context.waitUntil !== 'function') return undefined
    const platform = waiting.context.waitUntil as WaitUntil
    return promise => waiting.waitUntil ? waiting.waitUntil(promise) : platform(promise)
  },
  // Node's response is destroyed once its client left: a listener added after that is called at once
  onClose: (event, listener) => {
    const res = event.node?.res
    if (typeof res?.once !== 'function') return
    if (res.destroyed && !res.writableFinished) {
      listener()
      return
    }
    res.once('close', () => {
      if (!res.writableFinished) listener()
    })
  },
  hostError: thrown => isError(thrown) && !thrown.unhandled
    ? { statusCode: thrown.statusCode, message: thrown.message || thrown.statusMessage || 'Server error' }
    : undefined,
}

/**
 * Sends an event stream on h3 v1. On Node it is written straight into the response,
 * each event once the socket drained (h3's own `sendStream` writes a web
 * stream without waiting for it). Nitro 2's Workers preset runs h3 v1 on a
 * stand-in response with no socket, which sends a web stream it is given as the
 * body: there the answer is one, pulled as the platform reads it.
 */
function sendStream(event: H3Event, status: number, source: EventStreamSource): unknown {
  if (getResponseStatus(event) !== status) setResponseStatus(event, status, status === 200 ? 'OK' : undefined)
  const res = event.node?.res
  if (event.method === 'HEAD') {
    // nothing of a body is sent: the generator is not run further, and its `finally` runs
    source.cancel()
    for (const [name, value] of Object.entries(SSE_HEADERS)) setResponseHeader(event, name, value)
    return ''
  }
  if (!res?.socket) {
    for (const [name, value] of Object.entries(SSE_HEADERS)) setResponseHeader(event, name, value)
    return eventStreamBody(source)
  }
  res.removeHeader('content-length')
  res.writeHead(status, SSE_HEADERS)
  return writeEventStreamToNode(res as unknown as NodeResponseLike, source).then(ignore)
}

function ignore() {}

type WaitUntil = (promise: Promise<unknown>) => void

/**
 * The body through h3's `readRawBody`, which keeps it so a handler's own
 * `readRawBody(event)` still gets it; a body without a length through
 * `getRequestWebStream`, within the limit.
 */
function readBody(event: H3Event, maxBodySize: number, declared: boolean): Promise<Uint8Array | undefined> {
  if (!declared) {
    const stream = getRequestWebStream(event)
    return stream ? readStreamWithLimit(stream, maxBodySize) : Promise.resolve(undefined)
  }
  if (bodyNeverComes(event)) {
    const platformBody = unreadPlatformBody(event)
    return platformBody ? readStreamWithLimit(platformBody, maxBodySize) : Promise.resolve(undefined)
  }
  return readRawBody(event, false) as Promise<Uint8Array | undefined>
}

/**
 * The body of the platform's own Request when Nitro did not pass it on:
 * Nitro 2's Cloudflare presets keep it, unread, as `event.context.cloudflare.request`
 * (they pass no body for a DELETE).
 */
function unreadPlatformBody(event: H3Event): ReadableStream<Uint8Array> | undefined {
  const request = (event.context.cloudflare as { request?: unknown } | undefined)?.request
  if (!(request instanceof Request) || request.bodyUsed || !request.body) return undefined
  return request.body
}

/**
 * Whether the request says it has a body that will never come: Nitro's
 * in-process request (Workers preset, a DELETE) marks a missing body `null`
 * on a stream that has already ended, while keeping the Content-Length; h3
 * would wait on it forever. h3 v1 has no public helper that tells.
 */
function bodyNeverComes(event: H3Event): boolean {
  const request = event.node?.req as { body?: unknown, readableEnded?: boolean } | undefined
  return request?.body === null && request.readableEnded === true
}

/**
 * The route params, URI-decoded. A route without params (most) gets a fresh
 * empty object without h3's copy-and-decode pass. h3 v1 routes on the decoded
 * path, so a param holding an escaped `?` or `#` was cut there: it is read
 * again from the path the client sent.
 */
function paramsOf(event: H3Event): Record<string, string> {
  // only asks whether there is a key
  for (const _key in event.context.params) {
    const params = getRouterParams(event, { decode: true })
    const raw = event.node?.req.url
    return raw !== undefined && ESCAPED_QUERY_OR_HASH.test(pathOf(raw)) ? paramsFromRawPath(event, pathOf(raw), params) : params
  }
  return {}
}

const ESCAPED_QUERY_OR_HASH = /%3f|%23/i

function pathOf(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  }
  catch {
    return segment
  }
}

/** Each `:name` and `**:name` of the matched route, read from the raw path's segments. */
function paramsFromRawPath(event: H3Event, rawPath: string, params: Record<string, string>): Record<string, string> {
  const route = (event.context.matchedRoute as { path?: unknown } | undefined)?.path
  if (typeof route !== 'string') return params
  const routeSegments = route.split('/')
  const segments = rawPath.split('/')
  for (let index = 0; index < routeSegments.length && index < segments.length; index++) {
    const part = routeSegments[index]!
    if (part.startsWith(':')) params[part.slice(1)] = decodeSegment(segments[index]!)
    else if (part.startsWith('**')) {
      params[part.slice(3) || '_'] = segments.slice(index).map(decodeSegment).join('/')
      break
    }
  }
  return params
}

// made on the first action defined, so a build that never calls `defineAction` holds no streaming code
let streaming: ActionStreaming<H3Event> | undefined

/**
 * Turns a declarative definition into an h3 event handler that always answers
 * with the `{ success, data | error }` envelope. Use it as the default export
 * of a server route file.
 * @example
 * export default defineAction({
 *   input: z.object({ title: z.string().min(1) }),
 *   handler: ({ input }) => createTodo(input.title),
 * })
 */
export function defineAction<
  TInputSchema extends StandardSchemaV1 | undefined = undefined,
  // the handler's result must be what the output schema accepts: a mismatch shows at the `return`
  TOutput extends HandlerOutputFor<TOutputSchema> = never,
  const TErrors extends ErrorDeclarations = {},
  // `| []` infers a tuple (each middleware's context and errors) while `input` types each entry's `input`, a rateLimit key's too
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  TMiddleware extends readonly ActionMiddleware<any, any, H3Event, TErrors, InferSchemaOutput<TInputSchema>>[] | [] = readonly ActionMiddleware<any, any, H3Event, TErrors, InferSchemaOutput<TInputSchema>>[],
  TOutputSchema extends StandardSchemaV1 | undefined = undefined,
  TParamsSchema extends StandardSchemaV1 | undefined = undefined,
  TEventSchema extends StandardSchemaV1 | undefined = undefined,
  // the same list again, for the errors its middleware answer: a context-sensitive handler fixes TMiddleware before a
  // generic call in the list (`rateLimit()`) is typed, and this one, which the handler does not read, is inferred after
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  TMiddlewareList extends readonly ActionMiddleware<any, any, H3Event, TErrors, InferSchemaOutput<TInputSchema>>[] | [] = [],
>(
  options: Omit<DefineActionOptions<TInputSchema, TOutput, InferMiddlewareContext<TMiddleware>, TOutputSchema, TParamsSchema, H3Event, TErrors, TEventSchema>, 'middleware' | 'errors'>
    & { middleware?: TMiddleware | TMiddlewareList, errors?: TErrors & NoReservedCodes<TErrors> },
): ActionEventHandler<
  InferSchemaInput<TInputSchema>,
  TParamsSchema extends StandardSchemaV1 ? StandardSchemaV1.InferInput<TParamsSchema> : RouteParams,
  InferActionData<TOutput, TOutputSchema>,
  TErrors,
  InferActionEvent<TOutput, TEventSchema>,
  InferMiddlewareErrors<TMiddlewareList>
> {
  // h3 v1 marks the function itself as a handler: the lifecycle is the handler, no wrapper
  return defineEventHandler(createActionCore(options, h3V1Host, streaming ??= createActionStreaming(sendStream))) as never
}

/**
 * `defineAction` with no streaming code: what the Nuxt module auto-imports
 * as `defineAction` in an app whose server has no streaming action, so its
 * build holds none. A handler that streams answers INTERNAL_ERROR there.
 * @example
 * export default defineActionWithoutStreaming({ handler: () => 'pong' })
 */
export const defineActionWithoutStreaming: typeof defineAction = options => defineEventHandler(createActionCore(options as never, h3V1Host)) as never

/**
 * Starts a builder that shares middleware, schemas and metadata across actions;
 * `middleware` given here run first, before those added with `.use()`.
 * @example
 * export const authed = createActionClient({ middleware: [auth] })
 * // server/api/me.get.ts
 * export default authed.handler(({ ctx }) => ctx.user)
 */
export function createActionClient(options?: Omit<ActionClientOptions, 'middleware'> & { middleware?: readonly [] }): ActionClient<{}, undefined, undefined, undefined, H3Event>
// `| []` infers a tuple without a default that would type the entries (a generic call such as `rateLimit()` among them)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function createActionClient<TMiddleware extends readonly ActionMiddleware<any, any, H3Event>[] | []>(
  options: Omit<ActionClientOptions, 'middleware'> & { middleware: TMiddleware },
): ActionClient<InitialClientContext<TMiddleware>, undefined, undefined, undefined, H3Event, {}, undefined, InferMiddlewareErrors<TMiddleware>>
export function createActionClient(options: ActionClientOptions = {}): unknown {
  return createActionClientFor<H3Event>(defineAction as never, options) as never
}

/**
 * `createActionClient` whose actions have no streaming code, beside `defineActionWithoutStreaming`.
 * @example
 * export const authed = createActionClientWithoutStreaming({ middleware: [auth] })
 */
export const createActionClientWithoutStreaming = ((options: ActionClientOptions = {}) => createActionClientFor<H3Event>(defineActionWithoutStreaming as never, options)) as typeof createActionClient
