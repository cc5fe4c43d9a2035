import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { $fetch } from 'ofetch'
import { getQuery, setResponseStatus, defineEventHandler, readBody } from 'h3'
import { z } from 'zod'
import { defineAction } from '../../src/runtime/server'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction, isActionResult } from '../../src/runtime/app/call/call-action'
import { fillParams } from '../../src/runtime/app/internal/fill-params'
import { ssrCallHeaders } from '../../src/runtime/app/call/forwarded-headers'
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
    expect(() => fillParams('/api/todos/:id', {})).toThrow(new TypeError('Route param "id" for /api/todos/:id is missing: pass params: { id }'))
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

  it('retries a 5xx on every method, a POST with its Idempotency-Key (idempotency-key-on-retries.test.ts)', async () => {
    flakyCalls = 0
    expect(await callAction(fetcher, `/api/flaky`, { method: 'GET', input: { failures: '2' }, retry: 2, retryDelay: 10 }))
      .toEqual({ success: true, data: { calls: 3 } })
    flakyCalls = 0
    expect(await callAction(fetcher, `/api/flaky?failures=1`, { method: 'POST', retry: 3, retryDelay: 10 }))
      .toEqual({ success: true, data: { calls: 2 } })
    flakyCalls = 0
    const post = await callAction(fetcher, `/api/flaky?failures=1`, { method: 'POST', retryDelay: 10 })
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

/** A bare HTTP server that records the raw request line of everything that reaches it. */
async function recordingServer() {
  const requests: string[] = []
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`)
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ success: true, data: request.url }))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    requests,
    fetcher: $fetch.create({ baseURL: url }) as unknown as ActionFetcher,
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  }
}

/** Whether a string has no lone surrogate (String#isWellFormed is newer than the ES2023 library used here). */
function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)
}

describe('params that would reach another route', () => {
  it('refuses an empty, "." or ".." param with a TypeError naming it, and sends nothing', async () => {
    const recorder = await recordingServer()
    try {
      for (const id of ['', '.', '..']) {
        await expect(callAction(recorder.fetcher, '/api/todos/:id', { method: 'DELETE', params: { id } }))
          .rejects.toThrow(new TypeError(`Route param "id" for /api/todos/:id is ${JSON.stringify(id)}: an empty, "." or ".." segment would reach another route`))
      }
      for (const path of ['', '.', '..', 'a/../b', 'a/./b', '../secret', 'a/..', 'a//b', '/a', 'a/']) {
        await expect(callAction(recorder.fetcher, '/api/files/**:path', { method: 'GET', params: { path } }))
          .rejects.toThrow(/^Route param "path" for \/api\/files\/\*\*:path is .*: an empty, "\." or "\.\." segment would reach another route$/)
      }
      await expect(callAction(recorder.fetcher, '/api/todos/:id', { method: 'GET', params: { id: '\uD800' } }))
        .rejects.toThrow(new TypeError('Route param "id" for /api/todos/:id holds a lone surrogate'))
      await expect(callAction(recorder.fetcher, '/api/todos/:id', { method: 'GET', params: { id: {} as string } }))
        .rejects.toThrow(new TypeError('Route param "id" for /api/todos/:id must be a string or a number, got object'))
      await expect(callAction(recorder.fetcher, '/api/todos/:id', { method: 'GET', params: {} as { constructor: string } }))
        .rejects.toThrow(new TypeError('Route param "id" for /api/todos/:id is missing: pass params: { id }'))
      expect(recorder.requests).toEqual([])
    }
    finally {
      await recorder.close()
    }
  })

  it('encodes /, ?, #, % and spaces so a param stays one segment on the wire', async () => {
    const recorder = await recordingServer()
    try {
      await callAction(recorder.fetcher, '/api/todos/:id', { method: 'DELETE', params: { id: 'a/b?c#d%2e e' } })
      await callAction(recorder.fetcher, '/api/files/**:path', { method: 'GET', params: { path: 'docs/..x/a?b#c%.md' } })
      await callAction(recorder.fetcher, '/api/todos/:id', { method: 'GET', params: { id: '...' } })
      expect(recorder.requests).toEqual([
        'DELETE /api/todos/a%2Fb%3Fc%23d%252e%20e',
        'GET /api/files/docs/..x/a%3Fb%23c%25.md',
        'GET /api/todos/...',
      ])
    }
    finally {
      await recorder.close()
    }
  })

  it('a filled param always reads back as exactly one segment holding the value (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
      fc.pre(!['', '.', '..'].includes(value) && isWellFormed(value))
      const url = new URL(fillParams('/api/todos/:id/edit', { id: value }), 'http://app.test')
      const segments = url.pathname.split('/')
      expect(url.search + url.hash).toBe('')
      expect(segments).toHaveLength(5)
      expect(segments.slice(0, 3).concat(segments[4]!)).toEqual(['', 'api', 'todos', 'edit'])
      expect(decodeURIComponent(segments[3]!)).toBe(value)
    }))
  })

  it('a catch-all keeps its segments and nothing climbs out of the route (property)', () => {
    const segment = fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }).filter(text => !text.includes('/') && text !== '.' && text !== '..' && isWellFormed(text))
    fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
      const url = new URL(fillParams('/api/files/**:path', { path: segments.join('/') }), 'http://app.test')
      expect(url.search + url.hash).toBe('')
      expect(url.pathname.split('/').slice(3).map(decodeURIComponent)).toEqual(segments)
    }))
  })
})

describe('call options that cannot work', () => {
  it('throws a TypeError naming the option, and sends nothing', async () => {
    const recorder = await recordingServer()
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ retry: Number.NaN }, 'Action option "retry" must be a whole number of attempts, 0 or more, got NaN'],
      [{ retry: 1.5 }, 'Action option "retry" must be a whole number of attempts, 0 or more, got 1.5'],
      [{ retry: -1 }, 'Action option "retry" must be a whole number of attempts, 0 or more, got -1'],
      [{ retry: '2' }, 'Action option "retry" must be a whole number of attempts, 0 or more, got "2"'],
      [{ timeout: -5 }, 'Action option "timeout" must be a number of milliseconds from 0 (none) to 2147483647, got -5'],
      [{ timeout: Number.NaN }, 'Action option "timeout" must be a number of milliseconds from 0 (none) to 2147483647, got NaN'],
      [{ timeout: Number.POSITIVE_INFINITY }, 'Action option "timeout" must be a number of milliseconds from 0 (none) to 2147483647, got Infinity'],
      [{ retryDelay: -1 }, 'Action option "retryDelay" must be a number of milliseconds from 0 to 2147483647, got -1'],
      [{ method: 'FETCH' }, 'Action option "method" must be one of GET, HEAD, POST, PUT, PATCH, DELETE, got "FETCH"'],
      [{ method: 5 }, 'Action option "method" must be one of GET, HEAD, POST, PUT, PATCH, DELETE, got 5'],
      [{ signal: {} }, 'Action option "signal" must be an AbortSignal, got object'],
      [{ headers: 'x-a: 1' }, 'Action option "headers" must be an object of header names to values, got "x-a: 1"'],
      [{ headers: { 'x-a': 1 } }, 'Action option "headers.x-a" must be a string, got 1'],
      [{ params: 'id' }, 'Action option "params" must be an object of route param values, got "id"'],
      [{ idempotencyKey: '' }, 'Action option "idempotencyKey" must be a string of 1 to 255 printable ASCII characters, got ""'],
    ]
    try {
      for (const [options, message] of bad) {
        await expect(callAction(recorder.fetcher, '/api/todos', { method: 'GET', ...options } as never)).rejects.toThrow(new TypeError(message))
      }
      await expect(callAction(recorder.fetcher, '/api/todos', null as never)).rejects.toThrow(new TypeError('Action options must be an object'))
      expect(recorder.requests).toEqual([])
      await callAction(recorder.fetcher, '/api/todos', { method: 'get', retry: 0, timeout: 0, retryDelay: 0, headers: { 'x-a': '1' } })
      expect(recorder.requests).toEqual(['GET /api/todos'])
    }
    finally {
      await recorder.close()
    }
  })
})

describe('headers of a call made during SSR', () => {
  const page = {
    'cookie': 'session=abc',
    'authorization': 'Bearer t',
    'accept-language': 'fr',
    'x-forwarded-for': '203.0.113.9',
    'host': 'shop.example',
  }

  it('passes on what identifies the user, and lets the call\'s own headers win whatever their case', () => {
    expect(ssrCallHeaders('/api/me', page, { 'Authorization': 'Bearer own', 'X-Trace': '1' })).toEqual({
      'cookie': 'session=abc',
      'authorization': 'Bearer own',
      'accept-language': 'fr',
      'x-forwarded-for': '203.0.113.9',
      'host': 'shop.example',
      'x-trace': '1',
    })
  })

  it('passes nothing of the page on to another server', () => {
    expect(ssrCallHeaders('https://other.example/api', page, { 'x-trace': '1' })).toEqual({ 'x-trace': '1' })
    expect(ssrCallHeaders('//other.example/api', page)).toEqual({})
    expect(ssrCallHeaders('/\\other.example/api', page)).toEqual({})
  })
})
