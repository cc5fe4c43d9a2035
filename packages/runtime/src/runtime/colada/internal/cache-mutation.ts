import type { QueryCache } from '@pinia/colada'
import type { SendAction } from '../../app/internal/library-queries'
import { ACTION_QUERY_ROOT, dataOrThrow, planCacheMutation } from '../../app/internal/library-queries'

/** What a mutation sends and refreshes: `actionMutation`'s options, loosely typed (its own types check them). */
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
  return async (variables = {}) => {
    const plan = planCacheMutation({
      targets: call.refreshes ?? [],
      cached: queryCache.getEntries({ key: [ACTION_QUERY_ROOT] }).map(entry => entry.key),
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
    for (const { key, data } of update.fresh) queryCache.setQueryData(key, data)
    await Promise.all(update.stale.map(key => queryCache.invalidateQueries({ key, exact: true })))
    return dataOrThrow(result)
  }
}
