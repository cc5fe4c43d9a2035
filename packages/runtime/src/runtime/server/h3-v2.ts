// @action-route/runtime/server/h3-v2: the h3 v2 entry (Nuxt 5, Nitro 3, plain h3 2 apps). It imports no h3 at
// run time: its handlers are plain functions of the event, so it works with whichever h3 2.x the host bundles.
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type * as Core from './types'
import type { ErrorDeclarations } from './errors/declared-errors'
import type { H3V2Event } from './adapters/h3-v2'
import { defineActionMiddleware as defineAnyActionMiddleware } from './lifecycle/define-action-middleware'

export { defineAction, createActionClient } from './adapters/h3-v2'
export type { H3V2Event } from './adapters/h3-v2'
export type { ActionClient, ActionClientOptions } from './lifecycle/create-action-client'
export { createActionError, isActionError } from './errors/action-error'
export { enableSingleFlight } from './single-flight/single-flight'
export { rateLimit } from './rate-limit/rate-limit'
export type { RateLimitKeyArgs, RateLimitOptions } from './rate-limit/rate-limit'
export { idempotent } from './idempotency/idempotent'
export type { IdempotentOptions, IdempotentScopeArgs } from './idempotency/idempotent'
export { createSharedStore } from './shared-store/shared-store'
export type { SharedStore, StorageLike } from './shared-store/shared-store'
export type { MemoryStoreLimits } from './shared-store/shared-store-memory'
export type { SingleFlightOptions } from './single-flight/single-flight'
export type { ActionErrorHookContext, LogErrors } from './errors/nitro-error-reporter'
export type { ActionError, CreateActionErrorOptions } from './errors/action-error'
export type {
  DeclaredActionError,
  DeclaredErrorOptions,
  DeclaredStatus,
  ErrorDeclaration,
  ErrorDeclarations,
  AnswersErrors,
  ErrorFactories,
  IdempotencyErrors,
  MiddlewareErrorCode,
  RateLimitErrors,
  RuntimeErrorCode,
} from './errors/declared-errors'
export type {
  ActionData,
  ActionDefinition,
  ActionErrorData,
  ActionMetadata,
  ActionResult,
  ActionTypes,
  AnsweringMiddleware,
  FieldErrors,
  InferActionData,
  InferActionEvent,
  InferMiddlewareContext,
  InferMiddlewareErrors,
  InferSchemaInput,
  InferSchemaOutput,
  MiddlewareResult,
  NextFunction,
  ServerErrorHandler,
  ServerErrorResponse,
} from './types'

/** A middleware on h3 v2: extends the context through `next({ ctx })`, or halts by throwing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ActionMiddleware<TCtxIn = any, TAdded extends object = any, TErrors extends ErrorDeclarations = {}, TInput = unknown> = Core.ActionMiddleware<TCtxIn, TAdded, H3V2Event, TErrors, TInput>
/** The one argument a middleware receives on h3 v2. */
export type ActionMiddlewareArgs<TCtx, TErrors extends ErrorDeclarations = {}, TInput = unknown> = Core.ActionMiddlewareArgs<TCtx, H3V2Event, TErrors, TInput>
/** The one argument a handler receives on h3 v2. */
export type ActionHandlerArgs<TInput, TParams, TCtx, TErrors extends ErrorDeclarations = {}> = Core.ActionHandlerArgs<TInput, TParams, TCtx, H3V2Event, TErrors>
/** The core function of an action on h3 v2. */
export type ActionHandler<TInput, TParams, TCtx, TOutput, TErrors extends ErrorDeclarations = {}> = Core.ActionHandler<TInput, TParams, TCtx, TOutput, H3V2Event, TErrors>
/** The handler defineAction returns on h3 v2: a plain function of the event. */
export type ActionEventHandler<TInput = unknown, TParams = unknown, TData = unknown, TErrors extends ErrorDeclarations = {}, TStreamEvent = never, TMiddlewareErrors extends ErrorDeclarations = {}> = Core.ActionFetchHandler<H3V2Event, TInput, TParams, TData, TErrors, TStreamEvent, TMiddlewareErrors>
/** Options of `defineAction` on h3 v2. */
export type DefineActionOptions<
  TInputSchema extends StandardSchemaV1 | undefined = undefined,
  TOutput = unknown,
  TCtx = Record<string, unknown>,
  TOutputSchema extends StandardSchemaV1 | undefined = undefined,
  TParamsSchema extends StandardSchemaV1 | undefined = undefined,
  TErrors extends ErrorDeclarations = {},
  TEventSchema extends StandardSchemaV1 | undefined = undefined,
> = Core.DefineActionOptions<TInputSchema, TOutput, TCtx, TOutputSchema, TParamsSchema, H3V2Event, TErrors, TEventSchema>

/**
 * Types a middleware so the context it adds is inferred; its `event` is h3 v2's.
 * The optional name shows in development warnings and in the DevTools.
 * @example
 * export const auth = defineActionMiddleware('auth', async ({ event, next }) => {
 *   const user = await findUser(event.req.headers.get('authorization'))
 *   if (!user) throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
 *   return next({ ctx: { user } })
 * })
 */
export const defineActionMiddleware = defineAnyActionMiddleware as unknown as {
  <TCtxIn = Record<string, unknown>, TAdded extends object = {}>(middleware: ActionMiddleware<TCtxIn, TAdded>): ActionMiddleware<TCtxIn, TAdded>
  <TCtxIn = Record<string, unknown>, TAdded extends object = {}>(name: string, middleware: ActionMiddleware<TCtxIn, TAdded>): ActionMiddleware<TCtxIn, TAdded>
}
