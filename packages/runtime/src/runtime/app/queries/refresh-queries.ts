import type { ActionResult } from '../../server/types'
import { isActionResult } from '../call/call-action'
import { withoutLayer } from '../optimistic/optimistic-layers'
import type { LibraryQuery } from './library-registry'
import { libraryQueries } from './library-registry'
import type { MountedQuery, QueryTarget } from './internal/query-registry'
import { namedQueries, queriesOf } from './internal/query-registry'

/** The request header that asks the server for the named queries' fresh data (single flight). */
export const REFRESH_HEADER = 'x-action-refresh'
/** At most this many queries ride on one mutation's answer; the rest are refetched. */
export const MAX_SINGLE_FLIGHT = 8

/**
 * What a mutation refreshes and changes optimistically, as `useAction`'s
 * options hold them (checked by `checkRefreshOptions`). Loosely typed on
 * purpose: the options' own types (`RefreshTarget`, `OptimisticUpdates`)
 * span every GET route, and relating them to a narrower type here would
 * make the type-checker work out each route's input and output in every
 * app, whether or not it names a query.
 */
export interface MutationPlan {
  /** `QueryTarget`s. */
  targets: readonly unknown[]
  /** Route → the change to show until the server answers. */
  optimistic?: object
  /** Ask the server to send the fresh data along (default true). */
  singleFlight?: boolean
}

/** A mutation about to be sent: the headers to send it with, then what to do once it is sent. */
export interface Mutation {
  headers: Record<string, string> | undefined
  /** Shows the optimistic changes; called once the call is sent (not for one refused before sending). */
  apply: () => void
  /** Rolls back on failure; on success takes or refetches the named queries' data, then drops the changes. */
  settle: (sent: Promise<ActionResult<unknown>>) => Promise<ActionResult<unknown>>
}

/** One route's entry of `optimistic`. */
type OptimisticUpdate = (data: never, input: never, params: never) => unknown

let calls = 0

/**
 * Prepares the refresh and optimistic part of one mutation call: finds the
 * mounted queries it names (the optimistic ones included, so the server's
 * data replaces the guess) and the same in a linked query library's cache,
 * and the single-flight header listing their URLs.
 * @example
 * const mutation = planMutation({ targets: ['/api/todos'] }, { title: 'Milk' }, {}, headers)
 * const sent = startAction(path, { headers: mutation.headers, ... })
 * mutation.apply()
 * return mutation.settle(sent)
 */
export function planMutation(plan: MutationPlan, input: unknown, params: unknown, headers: Record<string, string> | undefined): Mutation {
  const id = ++calls
  const optimistic = Object.entries(plan.optimistic ?? {}) as [string, OptimisticUpdate | undefined][]
  const targets = [...plan.targets as readonly QueryTarget[], ...optimistic.map(([path]) => path)]
  const queries = namedQueries(targets)
  // the same targets in a query library's cache (Pinia Colada, TanStack Query), when the app linked one
  const cached = libraryQueries(targets)
  const changed = optimistic.flatMap(([path, update]) => queriesOf(path).filter(query => !query.shaped).map(query => ({ query, update: (data: unknown) => update?.(data as never, input as never, params as never) })))
  const wanted = [...queries.map(query => query.url()), ...cached.map(query => query.url)]
  const urls = plan.singleFlight === false ? [] : [...new Set(wanted.filter(url => url !== undefined))].slice(0, MAX_SINGLE_FLIGHT)
  const dropLayers = () => changed.forEach(({ query }) => query.layers.value = withoutLayer(query.layers.value, id))

  return {
    headers: urls.length > 0 ? { ...headers, [REFRESH_HEADER]: JSON.stringify(urls) } : headers,
    apply: () => changed.forEach(({ query, update }) => query.layers.value = [...query.layers.value, { id, update }]),
    async settle(sent) {
      try {
        const { refreshed, ...result } = await sent as ActionResult<unknown> & { refreshed?: Record<string, unknown> }
        if (result.success) await Promise.all([...queries.map(query => refreshQuery(query, refreshed)), ...cached.map(query => refreshCached(query, refreshed))])
        return result as ActionResult<unknown>
      }
      finally {
        dropLayers()
      }
    },
  }
}

/** Takes the fresh data the answer carried for this query, or fetches it. */
function refreshQuery(query: MountedQuery, refreshed: Record<string, unknown> | undefined): Promise<void> | void {
  const url = query.url()
  const fresh = url === undefined ? undefined : refreshed?.[url]
  return isActionResult(fresh) ? query.receive(fresh) : query.refresh()
}

/** Writes the fresh data the answer carried into the library's cache, or invalidates the query there. */
async function refreshCached(query: LibraryQuery, refreshed: Record<string, unknown> | undefined): Promise<void> {
  const fresh = query.url === undefined ? undefined : refreshed?.[query.url]
  if (isActionResult(fresh) && fresh.success) query.write(fresh.data)
  else await query.invalidate()
}
