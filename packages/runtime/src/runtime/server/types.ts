import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { EventHandler, EventHandlerRequest, H3Event } from 'h3'
import type { AnswersErrors, ErrorDeclarations, ErrorFactories } from './errors/declared-errors'
import type { ActionResult } from './envelope'

export type { ActionErrorData, ActionResult, FieldErrors } from './envelope'

/** A string-keyed map of anything; read by middleware and tooling, ignored by the runtime. */
export type ActionMetadata = Record<string, unknown>

/** What `handleServerError` returns for an unexpected `Error`. */
export interface ServerErrorResponse {
  code: string
  message: string
  statusCode?: number
}

/** Maps an unexpected `Error` (not an ActionError, not an h3 error) to the error the client sees. */
export type ServerErrorHandler = (error: Error) => ServerErrorResponse

/** The output type of a Standard Schema, or `unknown` without one. */
export type InferSchemaOutput<TSchema> = TSchema extends StandardSchemaV1
  ? StandardSchemaV1.InferOutput<TSchema>
  : unknown

/** The input type of a Standard Schema (what a client sends), or `unknown` without one. */
export type InferSchemaInput<TSchema> = TSchema extends StandardSchemaV1
  ? StandardSchemaV1.InferInput<TSchema>
  : unknown

/** What the rest of the middleware chain resolved to, returned by `next()`. */
export interface MiddlewareResult<TAdded> {
  /** The context this middleware added with `next({ ctx })`. */
  readonly ctx: TAdded
  /** The handler's return value, before output validation. */
  readonly data: unknown
}

/** Runs the rest of the chain, after deep-merging `ctx` into the context. Call it exactly once. */
export type NextFunction = <TAdded extends object = {}>(options?: { ctx?: TAdded }) => Promise<MiddlewareResult<TAdded>>

/**
 * The one argument a middleware receives; `event` is the host h3's own event
 * (v1's on this entry), `errors` the factories of the action's declared errors,
 * `input` typed by the action's input schema when written in its `middleware`.
 */
export interface ActionMiddlewareArgs<TCtx, TEvent = H3Event, TErrors extends ErrorDeclarations = {}, TInput = unknown> {
  /** Validated input (the middleware runs after validation). */
  input: TInput
  /** Validated route params. */
  params: unknown
  ctx: TCtx
  event: TEvent
  metadata: ActionMetadata
  /** One factory per declared error: `throw errors.UNAUTHORIZED()`. */
  errors: ErrorFactories<TErrors>
  next: NextFunction
  /** Aborts when the client goes away before the answer is complete (the handler's `signal`). Made only when read. */
  readonly signal: AbortSignal
}

/**
 * A middleware: extends the context through `next({ ctx })`, or halts by throwing.
 * @example
 * const auth: ActionMiddleware = async ({ event, next }) => next({ ctx: { user: await getUser(event) } })
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ActionMiddleware<TCtxIn = any, TAdded extends object = any, TEvent = H3Event, TErrors extends ErrorDeclarations = {}, TInput = unknown>
  = (args: ActionMiddlewareArgs<TCtxIn, TEvent, TErrors, TInput>) => Promise<MiddlewareResult<TAdded>>

/**
 * A middleware that answers the errors `TAnswers` by itself, as `rateLimit()`
 * answers RATE_LIMITED: in an action's `middleware` (or `.use()`), they join
 * its error union on the client. An interface, not an intersection, so that
 * its `input` is still inferred from the action's input schema.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one middleware for the event of either h3 major
export interface AnsweringMiddleware<TCtxIn, TInput, TAnswers extends ErrorDeclarations> extends ActionMiddleware<TCtxIn, {}, any, {}, TInput>, AnswersErrors<TAnswers> {}

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never

/** Flattens an intersection into one object type, for readable hovers. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {}

/**
 * What one middleware adds to the context. Distributes over a union of
 * middleware, one member at a time: inferred from the union whole, the
 * candidates would be reduced, and `{}` (a middleware that adds nothing)
 * would swallow every other middleware's context.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AddedContext<TMiddleware> = TMiddleware extends ActionMiddleware<never, infer TAdded, any, any, any> ? TAdded : never

/** The context added by each middleware of an array, merged. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type InferMiddlewareContext<TMiddleware extends readonly ActionMiddleware<any, any, any, any, any>[]>
  // no middleware (an empty tuple), or an array whose entries are not known one by one
  = [TMiddleware[number]] extends [never] ? Record<string, unknown>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    : ActionMiddleware<any, any, any, any, any>[] extends TMiddleware ? Record<string, unknown>
      : Simplify<UnionToIntersection<AddedContext<TMiddleware[number]>>>

/** The errors one middleware answers by itself (`AnswersErrors`), `{}` for most. Distributes over a union of middleware. */
type AnsweredErrors<TMiddleware> = TMiddleware extends AnswersErrors<infer TErrors> ? ErrorDeclarations extends TErrors ? {} : TErrors : {}

/**
 * The errors the middleware of an array answer by themselves (`rateLimit()`'s
 * RATE_LIMITED, `idempotent()`'s IDEMPOTENCY_KEY_*), merged; `{}` when none do.
 * @example
 * type E = InferMiddlewareErrors<[typeof auth, ReturnType<typeof rateLimit>]> // { RATE_LIMITED: { statusCode: 429 } }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type InferMiddlewareErrors<TMiddleware extends readonly ActionMiddleware<any, any, any, any, any>[]>
  = Simplify<UnionToIntersection<AnsweredErrors<TMiddleware[number]>> & {}> extends infer TErrors extends ErrorDeclarations ? TErrors : {}

/** Context after merging `TAdded` into `TCtx` (later keys win). */
export type MergeContext<TCtx, TAdded> = Simplify<Omit<TCtx, keyof TAdded> & TAdded>

/**
 * The one argument a handler receives; `event` is the host h3's own event
 * (v1's on this entry), `errors` the factories of the action's declared errors.
 */
export interface ActionHandlerArgs<TInput, TParams, TCtx, TEvent = H3Event, TErrors extends ErrorDeclarations = {}> {
  /** Validated input: the input schema's output, `unknown` without a schema. */
  input: TInput
  /** Validated route params: the params schema's output, the raw params without one. */
  params: TParams
  event: TEvent
  ctx: TCtx
  /** One factory per declared error: `throw errors.NOT_FOUND()`. */
  errors: ErrorFactories<TErrors>
  /**
   * Aborts when the client goes away before the answer is complete, or cancels a stream: pass it on to
   * `fetch`, a database query or a model call so they stop too. Made only when read.
   */
  readonly signal: AbortSignal
}

/**
 * The core function of an action. An `async function*` handler streams: each
 * `yield` is an event, its `return` value the stream's final data.
 */
export type ActionHandler<TInput, TParams, TCtx, TOutput, TEvent = H3Event, TErrors extends ErrorDeclarations = {}>
  = (args: ActionHandlerArgs<TInput, TParams, TCtx, TEvent, TErrors>) => TOutput | PromiseLike<TOutput>

/** `undefined` answers as `null`; everything else as is. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
export type ActionData<TOutput> = TOutput extends undefined | void ? null : TOutput

/** What a handler's result ends with: a generator's return value, or the result itself. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ResultData<TResult> = TResult extends AsyncGenerator<any, infer TReturn, any> ? TReturn : TResult

/**
 * The data an action answers with: the output schema's output when given, else the handler's return
 * (`undefined` as `null`); for a streaming handler, its generator's return value (the `end` event's data).
 */
export type InferActionData<TOutput, TOutputSchema> = TOutputSchema extends StandardSchemaV1
  ? ActionData<StandardSchemaV1.InferOutput<TOutputSchema>>
  : ActionData<ResultData<Awaited<TOutput>>>

/**
 * What a handler may return for an output schema: a value of the schema's
 * input type (its generator's return value, for a stream); anything without one.
 * @example
 * type R = HandlerOutputFor<typeof todoSchema> // { id: number, title: string } | AsyncGenerator<unknown, { id: number, title: string }>
 */
export type HandlerOutputFor<TOutputSchema>
  // an options object cast to `never` checks nothing
  = [TOutputSchema] extends [never] ? unknown
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    : TOutputSchema extends StandardSchemaV1 ? StandardSchemaV1.InferInput<TOutputSchema> | AsyncGenerator<unknown, StandardSchemaV1.InferInput<TOutputSchema>, any>
      : unknown

/**
 * The events an action streams: its `eventSchema`'s output when given, else what its generator yields
 * (`undefined` as `null`); `never` for an action that does not stream.
 */
export type InferActionEvent<TOutput, TEventSchema>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  = [Awaited<TOutput>] extends [AsyncGenerator<infer TYield, any, any>]
    ? TEventSchema extends StandardSchemaV1 ? ActionData<StandardSchemaV1.InferOutput<TEventSchema>> : ActionData<TYield>
    : never

/** Raw route params, as h3 gives them. */
export type RouteParams = Record<string, string>

/** Options of `defineAction` (`DefineActionOptions`). */
export interface DefineActionOptions<
  TInputSchema extends StandardSchemaV1 | undefined = undefined,
  TOutput = unknown,
  TCtx = Record<string, unknown>,
  TOutputSchema extends StandardSchemaV1 | undefined = undefined,
  TParamsSchema extends StandardSchemaV1 | undefined = undefined,
  TEvent = H3Event,
  TErrors extends ErrorDeclarations = {},
  TEventSchema extends StandardSchemaV1 | undefined = undefined,
> {
  /** Validates the query (GET, HEAD) or the body (other methods). */
  input?: TInputSchema
  /** Validates the route's dynamic segments (`[id]`). */
  params?: TParamsSchema
  /** Validates the handler's result (a stream's return value); the client gets only what it outputs. */
  outputSchema?: TOutputSchema
  /** A streaming action's events: validates each yielded value; the client gets only what it outputs. */
  eventSchema?: TEventSchema
  /**
   * A streaming action's heartbeat: ms of quiet after which an SSE comment line is sent, so proxies keep
   * the connection open. 15 000 when left out; `false` sends none.
   */
  heartbeat?: number | false
  /** Run in order before the handler. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  middleware?: readonly ActionMiddleware<any, any, TEvent, TErrors, InferSchemaOutput<TInputSchema>>[]
  metadata?: ActionMetadata
  /**
   * The failures the action answers, by UPPER_SNAKE code: `{ NOT_FOUND: { statusCode: 404, message: 'No such todo' } }`.
   * The handler and middleware get a factory for each; the client's `error.code` is their union with the runtime's and the client's codes.
   */
  errors?: TErrors
  /** Largest accepted body in bytes; defaults to the module's `maxBodySize` (1 MiB). */
  maxBodySize?: number
  /** Most entries of a urlencoded or multipart body, files included; defaults to the module's `maxFormFields` (1000). */
  maxFormFields?: number
  /** Most files of a multipart body; defaults to the module's `maxFormFiles` (10). */
  maxFormFiles?: number
  /** Deepest nesting of a JSON body (`[]` and `{}` are one level); defaults to the module's `maxJsonDepth` (128). */
  maxJsonDepth?: number
  /**
   * Origins whose pages may post to this action (`'https://pay.example'`), besides the module's
   * `trustedOrigins`; `['*']` takes posts from any page, for an endpoint another site must reach (a payment
   * provider's post-back). Left out, a body method that a browser marks as from another origin answers
   * CROSS_ORIGIN_REQUEST 403.
   */
  trustedOrigins?: readonly string[]
  handleServerError?: ServerErrorHandler
  handler: ActionHandler<
    InferSchemaOutput<TInputSchema>,
    TParamsSchema extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<TParamsSchema> : RouteParams,
    TCtx,
    TOutput,
    TEvent,
    TErrors
  >
}

/** What defineAction keeps about an action, readable by tooling. */
export interface ActionDefinition {
  input?: StandardSchemaV1
  params?: StandardSchemaV1
  outputSchema?: StandardSchemaV1
  /** Validates a streaming action's events. */
  eventSchema?: StandardSchemaV1
  /** Whether the action streams: its handler is an `async function*`, or it has an `eventSchema`. */
  stream: boolean
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  middleware: readonly ActionMiddleware<any, any, any>[]
  metadata: ActionMetadata
  /** The declared errors, checked and frozen; `{}` when none. */
  errors: ErrorDeclarations
  maxBodySize?: number
  maxFormFields?: number
  maxFormFiles?: number
  maxJsonDepth?: number
}

/** Type-only description of an action, used by the client's route map. */
export interface ActionTypes<TInput, TParams, TData, TErrors extends ErrorDeclarations = {}, TStreamEvent = never, TMiddlewareErrors extends ErrorDeclarations = {}> {
  input: TInput
  params: TParams
  /** What the action answers with; for a stream, the `end` event's data (its generator's return value). */
  data: TData
  /** The declared errors (`{}` when none): the client types `error.code` from them. */
  errors: TErrors
  /** A streaming action's events; `never` for an action that does not stream. */
  event: TStreamEvent
  /** The errors its middleware answer by themselves (`rateLimit()`'s, `idempotent()`'s), `{}` when none do. */
  middlewareErrors: TMiddlewareErrors
}

/** The h3 v1 event handler defineAction returns (this entry's). */
export type ActionEventHandler<TInput = unknown, TParams = unknown, TData = unknown, TErrors extends ErrorDeclarations = {}, TStreamEvent = never, TMiddlewareErrors extends ErrorDeclarations = {}>
  = EventHandler<EventHandlerRequest, Promise<ActionResult<TData>>> & {
    readonly '~action': ActionDefinition
    /** Never set at runtime: carries the types for the client. */
    readonly '~types'?: ActionTypes<TInput, TParams, TData, TErrors, TStreamEvent, TMiddlewareErrors>
  }

/**
 * The handler an action is on a host whose event is `TEvent`: a plain function
 * of the event (h3 v2 takes one as is), carrying the definition and the types.
 */
export type ActionFetchHandler<TEvent, TInput = unknown, TParams = unknown, TData = unknown, TErrors extends ErrorDeclarations = {}, TStreamEvent = never, TMiddlewareErrors extends ErrorDeclarations = {}>
  = ((event: TEvent) => Promise<ActionResult<TData>>) & {
    readonly '~action': ActionDefinition
    /** Never set at runtime: carries the types for the client. */
    readonly '~types'?: ActionTypes<TInput, TParams, TData, TErrors, TStreamEvent, TMiddlewareErrors>
  }

/** What defineAction returns on the entry whose event is `TEvent`: h3 v1's event handler, or a plain function. */
export type ActionEventHandlerOf<TEvent, TInput = unknown, TParams = unknown, TData = unknown, TErrors extends ErrorDeclarations = {}, TStreamEvent = never, TMiddlewareErrors extends ErrorDeclarations = {}>
  = [TEvent] extends [H3Event]
    ? ActionEventHandler<TInput, TParams, TData, TErrors, TStreamEvent, TMiddlewareErrors>
    : ActionFetchHandler<TEvent, TInput, TParams, TData, TErrors, TStreamEvent, TMiddlewareErrors>
