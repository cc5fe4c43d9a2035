import type { ShallowRef } from 'vue'
import type { ActionResult } from '../../../server/types'
import type { OptimisticLayer } from '../../optimistic/optimistic-layers'

/** A `useActionQuery` mounted in the browser, as mutations see it. */
export interface MountedQuery {
  path: string
  /** Its useAsyncData key: queries that share one share their data, so one refresh serves them all. */
  key: string
  /** Loaded with `transform` or `pick`: its data is not the route's, so no optimistic update applies to it. */
  shaped?: boolean
  params: () => Record<string, string | number> | undefined
  input: () => Record<string, unknown> | undefined
  /** The URL it loads now, or `undefined` when its params cannot build one. */
  url: () => string | undefined
  refresh: () => Promise<void>
  /** Takes fresh data the mutation's answer carried (single flight). */
  receive: (envelope: ActionResult<unknown>) => void | Promise<void>
  layers: ShallowRef<OptimisticLayer[]>
}

/** What a mutation names: every query of a GET route, or those whose params and input hold these values. */
export type QueryTarget = string | { path: string, params?: Record<string, unknown>, input?: Record<string, unknown> }

// browser only: during SSR no query outlives its page request and nothing mutates after render
const mounted = new Set<MountedQuery>()

/**
 * Adds a query to the ones mutations can refresh; the returned function
 * takes it out (when its component unmounts).
 * @example
 * onScopeDispose(registerQuery(query))
 */
export function registerQuery(query: MountedQuery): () => void {
  mounted.add(query)
  return () => mounted.delete(query)
}

// query values arrive as strings, so `{ id: 1 }` names the query loaded with `{ id: '1' }`
const holds = (actual: Record<string, unknown> | undefined, wanted: Record<string, unknown> | undefined): boolean =>
  Object.entries(wanted ?? {}).every(([name, value]) => actual !== undefined && String(actual[name]) === String(value))

/**
 * The mounted queries that targets name, each query key once.
 * @example
 * namedQueries(['/api/todos', { path: '/api/todos/:id', params: { id: 1 } }])
 */
export function namedQueries(targets: readonly QueryTarget[]): MountedQuery[] {
  const byKey = new Map<string, MountedQuery>()
  for (const query of mounted) {
    const named = targets.some(target => typeof target === 'string'
      ? target === query.path
      : target.path === query.path && holds(query.params(), target.params) && holds(query.input(), target.input))
    if (named && !byKey.has(query.key)) byKey.set(query.key, query)
  }
  return [...byKey.values()]
}

/**
 * Every mounted query, each query key once.
 * @example
 * await Promise.all(allQueries().map(query => query.refresh()))
 */
export function allQueries(): MountedQuery[] {
  return [...new Map([...mounted].map(query => [query.key, query])).values()].reverse()
}

/**
 * Every mounted query of one route, shared keys included: an optimistic
 * change is shown by each of them.
 * @example
 * queriesOf('/api/todos').forEach(query => query.layers.value = [...query.layers.value, layer])
 */
export function queriesOf(path: string): MountedQuery[] {
  return [...mounted].filter(query => query.path === path)
}
