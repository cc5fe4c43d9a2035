import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { $fetch } from 'ofetch'
import { getQuery, setResponseStatus, defineEventHandler, readBody } from 'h3'
import { z } from 'zod'
import { defineAction } from '../../src/runtime/server'
import type { ActionFetcher } from '../../src/runtime/app/internal/call-action'
import { callAction, fillParams, isActionResult } from '../../src/runtime/app/internal/call-action'
import type { TestServer } from '../helpers/serve'
import { serve } from '../helpers/serve'

let server: TestServer
let flakyCalls = 0
let fetcher: ActionFetcher

beforeAll(async () => {
  server = await serve({
    '/api/echo/**': defineAction({ handler: ({ input, event }) => ({ method: event.method, path: event.path, input }) }),
    '/api/todos': defineAction({ input: z.object({ title: z.string().min(1) }), handler: ({ input }) => input }),
    '/api/slow': defineAction({ handler: () => new Promise(resolve => setTimeout(() => resolve('late'), 2000)) }),
    '/api/flaky': defineAction({
      handler: ({ event }) => {
        flakyCalls++
        if (Number(getQuery(event).failures) >= flakyCalls) throw new Error('temporarily down')
        return { calls: flakyCalls }
      },
    }),
    '/api/plain': defineEventHandler(async (event) => {
      setResponseStatus(event, 200)
      return { not: 'an envelope', body: await readBody(event).catch(() => null) }
    }),
  })
  fetcher = $fetch.create({ baseURL: server.url }) as unknown as ActionFetcher
})
afterAll(() => server.close())

describe('$action', () => {
  it('fills params URL-encoded, a catch-all keeps its slashes', () => {
    expect(fillParams('/api/todos/:id', { id: 'a b/c' })).toBe('/api/todos/a%20b%2Fc')
    expect(fillParams('/api/files/**:path', { path: 'docs/a b.md' })).toBe('/api/files/docs/a%20b.md')
    expect(() => fillParams('/api/todos/:id', {})).toThrow(new TypeError('Missing route param "id" for /api/todos/:id'))
  })

  it('sends input as the query for GET and as a JSON body otherwise', async () => {
    const get = await callAction(fetcher, `/api/echo/:id`, { method: 'GET', params: { id: 7 }, input: { q: 'x y' } })
    expect(get).toEqual({ success: true, data: { method: 'GET', path: '/api/echo/7?q=x+y', input: { q: 'x y' } } })
    const patch = await callAction(fetcher, `/api/echo/:id`, { method: 'patch', params: { id: 7 }, input: { done: true } })
    expect(patch).toEqual({ success: true, data: { method: 'PATCH', path: '/api/echo/7', input: { done: true } } })
  })

  it('returns the failure envelope instead of throwing', async () => {
    const result = await callAction(fetcher, `/api/todos`, { method: 'POST', input: { title: '' } })
    expect(result.success).toBe(false)
    expect(!result.success && result.error.code).toBe('VALIDATION_ERROR')
  })

  it('turns a network failure into FETCH_ERROR', async () => {
    const unreachable = $fetch.create({ baseURL: 'http://127.0.0.1:9' }) as unknown as ActionFetcher
    const result = await callAction(unreachable, '/api/nothing', { method: 'GET' })
    expect(result).toEqual({ success: false, error: { code: 'FETCH_ERROR', message: 'The server could not be reached', statusCode: 0 } })
  })

  it('turns an abort into ABORT_ERROR', async () => {
    const controller = new AbortController()
    const pending = callAction(fetcher, `/api/slow`, { method: 'GET', signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    expect(await pending).toEqual({ success: false, error: { code: 'ABORT_ERROR', message: 'The request was aborted', statusCode: 0 } })
  })

  it('turns a timeout into TIMEOUT_ERROR, also with a signal of its own', async () => {
    const result = await callAction(fetcher, `/api/slow`, { method: 'GET', timeout: 100, signal: new AbortController().signal })
    expect(result).toEqual({ success: false, error: { code: 'TIMEOUT_ERROR', message: 'The request timed out after 100 ms', statusCode: 0 } })
  })

  it('retries a 5xx on an idempotent method, never on POST', async () => {
    flakyCalls = 0
    expect(await callAction(fetcher, `/api/flaky`, { method: 'GET', input: { failures: '2' }, retry: 2, retryDelay: 10 }))
      .toEqual({ success: true, data: { calls: 3 } })
    flakyCalls = 0
    const post = await callAction(fetcher, `/api/flaky?failures=1`, { method: 'POST', retry: 3, retryDelay: 10 })
    expect(!post.success && post.error.code).toBe('INTERNAL_ERROR')
    expect(flakyCalls).toBe(1)
  })

  it('answers INVALID_RESPONSE for something that is not an envelope', async () => {
    const result = await callAction(fetcher, `/api/plain`, { method: 'GET' })
    expect(result).toEqual({ success: false, error: { code: 'INVALID_RESPONSE', message: 'The server did not answer with an action envelope', statusCode: 200 } })
    expect(isActionResult({ success: true })).toBe(false)
    expect(isActionResult({ success: false, error: { code: 'X', message: 'y', statusCode: 400 } })).toBe(true)
  })

  it('HEAD resolves to data null', async () => {
    expect(await callAction(fetcher, `/api/echo/:id`, { method: 'HEAD', params: { id: 1 } })).toEqual({ success: true, data: null })
  })
})
