// @action-route/runtime/server: the h3 v1 entry (Nuxt 3 and 4, Nitro 2, plain h3 1 apps)
export { defineAction, createActionClient } from './adapters/h3-v1'
export { defineActionMiddleware } from './lifecycle/define-action-middleware'
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
  ActionEventHandler,
  ActionHandler,
  ActionHandlerArgs,
  ActionMetadata,
  ActionMiddleware,
  ActionMiddlewareArgs,
  ActionResult,
  ActionTypes,
  AnsweringMiddleware,
  DefineActionOptions,
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
