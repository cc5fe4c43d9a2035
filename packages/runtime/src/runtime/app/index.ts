export { $action } from './action'
export { useRequestAction } from './use-request-action'
export { useAction } from './use-action'
export type { ExecuteInput, ExecuteOptions, JsonMethod, JsonRoute, OptimisticUpdates, RefreshTarget, UseActionOptions } from './use-action'
export { useActionQuery } from './use-action-query'
export type { ActionQuery, AsyncActionQuery, PickedData, QueryDataKeys, QueryPath, UseActionQueryOptions } from './use-action-query'
export { refreshActionQueries } from './refresh-action-queries'
export { useActionStream } from './use-action-stream'
export type { StreamExecuteOptions, StreamMethod, StreamPath, StreamReducer, UseActionStreamOptions } from './use-action-stream'
export type { ActionStreamState, ActionStreamStateOptions, ActionStreamStatus } from './internal/stream-state'
export type { ActionEventStream } from './internal/action-event-stream'
export { useActionForm } from './use-action-form'
export type { ActionForm, ActionFormAttrs, FormActionPath, FormMethod, UseActionFormOptions } from './use-action-form'
export type { FieldPath, FormFieldAttrs, FormFieldErrors } from './internal/form-paths'
export type { ActionState, ActionStateOptions, ActionStatus } from './internal/action-state'
export type {
  ActionCallError,
  ActionCallOptions,
  ActionCallResult,
  ActionDeclaredErrors,
  ActionErrorCode,
  ActionErrorOf,
  ActionEvent,
  ActionFinalData,
  ActionInput,
  ActionMethod,
  ActionMiddlewareErrors,
  ActionOutput,
  ActionParams,
  ActionPath,
  ActionRoutes,
  ClientErrorCode,
  DefaultMethod,
  HttpMethod,
} from './route-map'
