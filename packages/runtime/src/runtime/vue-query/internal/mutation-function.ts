import type { QueryClient } from '@tanstack/vue-query'
import type { LibraryCache, SendAction, MutationCall, MutationVariables } from '../../app/query-libraries/library-queries'
import { ACTION_QUERY_ROOT, runCacheMutation } from '../../app/query-libraries/library-queries'

export type { MutationCall, MutationVariables }

/**
 * The `mutationFn` of an action: sends the call with the single-flight
 * header naming the cached queries its `refreshes` target, and on success
 * writes the fresh data the answer carried into the cache (no refetch),
 * invalidates the other named queries (the active ones refetch, awaited),
 * then resolves to the action's data. A failure envelope rejects with an
 * `ActionQueryError` and changes nothing in the cache. The client is the
 * one TanStack Query passes the function (5.8x and later), else `client()`.
 * @example
 * const mutationFn = actionMutationFunction(startAction, '/api/todos', { method: 'POST', refreshes: ['/api/todos'] }, () => captured)
 * await mutationFn({ input: { title: 'Milk' } }, { client: queryClient })
 */
export function actionMutationFunction(
  send: SendAction,
  path: string,
  call: MutationCall,
  client: () => QueryClient | undefined,
): (variables: MutationVariables | undefined, context?: { client?: QueryClient }) => Promise<unknown> {
  return async (variables = {}, context) => {
    const queryClient = context?.client ?? client()
    if (!queryClient) throw new TypeError(`actionMutationOptions('${path}'): no QueryClient: call it in a component's setup, or update @tanstack/vue-query (5.8x passes its client to mutationFn)`)
    return runCacheMutation(send, path, call, variables, tanstackCache(queryClient))
  }
}

/**
 * A QueryClient's cache as a mutation sees it: its action queries' keys,
 * and a write and an invalidation (the active query refetches) of one of them.
 * @example
 * registerLibrary(libraryLookup(tanstackCache(queryClient)))
 */
export function tanstackCache(queryClient: QueryClient): LibraryCache {
  return {
    keys: () => queryClient.getQueryCache().findAll({ queryKey: [ACTION_QUERY_ROOT] }).map(query => query.queryKey),
    write: (key, data) => queryClient.setQueryData(key, data),
    invalidate: key => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  }
}
