export { defineAction } from './define-action'
export { defineActionMiddleware } from './define-action-middleware'
export { createActionClient } from './create-action-client'
export type { ActionClient, ActionClientOptions } from './create-action-client'
export { createActionError, isActionError } from './errors'
export type { ActionError, CreateActionErrorOptions } from './errors'
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
  DefineActionOptions,
  FieldErrors,
  InferActionData,
  InferMiddlewareContext,
  InferSchemaInput,
  InferSchemaOutput,
  MiddlewareResult,
  NextFunction,
  ServerErrorHandler,
  ServerErrorResponse,
} from './types'
