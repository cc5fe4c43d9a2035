import type { QueryTarget } from './internal/query-registry'
import { allQueries, namedQueries } from './internal/query-registry'
import type { RefreshTarget } from '../call/use-action'

/**
 * Refreshes the mounted `useActionQuery` queries that the targets name, as
 * a mutation's `refreshes` does (a GET route, or only the queries loaded
 * with these params and input values), or every mounted one without
 * targets: each query key once, in parallel. Resolves when all have
 * settled. In the browser only: during SSR no query is mounted, and it
 * resolves at once.
 * @example
 * await refreshActionQueries('/api/todos')
 * await refreshActionQueries([{ path: '/api/todos/:id', params: { id: 1 } }, '/api/stats'])
 * await refreshActionQueries()
 */
export async function refreshActionQueries(targets?: RefreshTarget | readonly RefreshTarget[]): Promise<void> {
  const named = targets === undefined
    ? allQueries()
    : namedQueries((Array.isArray(targets) ? targets : [targets]) as readonly QueryTarget[])
  await Promise.all(named.map(query => query.refresh()))
}
