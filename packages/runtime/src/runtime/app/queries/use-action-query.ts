import { computed, getCurrentScope, onScopeDispose, shallowRef, toValue, unref } from 'vue'
import type { ComputedRef, MaybeRefOrGetter, MultiWatchSources, Ref } from 'vue'
import { withQuery } from 'ufo'
import { useAsyncData } from '#imports'
import type { ActionErrorData, ActionResult } from '../../server/types'
import type { ActionCallError, ActionEvent, ActionInput, ActionMethod, ActionOutput, ActionParams, ActionPath } from '../route-map'
import type { ActionStatus } from '../call/action-state'
import { prepareCall } from '../call/call-action'
import type { OptimisticLayer } from '../optimistic/optimistic-layers'
import { applyLayers } from '../optimistic/optimistic-layers'
import { registerQuery } from './internal/query-registry'
import { $action } from '../call/action'

/**
 * The route patterns that answer GET with JSON: what `useActionQuery` loads
 * and a mutation's `refreshes` and `optimistic` name. A GET that streams is
 * not one (its data is a stream, for `useActionStream`).
 * @example
 * const path: QueryPath = '/api/todos'
 */
export type QueryPath = { [K in ActionPath]: 'GET' extends ActionMethod<K> ? [ActionEvent<K, 'GET'>] extends [never] ? K : never : never }[ActionPath]

/**
 * The keys `pick` can name: the data's own keys, when it is an object
 * (not an array).
 * @example
 * const keys: QueryDataKeys<{ id: number, title: string }> = ['title']
 */
export type QueryDataKeys<T> = Array<T extends T ? keyof T extends string ? keyof T : never : never>

/**
 * The data `pick` leaves: only the named keys of an object; an array, or a
 * `pick` that names every key or none, leaves the data whole.
 * @example
 * type Title = PickedData<{ id: number, title: string }, ['title']> // { title: string }
 */
export type PickedData<T, K extends string[]> = T extends readonly unknown[] ? T
  : T extends object ? keyof T extends K[number] ? T : [K[number]] extends [never] ? T : Pick<T, Extract<K[number], keyof T>>
    : T

// what getCachedData gets, as the app's useAsyncData has it (key, nuxtApp, { cause })
type CachedDataArguments = Parameters<NonNullable<NonNullable<Parameters<typeof useAsyncData<unknown>>[2]>['getCachedData']>>

/** Options of `useActionQuery`: those of Nuxt's `useFetch` that make sense for an action, same names and meaning. */
export interface UseActionQueryOptions<
  P extends ActionPath,
  DataT = ActionOutput<P, 'GET'>,
  PickKeys extends QueryDataKeys<DataT> = QueryDataKeys<DataT>,
  DefaultT = null,
> {
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
  /** What `data` is before the first success and after a failure (default `null`). */
  default?: () => DefaultT | Ref<DefaultT>
  /**
   * Changes the action's data once it arrives (it may be async), before it
   * is kept and sent in the payload. Mutations refresh such a query but do
   * not change it optimistically: their updates take the route's own data.
   */
  transform?: (data: ActionOutput<P, 'GET'>) => DataT | Promise<DataT>
  /** Keeps only these keys of the data (after `transform`), in the payload too; not changed optimistically either. */
  pick?: PickKeys
  /** More sources whose change refetches, besides `params` and `input`; `false`: not even those. */
  watch?: MultiWatchSources | false
  /**
   * Nuxt's `getCachedData`: answer what to show without fetching, or
   * `undefined` to fetch. What a query keeps under its key is the action's
   * envelope (`{ success: true, data }`, data transformed and picked), so
   * `nuxtApp.payload.data[key]` is one.
   */
  getCachedData?: (...args: CachedDataArguments) => NoInfer<ActionResult<PickedData<DataT, PickKeys>, ActionCallError<P, 'GET'>>> | undefined
}

/** What `useActionQuery` returns; `TDefault` is what `default` gives (`null` without it). */
export interface ActionQuery<TData, TError extends ActionErrorData = ActionErrorData, TDefault = null> {
  data: ComputedRef<TData | TDefault>
  /** Typed by the action's declared errors. */
  error: ComputedRef<TError | null>
  status: ComputedRef<ActionStatus>
  pending: ComputedRef<boolean>
  /** Fetches again with the current params and input. */
  refresh: () => Promise<void>
}

/**
 * What `useActionQuery` returns: the query, and a promise of it that
 * resolves once the first fetch has settled, as `useFetch`'s answer is.
 * @example
 * const { data } = await useActionQuery('/api/todos') // data.value is there during SSR
 */
export type AsyncActionQuery<TData, TError extends ActionErrorData = ActionErrorData, TDefault = null> = ActionQuery<TData, TError, TDefault>
  & Promise<ActionQuery<TData, TError, TDefault>>

function pickKeys(data: unknown, keys: readonly string[]): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data
  return Object.fromEntries(keys.filter(key => Object.hasOwn(data, key)).map(key => [key, (data as Record<string, unknown>)[key]]))
}

/**
 * Loads a GET action with `useAsyncData`: rendered during SSR, refetched
 * when a reactive `input` or `params` changes. Like `useFetch`, it can be
 * awaited: `await useActionQuery(...)` waits for the first fetch and gives
 * the same query, its data there to read at once. A param that is missing or
 * would reach another route (empty, `.`, `..`) throws a TypeError when the
 * query is set up to fetch at once, and sends nothing; one that turns bad
 * later leaves the query in `error` status with nothing sent. A mutation
 * that names it (`useAction`'s `refreshes` or `optimistic`), or
 * `refreshActionQueries`, refreshes it while it is mounted. `default`,
 * `transform`, `pick`, `watch` and `getCachedData` are Nuxt's `useFetch`
 * options, applied to the action's data.
 * @example
 * const page = ref(1)
 * const { data, error } = useActionQuery('/api/todos', { input: () => ({ page: String(page.value) }) })
 * const { data: todo } = await useActionQuery('/api/todos/:id', { params: { id: 1 } })
 * const { data: titles } = useActionQuery('/api/todos', { transform: list => list.items.map(todo => todo.title), default: () => [] })
 */
export function useActionQuery<
  P extends QueryPath,
  DataT = ActionOutput<P, 'GET'>,
  PickKeys extends QueryDataKeys<DataT> = QueryDataKeys<DataT>,
  DefaultT = null,
>(
  path: P,
  options: UseActionQueryOptions<P, DataT, PickKeys, DefaultT> = {},
): AsyncActionQuery<PickedData<DataT, PickKeys>, ActionCallError<P, 'GET'>, DefaultT> {
  type Data = PickedData<DataT, PickKeys>
  type Envelope = ActionResult<Data, ActionCallError<P, 'GET'>>
  // a key that is not a string: useAsyncData throws its own TypeError
  if (options.immediate !== false) {
    prepareCall(path, { method: 'GET', params: toValue(options.params), headers: toValue(options.headers) })
  }
  const request = computed(() => JSON.stringify([toValue(options.params) ?? null, toValue(options.input) ?? null]))
  const key = options.key ?? `action-route:${path}:${request.value}`
  const { transform, pick } = options
  const shaped = transform !== undefined || pick !== undefined
  // the action's answer as the query keeps it: a success's data transformed, then picked
  async function shape(result: ActionResult<unknown>): Promise<Envelope> {
    if (!result.success || !shaped) return result as Envelope
    let data: unknown = result.data
    if (transform) data = await transform(data as ActionOutput<P, 'GET'>)
    if (pick) data = pickKeys(data, pick)
    return { success: true, data: data as Data }
  }
  const asyncData = useAsyncData<Envelope, unknown, Envelope>(
    key,
    async () => shape(await $action(path, {
      method: 'GET',
      params: toValue(options.params),
      input: toValue(options.input),
      headers: toValue(options.headers),
    } as never)),
    {
      watch: options.watch === false ? undefined : [request, ...options.watch ?? []],
      server: options.server,
      lazy: options.lazy,
      immediate: options.immediate,
      getCachedData: options.getCachedData,
    },
  )
  const envelope = computed(() => asyncData.data.value as Envelope | null | undefined)
  const fallback = options.default ? options.default() : null
  // the changes of mutations in flight (optimistic updates), shown over the server's answer
  const layers = shallowRef<OptimisticLayer[]>([])
  if (import.meta.client && getCurrentScope()) {
    onScopeDispose(registerQuery({
      path,
      key,
      shaped,
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
      receive: async (fresh) => {
        asyncData.data.value = await shape(fresh)
      },
      layers,
    }))
  }
  const query: ActionQuery<Data, ActionCallError<P, 'GET'>, DefaultT> = {
    data: computed(() => envelope.value?.success ? applyLayers(envelope.value.data, layers.value) as Data : unref(fallback) as DefaultT),
    error: computed(() => envelope.value && !envelope.value.success ? envelope.value.error : null),
    status: computed(() => {
      if (asyncData.status.value === 'pending') return 'pending'
      if (!envelope.value) return asyncData.status.value === 'error' ? 'error' : 'idle'
      return envelope.value.success ? 'success' : 'error'
    }),
    pending: computed(() => asyncData.status.value === 'pending'),
    refresh: () => asyncData.refresh(),
  }
  // as useAsyncData's own answer: awaited, it waits for the first fetch (during SSR, before the page renders)
  const settled = Promise.resolve(asyncData).then(() => query, () => query)
  return Object.assign(settled, query)
}
