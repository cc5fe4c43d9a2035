import { QueryClient, QueryObserver } from '@tanstack/vue-query'
import { afterEach, describe, expect, it } from 'vitest'
import type { ActionResult } from '../../src/runtime/server/types'
import { ActionQueryError } from '../../src/runtime/app/query-libraries/action-query-error'
import type { SendAction } from '../../src/runtime/app/query-libraries/library-queries'
import { actionQueryKey } from '../../src/runtime/app/query-libraries/library-queries'
import { REFRESH_HEADER } from '../../src/runtime/app/queries/refresh-queries'
import { actionMutationFunction } from '../../src/runtime/vue-query/internal/mutation-function'

const listKey = actionQueryKey('/api/todos', undefined, { page: '1' })
const todoKey = actionQueryKey('/api/todos/:id', { id: 1 })
const clients: QueryClient[] = []

/** A real QueryClient holding the list and one todo, each watched by an active observer whose fetches are counted. */
function cacheWithQueries() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  clients.push(queryClient)
  queryClient.mount()
  const fetches: string[] = []
  for (const [key, data] of [[listKey, { total: 1, items: ['Milk'] }], [todoKey, { id: 1, title: 'Milk' }]] as const) {
    queryClient.setQueryData(key, data)
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: async () => {
        fetches.push(key[1])
        return { refetched: key[1] }
      },
    })
    observer.subscribe(() => {})
  }
  return { queryClient, fetches }
}

/** A stand-in for `startAction` that answers `answer` and keeps what each call sent. */
function answering(answer: ActionResult<unknown> & { refreshed?: Record<string, unknown> }) {
  const sent: Array<{ path: string, headers?: Record<string, string>, input?: unknown, method?: string }> = []
  const send: SendAction = async (path, options) => {
    sent.push({ path, ...options })
    return answer
  }
  return { send, sent }
}

afterEach(() => {
  clients.splice(0).forEach(client => client.clear())
})

describe('the mutation function of TanStack Query\'s options', () => {
  it('names the refreshed queries\' URLs, then writes their data from the answer into the cache, fetching nothing', async () => {
    const { queryClient, fetches } = cacheWithQueries()
    const fresh = { total: 2, items: ['Milk', 'Eggs'] }
    const { send, sent } = answering({ success: true, data: { id: 2, title: 'Eggs' }, refreshed: { '/api/todos?page=1': { success: true, data: fresh } } })
    const mutate = actionMutationFunction(send, '/api/todos', { method: 'POST', refreshes: ['/api/todos'] }, () => undefined)

    await expect(mutate({ input: { title: 'Eggs' } }, { client: queryClient })).resolves.toEqual({ id: 2, title: 'Eggs' })
    expect(sent).toEqual([expect.objectContaining({ path: '/api/todos', method: 'POST', input: { title: 'Eggs' }, headers: { [REFRESH_HEADER]: '["/api/todos?page=1"]' } })])
    expect(queryClient.getQueryData(listKey)).toEqual(fresh)
    expect(queryClient.getQueryData(todoKey)).toEqual({ id: 1, title: 'Milk' })
    expect(fetches).toEqual([])
  })

  it('invalidates a named query whose data did not come back, and resolves once it is refetched', async () => {
    const { queryClient, fetches } = cacheWithQueries()
    const { send, sent } = answering({ success: true, data: null })
    const mutate = actionMutationFunction(send, '/api/todos/:id', { method: 'DELETE', refreshes: [{ path: '/api/todos/:id', params: { id: 1 } }], singleFlight: false }, () => undefined)

    await mutate({ params: { id: 1 } }, { client: queryClient })
    expect(sent[0]!.headers).toBeUndefined()
    expect(fetches).toEqual(['/api/todos/:id'])
    expect(queryClient.getQueryData(todoKey)).toEqual({ refetched: '/api/todos/:id' })
    expect(queryClient.getQueryData(listKey)).toEqual({ total: 1, items: ['Milk'] })
  })

  it('rejects a failure envelope with an ActionQueryError and leaves the cache alone', async () => {
    const { queryClient, fetches } = cacheWithQueries()
    const fieldErrors = { title: ['Write something first'] }
    const { send } = answering({ success: false, error: { code: 'VALIDATION_ERROR', message: 'Invalid input', statusCode: 422, fieldErrors } })
    const mutate = actionMutationFunction(send, '/api/todos', { method: 'POST', refreshes: ['/api/todos'] }, () => undefined)

    const error = await mutate({ input: { title: ' ' } }, { client: queryClient }).catch(caught => caught)
    expect(error).toBeInstanceOf(ActionQueryError)
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 422, fieldErrors, message: 'Invalid input' })
    expect(queryClient.getQueryData(listKey)).toEqual({ total: 1, items: ['Milk'] })
    expect(fetches).toEqual([])
  })

  it('sends the options\' headers with the call\'s over them, and uses the client taken at set-up without one from TanStack', async () => {
    const { queryClient } = cacheWithQueries()
    const { send, sent } = answering({ success: true, data: { id: 1 } })
    const mutate = actionMutationFunction(send, '/api/todos/:id', { method: 'PATCH', headers: { 'x-a': '1', 'x-b': '1' }, refreshes: ['/api/todos'] }, () => queryClient)

    await mutate({ params: { id: 1 }, input: { done: true }, headers: { 'x-b': '2' }, idempotencyKey: 'key-1' })
    expect(sent[0]).toMatchObject({ headers: { 'x-a': '1', 'x-b': '2', [REFRESH_HEADER]: '["/api/todos?page=1"]' }, idempotencyKey: 'key-1' })
    // the list's data did not come back: invalidated and refetched
    expect(queryClient.getQueryData(listKey)).toEqual({ refetched: '/api/todos' })
  })

  it('throws a TypeError naming the route when there is no QueryClient at all', async () => {
    const { send, sent } = answering({ success: true, data: null })
    const mutate = actionMutationFunction(send, '/api/todos', { method: 'POST' }, () => undefined)
    await expect(mutate({ input: { title: 'Eggs' } })).rejects.toThrow(/actionMutationOptions\('\/api\/todos'\): no QueryClient/)
    expect(sent).toEqual([])
  })
})
