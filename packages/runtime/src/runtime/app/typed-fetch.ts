// Types only: what Nuxt 5's typed `$fetch` and `useFetch` read from an action, through the declaration the module
// writes for each route file (src/typed-fetch.ts). Nothing here runs.
import type { ActionErrorData, ActionResult } from '../server/types'
import type { ErrorDeclarations, RuntimeErrorCode } from '../server/errors/declared-errors'
import type { ActionErrorOf, ClientErrorCode } from './route-map'
import type { Serialized } from './serialized'

interface AnyActionTypes { input: unknown, data: unknown, errors: ErrorDeclarations, event: unknown, middlewareErrors?: ErrorDeclarations }
type TypesOf<THandler> = THandler extends { '~types'?: infer T } ? NonNullable<T> extends infer U extends AnyActionTypes ? U : never : never

/** The envelope's `data` as JSON carries it: a handler's `undefined` (or no return) is sent as `null`. */
type WireData<D> = D extends undefined ? null : Serialized<D>

/**
 * The error of a failure envelope the server sends: the declared errors, its middleware's (`rateLimit()`'s...) and the
 * runtime's own codes, without the client's (FETCH_ERROR, TIMEOUT_ERROR...), which only `$action` makes. An action
 * that declares none: any code.
 * @example
 * type E = ActionFetchError<{ NOT_FOUND: { statusCode: 404 } }>
 * // { code: 'NOT_FOUND', statusCode: 404, ... } | ActionErrorData<RuntimeErrorCode>
 */
export type ActionFetchError<TErrors extends ErrorDeclarations, TMiddlewareErrors extends ErrorDeclarations = {}> = [keyof TErrors] extends [never] ? ActionErrorData
  : Exclude<ActionErrorOf<TErrors, TMiddlewareErrors>, ActionErrorData<RuntimeErrorCode | ClientErrorCode>> | ActionErrorData<RuntimeErrorCode>

/**
 * The request an action's route file validates, as h3's event describes it, for one method (lower case, as the
 * file's suffix names it): the input schema's input type as the query of a GET or HEAD, as the body otherwise;
 * `TNothing` (h3's own default, which declares nothing) for an action without an input schema, and for a file
 * without a method suffix, whose input goes in the query or the body depending on each call's method.
 * @example
 * type R = ActionFetchRequest<typeof import('./server/api/todos.post').default, 'post', EventHandlerRequest> // { body: { title: string } }
 */
export type ActionFetchRequest<THandler, TMethod extends string | undefined, TNothing> = [TypesOf<THandler>] extends [never] ? TNothing
  : unknown extends TypesOf<THandler>['input'] ? TNothing
    : TMethod extends 'get' | 'head' ? { query: TypesOf<THandler>['input'] }
      : TMethod extends string ? { body: TypesOf<THandler>['input'] }
        : TNothing

/**
 * What an action answers `$fetch` with: its envelope, `data` as JSON carries it and the failure's `code` the
 * declared and runtime codes. `never` for a streaming action (its answer is a stream of events, not one envelope),
 * which Nuxt reads as untyped.
 * @example
 * type R = ActionFetchResponse<typeof import('./server/api/todos.post').default>
 * // { success: true, data: { id: number, title: string } } | { success: false, error: ... }
 */
export type ActionFetchResponse<THandler> = [TypesOf<THandler>] extends [never] ? never
  : [TypesOf<THandler>['event']] extends [never]
      ? ActionResult<WireData<TypesOf<THandler>['data']>, ActionFetchError<TypesOf<THandler>['errors'], NonNullable<TypesOf<THandler>['middlewareErrors']>>>
      : never
