import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { H3Event } from 'h3'
import type {
  ActionEventHandlerOf,
  ActionHandler,
  ActionMetadata,
  ActionMiddleware,
  HandlerOutputFor,
  InferActionData,
  InferActionEvent,
  InferMiddlewareContext,
  InferSchemaInput,
  InferSchemaOutput,
  MergeContext,
  RouteParams,
  ServerErrorHandler,
  Simplify,
} from '../types'
import type { AnswersErrors, CompatibleErrorDeclarations, ErrorDeclarations, MergeErrorDeclarations, NoReservedCodes } from '../errors/declared-errors'
import type { AnyActionOptions } from './any-action-options'
import { assertStandardSchema } from '../internal/standard-schema'
import { deepFrozenCopy } from './internal/deep-frozen-copy'
import { checkErrorDeclarations, mergeErrorDeclarations } from '../errors/error-declarations'

type ParamsOutput<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : RouteParams
type ParamsInput<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferInput<S> : RouteParams

/** An immutable builder: each method returns a new builder, `.handler()` returns the action. */
export interface ActionClient<
  TCtx,
  TInputSchema extends StandardSchemaV1 | undefined = undefined,
  TParamsSchema extends StandardSchemaV1 | undefined = undefined,
  TOutputSchema extends StandardSchemaV1 | undefined = undefined,
  TEvent = H3Event,
  TErrors extends ErrorDeclarations = {},
  TEventSchema extends StandardSchemaV1 | undefined = undefined,
  TMiddlewareErrors extends ErrorDeclarations = {},
> {
  /**
   * Appends a middleware; the context it adds is typed for the ones after it and the handler, and it gets the errors
   * declared so far and the input schema's output. The errors it answers by itself (`rateLimit()`'s) join the action's.
   */
  use<TAdded extends object, TAnswers extends ErrorDeclarations = {}>(middleware: ActionMiddleware<TCtx, TAdded, TEvent, TErrors, InferSchemaOutput<TInputSchema>> & AnswersErrors<TAnswers>):
  ActionClient<MergeContext<TCtx, TAdded>, TInputSchema, TParamsSchema, TOutputSchema, TEvent, TErrors, TEventSchema, Simplify<TMiddlewareErrors & TAnswers>>
  input<S extends StandardSchemaV1>(schema: S): ActionClient<TCtx, S, TParamsSchema, TOutputSchema, TEvent, TErrors, TEventSchema, TMiddlewareErrors>
  params<S extends StandardSchemaV1>(schema: S): ActionClient<TCtx, TInputSchema, S, TOutputSchema, TEvent, TErrors, TEventSchema, TMiddlewareErrors>
  outputSchema<S extends StandardSchemaV1>(schema: S): ActionClient<TCtx, TInputSchema, TParamsSchema, S, TEvent, TErrors, TEventSchema, TMiddlewareErrors>
  /** A streaming action's events: validates each value its `async function*` handler yields, as `defineAction`'s `eventSchema`. */
  eventSchema<S extends StandardSchemaV1>(schema: S): ActionClient<TCtx, TInputSchema, TParamsSchema, TOutputSchema, TEvent, TErrors, S, TMiddlewareErrors>
  /** Shallow-merges into the metadata set so far; the builder keeps a deep-frozen copy. */
  metadata(metadata: ActionMetadata): ActionClient<TCtx, TInputSchema, TParamsSchema, TOutputSchema, TEvent, TErrors, TEventSchema, TMiddlewareErrors>
  /**
   * Declares more errors, merged into those declared so far: a code declared
   * again may change its message, never its status (that does not compile,
   * and throws a TypeError).
   */
  errors<const TAdded extends ErrorDeclarations>(errors: CompatibleErrorDeclarations<TErrors, TAdded> & NoReservedCodes<TAdded>): ActionClient<TCtx, TInputSchema, TParamsSchema, TOutputSchema, TEvent, MergeErrorDeclarations<TErrors, TAdded>, TEventSchema, TMiddlewareErrors>
  handleServerError(handler: ServerErrorHandler): ActionClient<TCtx, TInputSchema, TParamsSchema, TOutputSchema, TEvent, TErrors, TEventSchema, TMiddlewareErrors>
  /** Finishes the action: exactly what `defineAction` returns (an `async function*` handler streams); its result must suit the output schema. */
  handler<TOutput extends HandlerOutputFor<TOutputSchema>>(handler: ActionHandler<InferSchemaOutput<TInputSchema>, ParamsOutput<TParamsSchema>, TCtx, TOutput, TEvent, TErrors>):
  ActionEventHandlerOf<TEvent, InferSchemaInput<TInputSchema>, ParamsInput<TParamsSchema>, InferActionData<TOutput, TOutputSchema>, TErrors, InferActionEvent<TOutput, TEventSchema>, TMiddlewareErrors>
}

/** Options a client starts from. */
export interface ActionClientOptions {
  /**
   * Run in order in every action the client finishes, before the middleware added with `.use()`;
   * the context they add is typed for everything after them.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  middleware?: readonly ActionMiddleware<any, any, any>[]
  metadata?: ActionMetadata
  handleServerError?: ServerErrorHandler
  maxBodySize?: number
  maxFormFields?: number
  maxFormFiles?: number
  maxJsonDepth?: number
  /** Origins whose pages may post to every action of this client, as `defineAction`'s `trustedOrigins`. */
  trustedOrigins?: readonly string[]
  /** The heartbeat of every streaming action of this client, as `defineAction`'s `heartbeat`. */
  heartbeat?: number | false
}

interface ClientState extends ActionClientOptions {
  middleware: readonly ActionMiddleware[]
  errors?: ErrorDeclarations
  input?: StandardSchemaV1
  params?: StandardSchemaV1
  outputSchema?: StandardSchemaV1
  eventSchema?: StandardSchemaV1
}

type DefineAnyAction = (options: AnyActionOptions) => unknown

/**
 * The context a client starts with: what the middleware of its `middleware`
 * option add, `{}` without any.
 * @example
 * type Ctx = InitialClientContext<[typeof auth]> // { user: User }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type InitialClientContext<TMiddleware extends readonly ActionMiddleware<any, any, any, any, any>[]>
  = [TMiddleware[number]] extends [never] ? {} : InferMiddlewareContext<TMiddleware>

function build(state: Readonly<ClientState>, define: DefineAnyAction): ActionClient<never> {
  const next = (change: Partial<ClientState>) => build(Object.freeze({ ...state, ...change }), define)
  return Object.freeze({
    use: (middleware: ActionMiddleware) => {
      if (typeof middleware !== 'function') throw new TypeError('createActionClient().use: expected a middleware function')
      return next({ middleware: [...state.middleware, middleware] })
    },
    input: (schema: StandardSchemaV1) => (assertStandardSchema(schema, 'input'), next({ input: schema })),
    params: (schema: StandardSchemaV1) => (assertStandardSchema(schema, 'params'), next({ params: schema })),
    outputSchema: (schema: StandardSchemaV1) => (assertStandardSchema(schema, 'outputSchema'), next({ outputSchema: schema })),
    eventSchema: (schema: StandardSchemaV1) => (assertStandardSchema(schema, 'eventSchema'), next({ eventSchema: schema })),
    metadata: (metadata: ActionMetadata) => next({ metadata: deepFrozenCopy({ ...state.metadata, ...metadata }) }),
    errors: (errors: ErrorDeclarations) => {
      const where = 'createActionClient().errors'
      return next({ errors: mergeErrorDeclarations(state.errors ?? {}, checkErrorDeclarations(errors, where), where) })
    },
    handleServerError: (handler: ServerErrorHandler) => next({ handleServerError: handler }),
    handler: (handler: ActionHandler<unknown, unknown, never, unknown>) => define({ ...state, handler } as AnyActionOptions),
  }) as unknown as ActionClient<never>
}

/**
 * A builder whose `.handler()` finishes the action with `define` (each entry's
 * own defineAction), starting from `options` (its `middleware` first).
 * @example
 * export function createActionClient(options = {}) {
 *   return createActionClientFor(defineAction, options)
 * }
 */
export function createActionClientFor<TEvent>(define: DefineAnyAction, options: ActionClientOptions = {}): ActionClient<{}, undefined, undefined, undefined, TEvent> {
  const middleware: unknown = options.middleware ?? []
  if (!Array.isArray(middleware) || middleware.some(entry => typeof entry !== 'function')) {
    throw new TypeError('createActionClient: `middleware` must be an array of functions')
  }
  const metadata = options.metadata === undefined ? undefined : deepFrozenCopy({ ...options.metadata })
  // the option's middleware come first; `.use()` appends after them
  return build(Object.freeze({ ...options, metadata, middleware: [...middleware] }), define) as unknown as ActionClient<{}, undefined, undefined, undefined, TEvent>
}
