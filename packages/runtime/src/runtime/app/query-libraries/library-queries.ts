import { withQuery } from 'ufo'
import type { ActionResult } from '../../server/types'
import { isActionResult } from '../action-result'
import { ActionQueryError } from './action-query-error'
import type { CallOptions } from '../call/call-action'
import { prepareCall } from '../call/call-action'
import type { LibraryLookup, QueryTarget } from '../queries/library-registry'
import { MAX_SINGLE_FLIGHT, REFRESH_HEADER } from '../queries/refresh-queries'

/** The first element of every key an action's query gets in a query library's cache. */
export const ACTION_QUERY_ROOT = 'action-route'

/**
 * The key of an action's query in Pinia Colada's or TanStack Query's cache:
 * root, route pattern, params (values as strings) and input.
 */
export type ActionQueryKey = readonly [typeof ACTION_QUERY_ROOT, string, Record<string, string>, Record<string, unknown>]

/** Sends one call and resolves to its envelope: `startAction`, or a stand-in in tests. */
export type SendAction = (path: string, options: CallOptions) => Promise<ActionResult<unknown>>

/**
 * The cache key of an action's query. Param values become strings, as the
 * URL carries them, so `{ id: 1 }` and `{ id: '1' }` are one key. Both
 * libraries match a filter's objects partially, so the key of a path alone
 * (`{}` for params and input) names every query of the route.
 * @example
 * actionQueryKey('/api/todos/:id', { id: 1 }) // ['action-route', '/api/todos/:id', { id: '1' }, {}]
 * actionQueryKey('/api/todos') // names every /api/todos query in a filter
 */
export function actionQueryKey(path: string, params?: Record<string, string | number>, input?: unknown): ActionQueryKey {
  const strings = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, String(value)]))
  return [ACTION_QUERY_ROOT, path, strings, (input ?? {}) as Record<string, unknown>]
}

/**
 * Whether a cache key is an action query's key (one `actionQueryKey` made).
 * @example
 * isActionQueryKey(['action-route', '/api/todos', {}, {}]) // true
 */
export function isActionQueryKey(key: readonly unknown[]): key is ActionQueryKey {
  return key.length === 4 && key[0] === ACTION_QUERY_ROOT && typeof key[1] === 'string'
    && typeof key[2] === 'object' && key[2] !== null && typeof key[3] === 'object' && key[3] !== null
}

/**
 * The URL a key's query loads, as `useActionQuery` builds it (the single-flight
 * answer's `refreshed` map is keyed by it), or `undefined` for a key that is
 * not an action query's or whose params cannot build one.
 * @example
 * actionQueryUrl(actionQueryKey('/api/todos/:id', { id: 1 }, { full: 'yes' })) // '/api/todos/1?full=yes'
 */
export function actionQueryUrl(key: readonly unknown[]): string | undefined {
  if (!isActionQueryKey(key)) return undefined
  try {
    return withQuery(prepareCall(key[1], { method: 'GET', params: key[2] }).url, key[3] as Parameters<typeof withQuery>[1])
  }
  catch {
    return undefined
  }
}

/**
 * A success's data, or an `ActionQueryError` thrown for a failure: what a
 * query library expects of a query or mutation function.
 * @example
 * const todos = dataOrThrow(await $action('/api/todos', { method: 'GET' }))
 */
export function dataOrThrow(result: ActionResult<unknown>): unknown {
  if (result.success) return result.data
  throw new ActionQueryError(result.error)
}

/**
 * The query function of an action's GET: sends it with the library's abort
 * signal and resolves to its data, or rejects with an `ActionQueryError`. A
 * param that cannot build a URL rejects with the TypeError and sends nothing.
 * @example
 * const query = actionQueryFunction(startAction, '/api/todos/:id', { id: 1 })
 * const todo = await query(signal)
 */
export function actionQueryFunction(send: SendAction, path: string, params?: Record<string, string | number>, input?: unknown): (signal?: AbortSignal) => Promise<unknown> {
  return async signal => dataOrThrow(await send(path, { method: 'GET', params, input, signal }))
}

// query values arrive as strings, so `{ id: 1 }` names the query loaded with `{ id: '1' }`
const holds = (actual: Record<string, unknown>, wanted: Record<string, unknown> | undefined): boolean =>
  Object.entries(wanted ?? {}).every(([name, value]) => Object.hasOwn(actual, name) && String(actual[name]) === String(value))

/**
 * Whether a mutation's `refreshes` targets name a cached action query:
 * its route, or its route with these params and input values.
 * @example
 * isNamedBy(actionQueryKey('/api/todos/:id', { id: '1' }), [{ path: '/api/todos/:id', params: { id: 1 } }]) // true
 */
export function isNamedBy(key: readonly unknown[], targets: readonly QueryTarget[]): boolean {
  if (!isActionQueryKey(key)) return false
  return targets.some(target => typeof target === 'string'
    ? target === key[1]
    : target.path === key[1] && holds(key[2], target.params) && holds(key[3], target.input))
}

/** What a mutation does to a library's cache once it has succeeded. */
export interface CacheUpdate {
  /** The named queries whose fresh data came in the answer (single flight): write it, no refetch. */
  fresh: Array<{ key: ActionQueryKey, data: unknown }>
  /** The other named queries: invalidate them (the library refetches the active ones). */
  stale: ActionQueryKey[]
}

/** A mutation planned against a library's cache: what to send, then what to change. */
export interface CacheMutation {
  /** The call's headers, with the single-flight header when a named query has a URL. */
  headers: Record<string, string> | undefined
  /**
   * The answer without its `refreshed` map, and for a success the cache
   * changes; a failure changes nothing.
   */
  settle: (answer: ActionResult<unknown>) => { result: ActionResult<unknown>, update: CacheUpdate }
}

/** Options of `planCacheMutation`. */
export interface CacheMutationOptions {
  /** The mutation's `refreshes` (`QueryTarget`s, checked by the adapter's types). */
  targets: readonly unknown[]
  /** Every key in the library's cache under `ACTION_QUERY_ROOT`. */
  cached: ReadonlyArray<readonly unknown[]>
  /** Ask the server for the named queries' data (default true). */
  singleFlight?: boolean
  /** The call's own headers. */
  headers?: Record<string, string>
}

/**
 * Plans one mutation against a query library's cache: finds the cached
 * queries its targets name, sends their URLs (at most 8) in the
 * single-flight header, and once answered says which of them to write
 * from the answer's `refreshed` map and which to invalidate.
 * @example
 * const mutation = planCacheMutation({ targets: ['/api/todos'], cached: keys })
 * const { result, update } = mutation.settle(await startAction('/api/todos', { method: 'POST', input, headers: mutation.headers }))
 * update.fresh.forEach(({ key, data }) => cache.setQueryData(key, data))
 */
export function planCacheMutation(options: CacheMutationOptions): CacheMutation {
  const named = options.cached.filter(key => isNamedBy(key, options.targets as readonly QueryTarget[])) as ActionQueryKey[]
  const urls = new Map(named.map(key => [key, actionQueryUrl(key)]))
  const asked = options.singleFlight === false
    ? []
    : [...new Set([...urls.values()].filter(url => url !== undefined))].slice(0, MAX_SINGLE_FLIGHT)
  return {
    headers: asked.length > 0 ? { ...options.headers, [REFRESH_HEADER]: JSON.stringify(asked) } : options.headers,
    settle(answer) {
      const { refreshed, ...result } = answer as ActionResult<unknown> & { refreshed?: Record<string, unknown> }
      const update: CacheUpdate = { fresh: [], stale: [] }
      if (!result.success) return { result: result as ActionResult<unknown>, update }
      for (const key of named) {
        const url = urls.get(key)
        const envelope = url !== undefined && asked.includes(url) ? refreshed?.[url] : undefined
        if (isActionResult(envelope) && envelope.success) update.fresh.push({ key, data: envelope.data })
        else update.stale.push(key)
      }
      return { result: result as ActionResult<unknown>, update }
    },
  }
}

/** What a mutation sends and refreshes: the adapters' mutation options, loosely typed (their own types check them). */
export interface MutationCall {
  method?: string
  /** `RefreshTarget`s: the cached queries to refresh once the mutation succeeds. */
  refreshes?: readonly unknown[]
  singleFlight?: boolean
  headers?: Record<string, string>
  timeout?: number
  retry?: number
  retryDelay?: number
}

/** `mutate`'s variables: `$action`'s own options, loosely typed. */
export interface MutationVariables {
  input?: unknown
  params?: Record<string, string | number>
  headers?: Record<string, string>
  idempotencyKey?: string
}

/** The three things a mutation needs of a library's cache. */
export interface LibraryCache {
  /** The keys of every cached action query. */
  keys: () => readonly (readonly unknown[])[]
  write: (key: ActionQueryKey, data: unknown) => void
  invalidate: (key: ActionQueryKey) => Promise<unknown>
}

/**
 * How `useAction` finds a library's cached action queries that its
 * `refreshes` name: each with its URL, to write or invalidate.
 * @example
 * registerLibrary(libraryLookup(cache))
 */
export function libraryLookup(cache: LibraryCache): LibraryLookup {
  return targets => cache.keys().filter(key => isNamedBy(key, targets)).map(key => ({
    url: actionQueryUrl(key),
    write: data => cache.write(key as ActionQueryKey, data),
    invalidate: () => cache.invalidate(key as ActionQueryKey),
  }))
}

/**
 * Runs one mutation against a library's cache: sends the call with the
 * single-flight header naming the cached queries its `refreshes` target,
 * writes the fresh data the answer carried, invalidates the other named
 * queries (awaited), then resolves to the action's data, or rejects with an
 * `ActionQueryError` and changes nothing.
 * @example
 * await runCacheMutation(startAction, '/api/todos', { method: 'POST', refreshes: ['/api/todos'] }, { input: { title: 'Milk' } }, cache)
 */
export async function runCacheMutation(send: SendAction, path: string, call: MutationCall, variables: MutationVariables, cache: LibraryCache): Promise<unknown> {
  const plan = planCacheMutation({
    targets: call.refreshes ?? [],
    cached: cache.keys(),
    singleFlight: call.singleFlight,
    headers: call.headers || variables.headers ? { ...call.headers, ...variables.headers } : undefined,
  })
  const { result, update } = plan.settle(await send(path, {
    method: call.method,
    params: variables.params,
    input: variables.input,
    headers: plan.headers,
    timeout: call.timeout,
    retry: call.retry,
    retryDelay: call.retryDelay,
    idempotencyKey: variables.idempotencyKey,
  }))
  for (const { key, data } of update.fresh) cache.write(key, data)
  await Promise.all(update.stale.map(key => cache.invalidate(key)))
  return dataOrThrow(result)
}
