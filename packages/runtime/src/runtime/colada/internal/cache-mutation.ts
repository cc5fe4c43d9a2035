import type { QueryCache } from '@pinia/colada'
import type { LibraryCache, SendAction, MutationCall, MutationVariables } from '../../app/query-libraries/library-queries'
import { ACTION_QUERY_ROOT, runCacheMutation } from '../../app/query-libraries/library-queries'

export type { MutationCall, MutationVariables }

/**
 * The `mutation` function of an action for Pinia Colada: sends the call
 * with the single-flight header naming the cached queries its `refreshes`
 * target, and on success writes the fresh data the answer carried into
 * Colada's cache (no refetch), invalidates the other named queries (the
 * active ones refetch, awaited), then resolves to the action's data. A
 * failure envelope rejects with an `ActionQueryError` and changes nothing.
 * @example
 * const mutation = actionCacheMutation(actionSender(), '/api/todos', { method: 'POST', refreshes: ['/api/todos'] }, useQueryCache())
 * await mutation({ input: { title: 'Milk' } })
 */
export function actionCacheMutation(send: SendAction, path: string, call: MutationCall, queryCache: QueryCache): (variables?: MutationVariables) => Promise<unknown> {
  return (variables = {}) => runCacheMutation(send, path, call, variables, coladaCache(queryCache))
}

/**
 * Colada's cache as a mutation sees it: its action queries' keys, and a
 * write and an invalidation (the active query refetches) of one of them.
 * @example
 * registerLibrary(libraryLookup(coladaCache(useQueryCache())))
 */
export function coladaCache(queryCache: QueryCache): LibraryCache {
  return {
    keys: () => queryCache.getEntries({ key: [ACTION_QUERY_ROOT] }).map(entry => entry.key),
    write: (key, data) => queryCache.setQueryData(key, data),
    invalidate: key => queryCache.invalidateQueries({ key, exact: true }),
  }
}
