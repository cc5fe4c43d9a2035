import { defineQueryOptions, useQueryCache } from '@pinia/colada'
import type { DefineQueryOptionsTagged, EntryKeyTagged, QueryCache, UseMutationOptions } from '@pinia/colada'
import type { ActionCallError, ActionCallOptions, ActionInput, ActionOutput, ActionParams, ActionPath, DefaultMethod, ParamNames } from '../app/route-map'
import type { QueryPath } from '../app/queries/use-action-query'
import type { JsonMethod, RefreshTarget } from '../app/call/use-action'
import type { ActionQueryError } from '../app/query-libraries/action-query-error'
import { actionSender } from '../app/call/action-sender'
import { actionQueryFunction, actionQueryKey as keyOf, libraryLookup } from '../app/query-libraries/library-queries'
import { registerLibrary } from '../app/queries/library-registry'
import { actionCacheMutation, coladaCache } from './internal/cache-mutation'

export { ActionQueryError, isActionQueryError } from '../app/query-libraries/action-query-error'

/**
 * The error a route's query or mutation rejects with: an `ActionQueryError`
 * whose `code` is the route's union of codes (declared, the runtime's, the client's).
 * @example
 * type Code = ActionQueryErrorOf<'/api/todos/:id', 'GET'>['code'] // 'NOT_FOUND' | 'NOT_YOURS' | ...
 */
export type ActionQueryErrorOf<P extends ActionPath, M extends string> = ActionQueryError<ActionCallError<P, M>>

/** A route's params, required when its pattern has `:name` segments. */
type ParamsOption<P extends ActionPath> = [ParamNames<P>] extends [never] ? { params?: Record<string, never> } : { params: ActionParams<P> }

/** A route's input, optional when the route takes none (or none is required). */
type InputOption<P extends ActionPath, M extends string> = undefined extends ActionInput<P, M> ? { input?: ActionInput<P, M> } : { input: ActionInput<P, M> }

/**
 * What names one query of a GET route: its params and input, as
 * `useActionQuery` takes them.
 * @example
 * const request: ActionQueryRequest<'/api/todos/:id'> = { params: { id: 1 } }
 */
export type ActionQueryRequest<P extends QueryPath> = ParamsOption<P> & InputOption<P, 'GET'>

/**
 * The cache key of an action's query: `['action-route', path, params, input]`,
 * param values as strings (`{ id: 1 }` and `{ id: '1' }` are one key).
 * Pinia Colada matches a filter's objects partially, so the key of a path
 * alone names every query of the route, and with params, those of these
 * params. Typed with the route's data and error, for `getQueryData`.
 * @example
 * const queryCache = useQueryCache()
 * await queryCache.invalidateQueries({ key: actionQueryKey('/api/todos') })
 * const list = queryCache.getQueryData(actionQueryKey('/api/todos', {}, { page: '1' }))
 */
export function actionQueryKey<P extends QueryPath>(path: P, params?: Partial<ActionParams<P>>, input?: Partial<ActionInput<P, 'GET'>>): EntryKeyTagged<ActionOutput<P, 'GET'>, ActionQueryErrorOf<P, 'GET'>> {
  return keyOf(path, params as Record<string, string | number> | undefined, input) as unknown as EntryKeyTagged<ActionOutput<P, 'GET'>, ActionQueryErrorOf<P, 'GET'>>
}

/**
 * Pinia Colada query options (`key` and `query`) for a GET action: `data`
 * is the route's data, `error` an `ActionQueryError` whose `code` is the
 * route's union of codes. Call it where Colada calls its options (a
 * component's setup, or the getter passed to `useQuery`): during SSR the
 * query sends the page request's cookies. A param that cannot build a URL
 * (missing, empty, `.` or `..`) makes the query fail with a TypeError,
 * nothing sent. A query that fails during SSR renders its error (Colada's
 * `ssrCatchError`) instead of failing the page. Spread it to add or change
 * Colada's own options.
 * @example
 * const todos = useQuery(actionQuery('/api/todos', { input: { page: '1' } }))
 * const todo = useQuery(() => actionQuery('/api/todos/:id', { params: { id: route.params.id as string } }))
 * const fresh = useQuery({ ...actionQuery('/api/todos'), staleTime: 0 })
 */
export function actionQuery<P extends QueryPath>(
  path: P,
  ...[request]: [ParamNames<P>] extends [never] ? [request?: ActionQueryRequest<P>] : [request: ActionQueryRequest<P>]
): DefineQueryOptionsTagged<ActionOutput<P, 'GET'>, ActionQueryErrorOf<P, 'GET'>> {
  const { params, input } = (request ?? {}) as { params?: Record<string, string | number>, input?: unknown }
  const load = actionQueryFunction(actionSender(), path, params, input)
  return defineQueryOptions<ActionOutput<P, 'GET'>, ActionQueryErrorOf<P, 'GET'>>({
    key: keyOf(path, params, input),
    query: ({ signal }) => load(signal) as Promise<ActionOutput<P, 'GET'>>,
    // a failure envelope is an answer, not a crash: the page renders it, as with useActionQuery
    ssrCatchError: true,
  })
}

/**
 * What `mutate` takes: `$action`'s own options (input, params, headers,
 * idempotencyKey), params required for a pattern with `:name` segments.
 * @example
 * const variables: ActionMutationVariables<'/api/todos/:id', 'PATCH'> = { params: { id: 1 }, input: { done: true } }
 */
export type ActionMutationVariables<P extends ActionPath, M extends string> = ParamsOption<P> & InputOption<P, M> & {
  headers?: Record<string, string>
  /** This call's `Idempotency-Key` (see `$action`'s option). */
  idempotencyKey?: string
}

/**
 * Options of `actionMutation`.
 * @example
 * const options: ActionMutationOptions<'/api/todos', 'POST'> = { method: 'POST', refreshes: ['/api/todos'] }
 */
export interface ActionMutationOptions<P extends ActionPath, M extends JsonMethod<P>>
  extends Pick<ActionCallOptions<P, M>, 'method' | 'timeout' | 'retry' | 'retryDelay'> {
  /** Headers for every call; `mutate`'s own `headers` are added over them. */
  headers?: Record<string, string>
  /**
   * The cached queries to refresh after a success: a GET route, or its
   * queries with these params and input values. Their fresh data comes in
   * the mutation's own answer (single flight) and is written to the cache;
   * the rest are invalidated.
   */
  refreshes?: readonly RefreshTarget[]
  /** Ask for the refreshed queries' data in the mutation's answer (default true); false: invalidate them. */
  singleFlight?: boolean
}

/**
 * Pinia Colada mutation options (`mutation`) for an action: `mutate({ input,
 * params })` sends it, resolves to its data, and rejects with an
 * `ActionQueryError` typed by the route's codes for a failure envelope (a
 * VALIDATION_ERROR's `fieldErrors` included). After a success, the cached
 * queries `refreshes` names take the fresh data the answer carried (one
 * round trip) or are invalidated, before `mutate` settles. A streaming
 * route is a type error. Call it in a component's setup: it reads the
 * query cache there. Spread it to add Colada's hooks.
 * @example
 * const { mutate, error } = useMutation(actionMutation('/api/todos', { method: 'POST', refreshes: ['/api/todos'] }))
 * mutate({ input: { title: 'Milk' } })
 * const toggle = useMutation(actionMutation('/api/todos/:id', { method: 'PATCH' }))
 * toggle.mutate({ params: { id: 1 }, input: { done: true } })
 */
export function actionMutation<P extends ActionPath, M extends JsonMethod<P> = DefaultMethod<P> & JsonMethod<P>>(
  path: P,
  options: ActionMutationOptions<P, M> = {},
): UseMutationOptions<ActionOutput<P, M>, ActionMutationVariables<P, M>, ActionQueryErrorOf<P, M>> {
  return {
    mutation: actionCacheMutation(actionSender(), path, options, useQueryCache()) as (variables: ActionMutationVariables<P, M>) => Promise<ActionOutput<P, M>>,
  }
}

/**
 * Lets `useAction`'s and `useActionForm`'s `refreshes` reach this Colada
 * cache: after a success, its named action queries take the fresh data the
 * answer carried (single flight), or are invalidated. The module links the
 * app's cache itself when `@pinia/colada-nuxt` is installed; without it,
 * call this once in a client plugin. Returns the function that unlinks it.
 * @example
 * export default defineNuxtPlugin({ enforce: 'post', setup: () => { linkActionRefreshes() } })
 */
export function linkActionRefreshes(queryCache: QueryCache = useQueryCache()): () => void {
  return registerLibrary(libraryLookup(coladaCache(queryCache)))
}
