import { describe, expect, it } from 'vitest'
import type { ActionResult } from '../../src/runtime/server/types'
import { ActionQueryError, isActionQueryError } from '../../src/runtime/app/query-libraries/action-query-error'
import type { SendAction } from '../../src/runtime/app/query-libraries/library-queries'
import {
  actionQueryFunction,
  actionQueryKey,
  actionQueryUrl,
  dataOrThrow,
  isActionQueryKey,
  isNamedBy,
  planCacheMutation,
} from '../../src/runtime/app/query-libraries/library-queries'
import { MAX_SINGLE_FLIGHT, REFRESH_HEADER } from '../../src/runtime/app/queries/refresh-queries'

const notFound = { code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 }

describe('action query keys', () => {
  it('are root, path, params as strings and input, so a number and its string are one key', () => {
    expect(actionQueryKey('/api/todos/:id', { id: 1 })).toEqual(['action-route', '/api/todos/:id', { id: '1' }, {}])
    expect(actionQueryKey('/api/todos/:id', { id: 1 })).toEqual(actionQueryKey('/api/todos/:id', { id: '1' }))
    expect(actionQueryKey('/api/todos', undefined, { page: '2' })).toEqual(['action-route', '/api/todos', {}, { page: '2' }])
    expect(isActionQueryKey(actionQueryKey('/api/todos'))).toBe(true)
    expect(isActionQueryKey(['todos', 1])).toBe(false)
  })

  it('give the URL the query loads, as the single-flight answer keys it, or none for bad params', () => {
    expect(actionQueryUrl(actionQueryKey('/api/todos'))).toBe('/api/todos')
    expect(actionQueryUrl(actionQueryKey('/api/todos/:id', { id: 'a b' }, { full: 'yes' }))).toBe('/api/todos/a%20b?full=yes')
    expect(actionQueryUrl(actionQueryKey('/api/todos/:id', { id: '..' }))).toBeUndefined()
    expect(actionQueryUrl(actionQueryKey('/api/todos/:id'))).toBeUndefined()
    expect(actionQueryUrl(['todos'])).toBeUndefined()
  })
})

describe('the query function', () => {
  it('sends a GET with the params, input and signal, and resolves to the data', async () => {
    const sent: unknown[] = []
    const send: SendAction = async (path, options) => {
      sent.push({ path, ...options })
      return { success: true, data: [{ id: 1 }] }
    }
    const signal = new AbortController().signal
    await expect(actionQueryFunction(send, '/api/todos/:id', { id: 1 }, { full: 'yes' })(signal)).resolves.toEqual([{ id: 1 }])
    expect(sent).toEqual([{ path: '/api/todos/:id', method: 'GET', params: { id: 1 }, input: { full: 'yes' }, signal }])
  })

  it('rejects a failure envelope with an ActionQueryError carrying the error', async () => {
    const send: SendAction = async () => ({ success: false, error: { ...notFound, fieldErrors: { id: ['Unknown'] } } })
    const error = await actionQueryFunction(send, '/api/todos/:id', { id: 9 })().catch((caught: unknown) => caught)
    expect(isActionQueryError(error)).toBe(true)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'ActionQueryError', code: 'NOT_FOUND', message: 'No such todo', statusCode: 404, fieldErrors: { id: ['Unknown'] } })
    expect((error as ActionQueryError).data).toEqual({ ...notFound, fieldErrors: { id: ['Unknown'] } })
    expect(() => dataOrThrow({ success: false, error: notFound })).toThrow(ActionQueryError)
    expect(dataOrThrow({ success: true, data: null })).toBeNull()
  })
})

describe('targets naming cached queries', () => {
  it('name a route, or its queries holding these params and input values as strings', () => {
    const one = actionQueryKey('/api/todos/:id', { id: 1 }, { full: 'yes' })
    expect(isNamedBy(one, ['/api/todos/:id'])).toBe(true)
    expect(isNamedBy(one, [{ path: '/api/todos/:id', params: { id: 1 } }])).toBe(true)
    expect(isNamedBy(one, [{ path: '/api/todos/:id', params: { id: '1' }, input: { full: 'yes' } }])).toBe(true)
    expect(isNamedBy(one, [{ path: '/api/todos/:id', params: { id: 2 } }])).toBe(false)
    expect(isNamedBy(one, [{ path: '/api/todos/:id', input: { full: 'no' } }])).toBe(false)
    expect(isNamedBy(one, ['/api/todos'])).toBe(false)
    expect(isNamedBy(['todos', '/api/todos/:id'], ['/api/todos/:id'])).toBe(false)
  })
})

describe('a mutation planned against a library cache', () => {
  const list = actionQueryKey('/api/todos')
  const page2 = actionQueryKey('/api/todos', undefined, { page: '2' })
  const todo = actionQueryKey('/api/todos/:id', { id: 1 })
  const stats = actionQueryKey('/api/stats')

  it('asks for the named queries\' URLs in the single-flight header, each once', () => {
    const mutation = planCacheMutation({ targets: ['/api/todos', '/api/todos'], cached: [list, page2, todo, stats], headers: { 'x-a': '1' } })
    expect(mutation.headers).toEqual({ 'x-a': '1', [REFRESH_HEADER]: JSON.stringify(['/api/todos', '/api/todos?page=2']) })
  })

  it('sends no header without a named query, or with singleFlight false', () => {
    expect(planCacheMutation({ targets: ['/api/todos'], cached: [stats] }).headers).toBeUndefined()
    expect(planCacheMutation({ targets: [], cached: [list], headers: { 'x-a': '1' } }).headers).toEqual({ 'x-a': '1' })
    expect(planCacheMutation({ targets: ['/api/todos'], cached: [list], singleFlight: false }).headers).toBeUndefined()
  })

  it('writes the data the answer carried and invalidates the named queries it did not carry', () => {
    const mutation = planCacheMutation({ targets: ['/api/todos', { path: '/api/todos/:id', params: { id: 1 } }], cached: [list, page2, todo, stats] })
    const answer = {
      success: true,
      data: { id: 3 },
      refreshed: { '/api/todos': { success: true, data: ['fresh'] }, '/api/todos?page=2': { success: false, error: notFound } },
    } as ActionResult<unknown>
    const { result, update } = mutation.settle(answer)
    expect(result).toEqual({ success: true, data: { id: 3 } })
    expect(update.fresh).toEqual([{ key: list, data: ['fresh'] }])
    // a failed refresh and a query the answer left out are refetched
    expect(update.stale).toEqual([page2, todo])
  })

  it('invalidates every named query with singleFlight false, and changes nothing on failure', () => {
    const refreshed = { '/api/todos': { success: true, data: ['fresh'] } }
    const off = planCacheMutation({ targets: ['/api/todos'], cached: [list], singleFlight: false })
    expect(off.settle({ success: true, data: null, refreshed } as ActionResult<unknown>).update).toEqual({ fresh: [], stale: [list] })
    const failed = planCacheMutation({ targets: ['/api/todos'], cached: [list] })
    expect(failed.settle({ success: false, error: notFound, refreshed } as ActionResult<unknown>)).toEqual({ result: { success: false, error: notFound }, update: { fresh: [], stale: [] } })
  })

  it('asks for at most 8 queries and refetches the rest', () => {
    const many = Array.from({ length: MAX_SINGLE_FLIGHT + 2 }, (_, index) => actionQueryKey('/api/todos/:id', { id: index }))
    const mutation = planCacheMutation({ targets: ['/api/todos/:id'], cached: many })
    const asked = JSON.parse(mutation.headers![REFRESH_HEADER]!) as string[]
    expect(asked).toHaveLength(MAX_SINGLE_FLIGHT)
    const refreshed = Object.fromEntries(asked.map(url => [url, { success: true, data: url }]))
    const { update } = mutation.settle({ success: true, data: null, refreshed } as ActionResult<unknown>)
    expect(update.fresh).toHaveLength(MAX_SINGLE_FLIGHT)
    expect(update.stale).toEqual(many.slice(MAX_SINGLE_FLIGHT))
  })
})
