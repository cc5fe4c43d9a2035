import { computed, getCurrentScope, onScopeDispose, shallowRef, toValue } from 'vue'
import type { ComputedRef, MaybeRefOrGetter } from 'vue'
import { withQuery } from 'ufo'
import { useAsyncData } from '#imports'
import type { ActionErrorData, ActionResult } from '../server/types'
import type { ActionCallError, ActionInput, ActionMethod, ActionOutput, ActionParams, ActionPath } from './route-map'
import type { ActionStatus } from './internal/action-state'
import { prepareCall } from './internal/call-action'
import type { OptimisticLayer } from './internal/optimistic-layers'
import { applyLayers } from './internal/optimistic-layers'
import { registerQuery } from './internal/query-registry'
import { $action } from './action'

/**
 * The route patterns that answer GET: what `useActionQuery` loads and a
 * mutation's `refreshes` and `optimistic` name.
 * @example
 * const path: QueryPath = '/api/todos'
 */
export type QueryPath = { [K in ActionPath]: 'GET' extends ActionMethod<K> ? K : never }[ActionPath]

/** Options of `useActionQuery`. */
export interface UseActionQueryOptions<P extends ActionPath> {
  params?: MaybeRefOrGetter<ActionParams<P> | undefined>
  /** Sent as the query; a change refetches. */
  input?: MaybeRefOrGetter<ActionInput<P, 'GET'> | undefined>
  headers?: MaybeRefOrGetter<Record<string, string> | undefined>
  /** The useAsyncData key; by default derived from the path, params and input. */
  key?: string
  /** Fetch during SSR (default true). */
  server?: boolean
  /** Do not block navigation (default false). */
  lazy?: boolean
  /** Fetch at once (default true). */
  immediate?: boolean
}

/** What `useActionQuery` returns. */
export interface ActionQuery<TData, TError extends ActionErrorData = ActionErrorData> {
  data: ComputedRef<TData | null>
  /** Typed by the action's declared errors. */
  error: ComputedRef<TError | null>
  status: ComputedRef<ActionStatus>
  pending: ComputedRef<boolean>
  /** Fetches again with the current params and input. */
  refresh: () => Promise<void>
}

/**
 * Loads a GET action with `useAsyncData`: rendered during SSR, refetched
 * when a reactive `input` or `params` changes. A param that is missing or
 * would reach another route (empty, `.`, `..`) throws a TypeError when the
 * query is set up to fetch at once, and sends nothing; one that turns bad
 * later leaves the query in `error` status with nothing sent. A mutation
 * that names it (`useAction`'s `refreshes` or `optimistic`) refreshes it
 * while it is mounted.
 * @example
 * const page = ref(1)
 * const { data, error } = useActionQuery('/api/todos', { input: () => ({ page: String(page.value) }) })
 */
export function useActionQuery<P extends QueryPath>(
  path: P,
  options: UseActionQueryOptions<P> = {},
): ActionQuery<ActionOutput<P, 'GET'>, ActionCallError<P, 'GET'>> {
  // a key that is not a string: useAsyncData throws its own TypeError
  if (options.immediate !== false) {
    prepareCall(path, { method: 'GET', params: toValue(options.params), headers: toValue(options.headers) })
  }
  const request = computed(() => JSON.stringify([toValue(options.params) ?? null, toValue(options.input) ?? null]))
  const key = options.key ?? `action-route:${path}:${request.value}`
  const asyncData = useAsyncData<ActionResult<ActionOutput<P, 'GET'>, ActionCallError<P, 'GET'>>>(
    key,
    () => $action(path, {
      method: 'GET',
      params: toValue(options.params),
      input: toValue(options.input),
      headers: toValue(options.headers),
    } as never) as Promise<ActionResult<ActionOutput<P, 'GET'>, ActionCallError<P, 'GET'>>>,
    { watch: [request], server: options.server, lazy: options.lazy, immediate: options.immediate },
  )
  const envelope = computed(() => asyncData.data.value as ActionResult<ActionOutput<P, 'GET'>, ActionCallError<P, 'GET'>> | null | undefined)
  // the changes of mutations in flight (optimistic updates), shown over the server's answer
  const layers = shallowRef<OptimisticLayer[]>([])
  if (import.meta.client && getCurrentScope()) {
    onScopeDispose(registerQuery({
      path,
      key,
      params: () => toValue(options.params),
      input: () => toValue(options.input) as Record<string, unknown> | undefined,
      url: () => {
        try {
          return withQuery(prepareCall(path, { method: 'GET', params: toValue(options.params) }).url, toValue(options.input) ?? {})
        }
        catch {
          return undefined
        }
      },
      refresh: () => asyncData.refresh(),
      receive: (fresh) => {
        asyncData.data.value = fresh as ActionResult<ActionOutput<P, 'GET'>, ActionCallError<P, 'GET'>>
      },
      layers,
    }))
  }
  return {
    data: computed(() => applyLayers(envelope.value?.success ? envelope.value.data : null, layers.value)),
    error: computed(() => envelope.value && !envelope.value.success ? envelope.value.error : null),
    status: computed(() => {
      if (asyncData.status.value === 'pending') return 'pending'
      if (!envelope.value) return asyncData.status.value === 'error' ? 'error' : 'idle'
      return envelope.value.success ? 'success' : 'error'
    }),
    pending: computed(() => asyncData.status.value === 'pending'),
    refresh: () => asyncData.refresh(),
  }
}
