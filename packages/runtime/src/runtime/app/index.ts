export { $action } from './call/action'
export { useRequestAction } from './call/use-request-action'
export { useAction } from './call/use-action'
export type { ExecuteInput, ExecuteOptions, JsonMethod, JsonRoute, OptimisticUpdates, RefreshTarget, UseActionOptions } from './call/use-action'
export { useActionQuery } from './queries/use-action-query'
export type { ActionQuery, AsyncActionQuery, PickedData, QueryDataKeys, QueryPath, UseActionQueryOptions } from './queries/use-action-query'
export { refreshActionQueries } from './queries/refresh-action-queries'
export { useActionStream } from './streams/use-action-stream'
export type { StreamExecuteOptions, StreamMethod, StreamPath, StreamReducer, UseActionStreamOptions } from './streams/use-action-stream'
export type { ActionStreamState, ActionStreamStateOptions, ActionStreamStatus } from './streams/stream-state'
export type { ActionEventStream } from './streams/action-event-stream'
export { useActionForm } from './forms/use-action-form'
export type { ActionForm, ActionFormAttrs, FormActionPath, FormMethod, UseActionFormOptions } from './forms/use-action-form'
export type { FieldPath, FormFieldAttrs, FormFieldErrors } from './forms/form-paths'
export type { ActionState, ActionStateOptions, ActionStatus } from './call/action-state'
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
