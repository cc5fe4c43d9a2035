// @action-route/runtime/server: the h3 v1 entry (Nuxt 3 and 4, Nitro 2, plain h3 1 apps)
export { defineAction, createActionClient } from './adapters/h3-v1'
export { defineActionMiddleware } from './define-action-middleware'
export type { ActionClient, ActionClientOptions } from './create-action-client'
export { createActionError, isActionError } from './errors'
export { enableSingleFlight } from './single-flight'
export { rateLimit } from './rate-limit'
export type { RateLimitKeyArgs, RateLimitOptions } from './rate-limit'
export { idempotent } from './idempotent'
export type { IdempotentOptions, IdempotentScopeArgs } from './idempotent'
export { createSharedStore } from './internal/shared-store'
export type { SharedStore, StorageLike } from './internal/shared-store'
export type { MemoryStoreLimits } from './internal/shared-store-memory'
export type { SingleFlightOptions } from './single-flight'
export type { ActionErrorHookContext, LogErrors } from './internal/nitro-error-reporter'
export type { ActionError, CreateActionErrorOptions } from './errors'
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
} from './declared-errors'
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
