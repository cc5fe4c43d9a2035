import { computed, toValue } from 'vue'
import type { ComputedRef, MaybeRefOrGetter } from 'vue'
import { useAsyncData } from '#imports'
import type { ActionErrorData, ActionResult } from '../server/types'
import type { ActionInput, ActionMethod, ActionOutput, ActionParams, ActionPath } from './route-map'
import type { ActionStatus } from './internal/action-state'
import { prepareCall } from './internal/call-action'
import { $action } from './action'

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
export interface ActionQuery<TData> {
  data: ComputedRef<TData | null>
  error: ComputedRef<ActionErrorData | null>
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
 * later leaves the query in `error` status with nothing sent.
 * @example
 * const page = ref(1)
 * const { data, error } = useActionQuery('/api/todos', { input: () => ({ page: String(page.value) }) })
 */
export function useActionQuery<P extends ActionPath & { [K in ActionPath]: 'GET' extends ActionMethod<K> ? K : never }[ActionPath]>(
  path: P,
  options: UseActionQueryOptions<P> = {},
): ActionQuery<ActionOutput<P, 'GET'>> {
  // a key that is not a string: useAsyncData throws its own TypeError
  if (options.immediate !== false) {
    prepareCall(path, { method: 'GET', params: toValue(options.params), headers: toValue(options.headers) })
  }
  const request = computed(() => JSON.stringify([toValue(options.params) ?? null, toValue(options.input) ?? null]))
  const asyncData = useAsyncData<ActionResult<ActionOutput<P, 'GET'>>>(
    options.key ?? `action-route:${path}:${request.value}`,
    () => $action(path, {
      method: 'GET',
      params: toValue(options.params),
      input: toValue(options.input),
      headers: toValue(options.headers),
    } as never) as Promise<ActionResult<ActionOutput<P, 'GET'>>>,
    { watch: [request], server: options.server, lazy: options.lazy, immediate: options.immediate },
  )
  const envelope = computed(() => asyncData.data.value as ActionResult<ActionOutput<P, 'GET'>> | null | undefined)
  return {
    data: computed(() => envelope.value?.success ? envelope.value.data : null),
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
