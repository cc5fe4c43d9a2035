import { createApp } from 'vue'
import { createPinia } from 'pinia'
import { PiniaColada, useQueryCache } from '@pinia/colada'
import type { QueryCache } from '@pinia/colada'
import { describe, expect, it } from 'vitest'
import type { ActionResult } from '../../src/runtime/server/types'
import { ActionQueryError } from '../../src/runtime/app/query-libraries/action-query-error'
import type { SendAction } from '../../src/runtime/app/query-libraries/library-queries'
import { actionQueryKey } from '../../src/runtime/app/query-libraries/library-queries'
import type { CallOptions } from '../../src/runtime/app/call/call-action'
import { actionCacheMutation } from '../../src/runtime/colada/internal/cache-mutation'

/** A real Pinia Colada query cache, in an app of its own, holding the list, page 2, one todo and the stats. */
function cacheWithQueries() {
  const app = createApp({})
  app.use(createPinia())
  app.use(PiniaColada)
  const queryCache = app.runWithContext(() => useQueryCache()) as QueryCache
  const keys = {
    list: actionQueryKey('/api/todos'),
    page2: actionQueryKey('/api/todos', undefined, { page: '2' }),
    todo: actionQueryKey('/api/todos/:id', { id: 1 }),
    stats: actionQueryKey('/api/stats'),
  }
  for (const [name, key] of Object.entries(keys)) queryCache.setQueryData(key, `old ${name}`)
  // invalidating an entry sets its `when` (the time of its data) to 0; entries without a useQuery have no staleTime
  const stale = (key: readonly unknown[]) => queryCache.getEntries({ key: key as never, exact: true })[0]!.when === 0
  return { queryCache, keys, stale }
}

/** A stand-in for the server: answers each call with `answer(options)` and records what was sent. */
function server(answer: (options: CallOptions) => ActionResult<unknown> & { refreshed?: Record<string, unknown> }) {
  const sent: Array<{ path: string } & CallOptions> = []
  const send: SendAction = async (path, options) => {
    sent.push({ path, ...options })
    return answer(options)
  }
  return { send, sent }
}

describe('an action mutation on Pinia Colada\'s cache', () => {
  it('asks for the named queries, writes the data the answer carried and invalidates the named rest', async () => {
    const { queryCache, keys, stale } = cacheWithQueries()
    const { send, sent } = server(() => ({
      success: true,
      data: { id: 3, title: 'Milk' },
      refreshed: { '/api/todos': { success: true, data: 'fresh list' } },
    }))
    const mutation = actionCacheMutation(send, '/api/todos', { method: 'POST', refreshes: ['/api/todos'], headers: { 'x-a': '1' } }, queryCache)
    await expect(mutation({ input: { title: 'Milk' }, headers: { 'x-b': '2' } })).resolves.toEqual({ id: 3, title: 'Milk' })
    expect(sent).toMatchObject([{
      path: '/api/todos',
      method: 'POST',
      input: { title: 'Milk' },
      headers: { 'x-a': '1', 'x-b': '2', 'x-action-refresh': JSON.stringify(['/api/todos', '/api/todos?page=2']) },
    }])
    expect(queryCache.getQueryData(keys.list)).toBe('fresh list')
    expect(stale(keys.list)).toBe(false)
    // page 2 was named but did not come back: invalidated; the others were not named
    expect(queryCache.getQueryData(keys.page2)).toBe('old page2')
    expect(stale(keys.page2)).toBe(true)
    expect(stale(keys.todo)).toBe(false)
    expect(stale(keys.stats)).toBe(false)
  })

  it('names a route\'s queries by params as strings, and sends params and the idempotency key', async () => {
    const { queryCache, keys, stale } = cacheWithQueries()
    const { send, sent } = server(() => ({ success: true, data: null, refreshed: { '/api/todos/1': { success: true, data: 'fresh todo' } } }))
    const mutation = actionCacheMutation(send, '/api/todos/:id', { method: 'PATCH', refreshes: [{ path: '/api/todos/:id', params: { id: '1' } }] }, queryCache)
    await mutation({ params: { id: 1 }, input: { done: true }, idempotencyKey: 'k-1' })
    expect(sent).toMatchObject([{ path: '/api/todos/:id', params: { id: 1 }, idempotencyKey: 'k-1', headers: { 'x-action-refresh': '["/api/todos/1"]' } }])
    expect(queryCache.getQueryData(keys.todo)).toBe('fresh todo')
    expect(stale(keys.list)).toBe(false)
  })

  it('rejects a failure envelope with an ActionQueryError and leaves the cache alone', async () => {
    const { queryCache, keys, stale } = cacheWithQueries()
    const error = { code: 'VALIDATION_ERROR', message: 'Invalid input', statusCode: 422, fieldErrors: { title: ['Write something first'] } }
    const { send } = server(() => ({ success: false, error, refreshed: { '/api/todos': { success: true, data: 'fresh list' } } }))
    const mutation = actionCacheMutation(send, '/api/todos', { method: 'POST', refreshes: ['/api/todos'] }, queryCache)
    const rejected = await mutation({ input: { title: ' ' } }).catch((caught: unknown) => caught)
    expect(rejected).toBeInstanceOf(ActionQueryError)
    expect(rejected).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 422, fieldErrors: { title: ['Write something first'] }, data: error })
    expect(queryCache.getQueryData(keys.list)).toBe('old list')
    expect(stale(keys.list)).toBe(false)
  })

  it('with singleFlight false asks for nothing and invalidates every named query', async () => {
    const { queryCache, keys, stale } = cacheWithQueries()
    const { send, sent } = server(() => ({ success: true, data: null }))
    await actionCacheMutation(send, '/api/todos', { method: 'POST', refreshes: ['/api/todos'], singleFlight: false }, queryCache)()
    expect(sent[0]!.headers).toBeUndefined()
    expect([stale(keys.list), stale(keys.page2), stale(keys.todo)]).toEqual([true, true, false])
  })
})
