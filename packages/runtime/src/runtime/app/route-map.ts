import type { ActionErrorData, ActionResult, ActionTypes, FieldErrors } from '../server/types'
import type { DeclaredStatus, ErrorDeclarations, RuntimeErrorCode } from '../server/errors/declared-errors'
import type { Serialized } from './serialized'
import type { ActionEventStream } from './streams/action-event-stream'

/**
 * Route pattern → method (lower case, `default` for every method) → the
 * route file's default export. Filled in by the declaration the Nuxt module
 * generates from the server route files (`.nuxt/types/action-routes.d.ts`).
 */
export interface ActionRoutes {}

/** The methods an action can be called with. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Every route pattern of the app, such as `/api/todos/:id`. */
export type ActionPath = keyof ActionRoutes & string

/** The methods a route answers (every method for a file without a method suffix). */
export type ActionMethod<P extends ActionPath> = 'default' extends keyof ActionRoutes[P]
  ? HttpMethod
  : Uppercase<keyof ActionRoutes[P] & string> & HttpMethod

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never

/** The method used when none is given: the route's only one, else POST. */
export type DefaultMethod<P extends ActionPath> = true extends IsUnion<ActionMethod<P>> ? 'POST' : ActionMethod<P>

type HandlerOf<P extends ActionPath, M extends string> = [M] extends [never] ? never
  : Lowercase<M> extends keyof ActionRoutes[P]
    ? ActionRoutes[P][Lowercase<M>]
    : 'default' extends keyof ActionRoutes[P] ? ActionRoutes[P]['default' & keyof ActionRoutes[P]] : never

type TypesOf<THandler> = [THandler] extends [never] ? never
  : THandler extends { '~types'?: infer T } ? NonNullable<T>
    : ActionTypes<unknown, Record<string, string>, unknown>

/** What a client sends: the input schema's input type, `unknown` without a schema. */
export type ActionInput<P extends ActionPath, M extends string> = [TypesOf<HandlerOf<P, M>>] extends [never] ? never
  : TypesOf<HandlerOf<P, M>> extends { input: infer I } ? I : never

/** The envelope's `data` as JSON carries it: a handler's `undefined` (or no return) is sent as `null`. */
type WireData<D> = D extends undefined ? null : Serialized<D>

/**
 * The final data of a route and method as JSON carries it: a stream's is
 * its generator's return value (its `result`'s data).
 * @example
 * type Done = ActionFinalData<'/api/reply', 'POST'> // { tokens: number }
 */
export type ActionFinalData<P extends ActionPath, M extends string> = [TypesOf<HandlerOf<P, M>>] extends [never] ? never
  : TypesOf<HandlerOf<P, M>> extends { data: infer D } ? WireData<D> : never

/**
 * What a streaming route yields, each event as JSON carries it (`undefined`
 * as `null`); `never` for a route that does not stream.
 * @example
 * type Token = ActionEvent<'/api/reply', 'POST'> // string
 */
export type ActionEvent<P extends ActionPath, M extends string> = [TypesOf<HandlerOf<P, M>>] extends [never] ? never
  : TypesOf<HandlerOf<P, M>> extends { event: infer E } ? [E] extends [never] ? never : WireData<E> : never

/**
 * What a successful call answers with: the handler's (or output schema's)
 * data as JSON carries it, so a `Date` is a string and a `Map` an empty
 * object (see `Serialized`). For a streaming route (its handler an async
 * generator): the stream of its events, whose `result` holds the data.
 * @example
 * type Todo = ActionOutput<'/api/todos/:id', 'GET'> // { id: number, title: string, done: boolean }
 * type Reply = ActionOutput<'/api/reply', 'POST'> // ActionEventStream<string, { tokens: number }, ...>
 */
export type ActionOutput<P extends ActionPath, M extends string> = [ActionEvent<P, M>] extends [never] ? ActionFinalData<P, M>
  : ActionEventStream<ActionEvent<P, M>, ActionFinalData<P, M>, ActionCallError<P, M>>

/** The errors a route file's action declares, `{}` when it declares none. */
export type ActionDeclaredErrors<P extends ActionPath, M extends string> = [TypesOf<HandlerOf<P, M>>] extends [never] ? {}
  : TypesOf<HandlerOf<P, M>> extends { errors: infer E extends ErrorDeclarations } ? E : {}

/** The errors a route file's middleware answer by themselves (`rateLimit()`'s, `idempotent()`'s), `{}` when none do. */
export type ActionMiddlewareErrors<P extends ActionPath, M extends string> = [TypesOf<HandlerOf<P, M>>] extends [never] ? {}
  : TypesOf<HandlerOf<P, M>> extends { middlewareErrors: infer E extends ErrorDeclarations } ? E : {}

/**
 * The codes a call answers without the server: FETCH_ERROR, TIMEOUT_ERROR and
 * ABORT_ERROR (statusCode 0), HTTP_ERROR (a failed HEAD), INVALID_RESPONSE
 * (an answer that is not an envelope) and METHOD_NOT_ALLOWED (405: the
 * route's files do not answer that method; nothing was sent).
 */
export type ClientErrorCode = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'ABORT_ERROR' | 'HTTP_ERROR' | 'INVALID_RESPONSE' | 'METHOD_NOT_ALLOWED'

/** One error per declared code, with its declared status. */
type DeclaredErrorData<TErrors extends ErrorDeclarations> = {
  [K in keyof TErrors & string]: { code: K, message: string, statusCode: DeclaredStatus<TErrors[K]>, fieldErrors?: FieldErrors }
}[keyof TErrors & string]

/**
 * The error of a failed call to an action that declares `TErrors`: a union on
 * `code` of the declared errors (each with its status), those its middleware
 * answer (`TMiddlewareErrors`: RATE_LIMITED with `rateLimit()`...), the
 * runtime's own codes and the client's, so a `switch` over `code` can be
 * exhaustive. An action that declares none fails with any string code.
 * @example
 * type E = ActionErrorOf<{ NOT_FOUND: { statusCode: 404 } }>
 * // { code: 'NOT_FOUND', statusCode: 404, ... } | ActionErrorData<RuntimeErrorCode | ClientErrorCode>
 */
export type ActionErrorOf<TErrors extends ErrorDeclarations, TMiddlewareErrors extends ErrorDeclarations = {}> = [keyof TErrors] extends [never]
  ? ActionErrorData
  : DeclaredErrorData<TErrors> | DeclaredErrorData<TMiddlewareErrors> | ActionErrorData<RuntimeErrorCode | ClientErrorCode>

/** The error a failed call to a route and method gives (see `ActionErrorOf`). */
export type ActionCallError<P extends ActionPath, M extends string> = ActionErrorOf<ActionDeclaredErrors<P, M>, ActionMiddlewareErrors<P, M>>

/** The codes a failed call to a route and method can give; `string` when the action declares none. */
export type ActionErrorCode<P extends ActionPath, M extends string> = ActionCallError<P, M>['code']

/** The names of the `:name` and `**:name` segments of a pattern. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}` ? Name : never

/** Values for a pattern's dynamic segments. */
export type ActionParams<P extends string> = { [K in ParamNames<P>]: string | number }

/**
 * The `params` a call must give: required when the pattern has dynamic
 * segments (the URL cannot be built without them), optional otherwise.
 * @example
 * const call: ParamsOption<'/api/todos/:id'> = { params: { id: 1 } }
 */
export type ParamsOption<P extends string> = [ParamNames<P>] extends [never] ? { params?: ActionParams<P> } : { params: ActionParams<P> }

/**
 * `$action`'s options argument: left out only on a route without dynamic
 * segments, else given with its `params`.
 * @example
 * type Args = ActionCallArguments<'/api/todos/:id', 'PATCH'> // [options: { params: { id: ... }, ... }]
 */
export type ActionCallArguments<P extends ActionPath, M extends HttpMethod> = [ParamNames<P>] extends [never]
  ? [options?: ActionCallOptions<P, M>]
  : [options: ActionCallOptions<P, M> & ParamsOption<P>]

/**
 * Options of `$action` and of `useAction`'s calls. A value that cannot work
 * (an unknown method, `retry: NaN`, a negative timeout...) throws a
 * TypeError naming the option, and nothing is sent.
 */
export interface ActionCallOptions<P extends ActionPath, M extends HttpMethod> {
  method?: M
  /**
   * Filled into the `:name` segments, URL-encoded (`/`, `?`, `#` and `%`
   * stay inside the segment; a `**:name` catch-all keeps its slashes). An
   * empty, `.` or `..` value, or such a segment in a catch-all, would reach
   * another route and throws a TypeError.
   */
  params?: ActionParams<P>
  /** Sent as the query for GET and HEAD, as a JSON body otherwise. */
  input?: ActionInput<P, M>
  headers?: Record<string, string>
  signal?: AbortSignal
  /**
   * Milliseconds before the call gives up with TIMEOUT_ERROR; 0 or left out: no limit. At most 2147483647.
   * For a streaming action, the wait for the answer to start (its first event), not the stream's length.
   */
  timeout?: number
  /**
   * Extra attempts (a whole number) after a network failure or a 5xx. Default 0. A POST, PUT, PATCH or
   * DELETE with retries sends an `Idempotency-Key`, the same on every attempt of the call, so a route made
   * idempotent (the `idempotent()` middleware) runs it once; on a route without it, a retried POST or PATCH
   * may run twice.
   */
  retry?: number
  /** Milliseconds between attempts, 0 or more. Default 300. */
  retryDelay?: number
  /**
   * The `Idempotency-Key` of a POST, PUT, PATCH or DELETE (1 to 255 printable ASCII characters), sent
   * on every attempt even without `retry`. Left out, a call with `retry` gets a random key of its own.
   * Give one for an operation that outlives the call: a checkout's key, made when its form is shown,
   * so a second submit replays the first answer instead of charging twice.
   */
  idempotencyKey?: M extends 'GET' | 'HEAD' ? never : string
}

/** The envelope a call resolves to; its error is typed by the action's declared errors. */
export type ActionCallResult<P extends ActionPath, M extends HttpMethod> = ActionResult<ActionOutput<P, M>, ActionCallError<P, M>>
