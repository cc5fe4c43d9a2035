import type { QueryClient } from '@tanstack/vue-query'
import type { ActionResult } from '../../server/types'
import type { SendAction } from '../../app/internal/library-queries'
import { ACTION_QUERY_ROOT, dataOrThrow, planCacheMutation } from '../../app/internal/library-queries'

/** What a mutation sends and refreshes: `actionMutationOptions`' options, loosely typed (its own types check them). */
export interface MutationCall {
  method?: string
  /** `RefreshTarget`s: the cached queries to refresh once the mutation succeeds. */
  refreshes?: readonly unknown[]
  singleFlight?: boolean
  headers?: Record<string, string>
  timeout?: number
}

/** `mutate`'s variables: `$action`'s own options, loosely typed. */
export interface MutationVariables {
  input?: unknown
  params?: Record<string, string | number>
  headers?: Record<string, string>
  idempotencyKey?: string
}

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
    const cached = queryClient.getQueryCache().findAll({ queryKey: [ACTION_QUERY_ROOT] }).map(query => query.queryKey)
    const headers = call.headers || variables.headers ? { ...call.headers, ...variables.headers } : undefined
    const mutation = planCacheMutation({ targets: call.refreshes ?? [], cached, singleFlight: call.singleFlight, headers })
    const answer = await send(path, {
      method: call.method,
      timeout: call.timeout,
      input: variables.input,
      params: variables.params,
      idempotencyKey: variables.idempotencyKey,
      headers: mutation.headers,
    })
    const { result, update } = mutation.settle(answer)
    for (const { key, data } of update.fresh) queryClient.setQueryData(key, data)
    await Promise.all(update.stale.map(key => queryClient.invalidateQueries({ queryKey: key, exact: true })))
    return dataOrThrow(result as ActionResult<unknown>)
  }
}
