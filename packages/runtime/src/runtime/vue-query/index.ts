import { hasInjectionContext } from 'vue'
import { useQueryClient } from '@tanstack/vue-query'
import type { DataTag, MutationOptions, QueryClient, UndefinedInitialQueryOptionsWithDataTag } from '@tanstack/vue-query'
import type { ActionCallError, ActionInput, ActionOutput, ActionParams, ActionPath, DefaultMethod, ParamNames } from '../app/route-map'
import type { JsonMethod, RefreshTarget } from '../app/call/use-action'
import type { QueryPath } from '../app/queries/use-action-query'
import { ActionQueryError, isActionQueryError } from '../app/query-libraries/action-query-error'
import type { ActionQueryKey } from '../app/query-libraries/library-queries'
import { ACTION_QUERY_ROOT, actionQueryFunction, actionQueryKey as keyOf, libraryLookup } from '../app/query-libraries/library-queries'
import { registerLibrary } from '../app/queries/library-registry'
import { actionSender } from '../app/call/action-sender'
import { actionMutationFunction, tanstackCache } from './internal/mutation-function'

export { ActionQueryError, isActionQueryError }

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
 * The error of a route's query or mutation: an `ActionQueryError` whose
 * `code` is the route's union of codes (declared, the runtime's, the client's).
 * @example
 * type NotFound = ActionQueryErrorOf<'/api/todos/:id', 'GET'>['code'] // 'NOT_FOUND' | 'NOT_YOURS' | ...
 */
export type ActionQueryErrorOf<P extends ActionPath, M extends string> = ActionQueryError<ActionCallError<P, M>>

/**
 * TanStack Query's options for a GET action: its key and query function,
 * typed so `useQuery` has the route's data and error.
 * @example
 * const options: ActionQueryOptions<'/api/todos'> = actionQueryOptions('/api/todos')
 */
export type ActionQueryOptions<P extends QueryPath> = UndefinedInitialQueryOptionsWithDataTag<
  ActionOutput<P, 'GET'>,
  ActionQueryErrorOf<P, 'GET'>,
  ActionOutput<P, 'GET'>,
  ActionQueryKey
>

/**
 * `mutate`'s variables: `$action`'s own options (input, params, headers,
 * idempotencyKey), params required for a pattern with `:name` segments.
 * @example
 * const variables: ActionMutationVariables<'/api/todos/:id', 'PATCH'> = { params: { id: 1 }, input: { done: true } }
 */
export type ActionMutationVariables<P extends ActionPath, M extends string> = ParamsOption<P> & InputOption<P, M> & {
  headers?: Record<string, string>
  /** This call's `Idempotency-Key` (see `$action`'s option). */
  idempotencyKey?: string
}

/** Options of `actionMutationOptions`. */
export interface ActionMutationCall<P extends ActionPath, M extends JsonMethod<P>> {
  method?: M
  /**
   * The cached queries to refresh after a success, as `useAction`'s `refreshes` names them: a route
   * (every query of it) or `{ path, params?, input? }`. Their fresh data rides on the mutation's answer.
   */
  refreshes?: readonly RefreshTarget[]
  /** Ask for the refreshed queries' data in the mutation's own answer (default true); false: refetch them. */
  singleFlight?: boolean
  /** Headers for every call; `mutate`'s own `headers` are added over them. */
  headers?: Record<string, string>
  /** Milliseconds before a call gives up with TIMEOUT_ERROR (as `$action`'s). */
  timeout?: number
}

/**
 * TanStack Query's options for an action's mutation, typed so `useMutation`
 * has the route's data, error and variables.
 * @example
 * const options: ActionMutationOptions<'/api/todos', 'POST'> = actionMutationOptions('/api/todos', { method: 'POST' })
 */
export type ActionMutationOptions<P extends ActionPath, M extends string> = MutationOptions<
  ActionOutput<P, M>,
  ActionQueryErrorOf<P, M>,
  ActionMutationVariables<P, M>
> & { mutationKey: readonly [typeof ACTION_QUERY_ROOT, P] }

/**
 * The cache key of an action's query: `['action-route', path, params, input]`,
 * param values as strings (`{ id: 1 }` and `{ id: '1' }` are one key). A
 * path alone names every query of the route in a filter, so
 * `queryClient.invalidateQueries({ queryKey: actionQueryKey('/api/todos') })`
 * refetches them all. Typed with the route's data for `getQueryData` and
 * `setQueryData`.
 * @example
 * queryClient.getQueryData(actionQueryKey('/api/todos/:id', { id: 1 }))?.title
 */
export function actionQueryKey<P extends QueryPath>(
  path: P,
  params?: Partial<ActionParams<P>>,
  input?: Partial<ActionInput<P, 'GET'>>,
): DataTag<ActionQueryKey, ActionOutput<P, 'GET'>, ActionQueryErrorOf<P, 'GET'>> {
  return keyOf(path, params as Record<string, string | number> | undefined, input) as DataTag<ActionQueryKey, ActionOutput<P, 'GET'>, ActionQueryErrorOf<P, 'GET'>>
}

/**
 * TanStack Query's options for a GET action (a route that answers JSON,
 * not a stream): `{ queryKey, queryFn }`, the function sending `$action`
 * with TanStack's abort signal and resolving to the data, or rejecting with
 * an `ActionQueryError` typed by the route's errors. During SSR, call it in
 * a component's setup (as `useQuery(...)` is): the page's cookies reach the
 * action. For options that change, pass a `computed`.
 * @example
 * const todos = useQuery(actionQueryOptions('/api/todos', { input: { page: '1' } }))
 * const todo = useQuery(computed(() => actionQueryOptions('/api/todos/:id', { params: { id: id.value } })))
 */
export function actionQueryOptions<P extends QueryPath>(
  path: P,
  ...[request]: [ParamNames<P>] extends [never] ? [request?: ActionQueryRequest<P>] : [request: ActionQueryRequest<P>]
): ActionQueryOptions<P> {
  const { params, input } = (request ?? {}) as { params?: Record<string, string | number>, input?: unknown }
  const query = actionQueryFunction(actionSender(), path, params, input)
  return {
    queryKey: actionQueryKey(path, params as Partial<ActionParams<P>>, input as Partial<ActionInput<P, 'GET'>>),
    queryFn: ({ signal }: { signal: AbortSignal }) => query(signal),
  } as ActionQueryOptions<P>
}

/**
 * TanStack Query's options for an action's mutation (a method that answers
 * JSON): `mutate({ input, params })` sends it, the success resolves to the
 * data, a failure envelope rejects with an `ActionQueryError` typed by the
 * route and method. `refreshes` names cached queries: their fresh data
 * comes back in the same answer (single flight) and is written into the
 * cache; the others named are invalidated, before the mutation resolves.
 * @example
 * const add = useMutation(actionMutationOptions('/api/todos', { method: 'POST', refreshes: ['/api/todos'] }))
 * add.mutate({ input: { title: 'Milk' } })
 */
export function actionMutationOptions<P extends ActionPath, M extends JsonMethod<P> = DefaultMethod<P> & JsonMethod<P>>(
  path: P,
  call: ActionMutationCall<P, M> = {},
): ActionMutationOptions<P, M> {
  // TanStack Query before 5.8x does not hand mutationFn its client: take the one of this component
  let captured: QueryClient | undefined
  if (hasInjectionContext()) {
    try {
      captured = useQueryClient()
    }
    catch {
      // no VueQueryPlugin here: the client comes with the call
    }
  }
  return {
    mutationKey: [ACTION_QUERY_ROOT, path],
    mutationFn: actionMutationFunction(actionSender(), path, call, () => captured),
  } as ActionMutationOptions<P, M>
}

/**
 * Lets `useAction`'s and `useActionForm`'s `refreshes` reach this
 * QueryClient: after a success, its named action queries take the fresh
 * data the answer carried (single flight), or are invalidated. Call it in
 * the browser, where the app makes its client. Returns the function that
 * unlinks it.
 * @example
 * if (import.meta.client) linkActionRefreshes(queryClient)
 */
export function linkActionRefreshes(queryClient: QueryClient): () => void {
  return registerLibrary(libraryLookup(tanstackCache(queryClient)))
}
