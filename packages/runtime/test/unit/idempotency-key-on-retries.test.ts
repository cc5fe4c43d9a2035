import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { $fetch } from 'ofetch'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import { newIdempotencyKey } from '../../src/runtime/app/idempotency/idempotency-key'

// The client's half of idempotent mutations: which calls carry an Idempotency-Key, that every attempt of one
// call carries the same, and that a POST or PATCH is retried only with it. A real HTTP server records what
// reaches it; a "drop" answer closes the connection without a response, the lost answer a retry is for.
interface Received {
  method: string
  key: string | undefined
}

const UUID = /^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/
let received: Received[] = []
// what the next requests get, in order, before the envelope: 'drop' (no answer), '503', or 'running' (the
// idempotent() middleware's answer while the key's first request still runs)
let failures: Array<'drop' | '503' | 'running'> = []
let fetcher: ActionFetcher
let close: () => Promise<void>

beforeAll(async () => {
  const server = createServer((request, response) => {
    received.push({ method: request.method!, key: request.headers['idempotency-key'] as string | undefined })
    const failure = failures.shift()
    if (failure === 'drop') return request.socket.destroy()
    response.setHeader('content-type', 'application/json')
    if (failure === '503') {
      response.statusCode = 503
      return response.end(JSON.stringify({ success: false, error: { code: 'INTERNAL_ERROR', message: 'down', statusCode: 503 } }))
    }
    if (failure === 'running') {
      response.statusCode = 409
      response.setHeader('retry-after', '1')
      return response.end(JSON.stringify({ success: false, error: { code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'still running', statusCode: 409 } }))
    }
    response.end(JSON.stringify({ success: true, data: received.length }))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  fetcher = $fetch.create({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }) as unknown as ActionFetcher
  close = () => new Promise<void>(resolve => server.close(() => resolve()))
})
afterAll(() => close())
afterEach(() => {
  received = []
  failures = []
  vi.unstubAllGlobals()
})

describe('Idempotency-Key on calls that may be retried', () => {
  it('a POST whose answers are lost is retried, each attempt with the same generated key', async () => {
    failures = ['drop', '503']
    const result = await callAction(fetcher, '/api/orders', { method: 'POST', input: { sku: 'a' }, retry: 2, retryDelay: 5 })
    expect(result).toEqual({ success: true, data: 3 })
    expect(received.map(request => request.method)).toEqual(['POST', 'POST', 'POST'])
    expect(received[0]!.key).toMatch(UUID)
    expect(new Set(received.map(request => request.key))).toEqual(new Set([received[0]!.key]))
  })

  it('a 409 IDEMPOTENCY_KEY_IN_PROGRESS is tried again after its Retry-After, with the same key', async () => {
    failures = ['drop', 'running']
    const started = Date.now()
    const result = await callAction(fetcher, '/api/orders', { method: 'POST', retry: 2, retryDelay: 5 })
    expect(result).toEqual({ success: true, data: 3 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(new Set(received.map(request => request.key)).size).toBe(1)
  })

  it('gives the 409 to the caller when no attempt is left', async () => {
    failures = ['running']
    const result = await callAction(fetcher, '/api/orders', { method: 'POST', idempotencyKey: 'checkout-7' })
    expect(result).toEqual({ success: false, error: { code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'still running', statusCode: 409 } })
    expect(received).toHaveLength(1)
  })

  it('a PATCH, PUT and DELETE with retries carry a key too', async () => {
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      failures = ['drop']
      expect((await callAction(fetcher, '/api/orders/1', { method, retry: 1, retryDelay: 5 })).success).toBe(true)
    }
    expect(received.map(request => request.method)).toEqual(['PATCH', 'PATCH', 'PUT', 'PUT', 'DELETE', 'DELETE'])
    expect(received.every(request => UUID.test(request.key ?? ''))).toBe(true)
    expect(new Set(received.map(request => request.key)).size).toBe(3)
  })

  it('each call gets a key of its own', async () => {
    await callAction(fetcher, '/api/orders', { method: 'POST', retry: 1 })
    await callAction(fetcher, '/api/orders', { method: 'POST', retry: 1 })
    expect(received).toHaveLength(2)
    expect(received[0]!.key).not.toBe(received[1]!.key)
  })

  it('sends the given idempotencyKey, also without retries, as the draft\'s quoted string', async () => {
    failures = ['drop']
    await callAction(fetcher, '/api/orders', { method: 'POST', idempotencyKey: 'checkout-7', retry: 1, retryDelay: 5 })
    await callAction(fetcher, '/api/orders', { method: 'POST', idempotencyKey: 'say "hi" \\o/' })
    expect(received.map(request => request.key)).toEqual(['"checkout-7"', '"checkout-7"', '"say \\"hi\\" \\\\o/"'])
  })

  it('keeps a call\'s own Idempotency-Key header', async () => {
    await callAction(fetcher, '/api/orders', { method: 'POST', retry: 1, headers: { 'idempotency-key': 'mine' } })
    expect(received).toEqual([{ method: 'POST', key: 'mine' }])
  })

  it('a POST or PATCH without retries or a key is sent as before: no header, one attempt', async () => {
    for (const method of ['POST', 'PATCH']) {
      failures = ['drop']
      const result = await callAction(fetcher, '/api/orders', { method, retryDelay: 5 })
      expect(!result.success && result.error.code).toBe('FETCH_ERROR')
    }
    await callAction(fetcher, '/api/orders', { method: 'POST', retry: 0 })
    expect(received).toEqual([{ method: 'POST', key: undefined }, { method: 'PATCH', key: undefined }, { method: 'POST', key: undefined }])
  })

  it('a GET or HEAD with retries carries no key: it changes nothing', async () => {
    failures = ['drop']
    await callAction(fetcher, '/api/orders', { method: 'GET', retry: 1, retryDelay: 5 })
    await callAction(fetcher, '/api/orders', { method: 'HEAD', retry: 1 })
    expect(received).toEqual([{ method: 'GET', key: undefined }, { method: 'GET', key: undefined }, { method: 'HEAD', key: undefined }])
  })

  it('refuses a key that is not 1 to 255 printable ASCII characters, or one on a GET, and sends nothing', async () => {
    const shape = 'Action option "idempotencyKey" must be a string of 1 to 255 printable ASCII characters, got'
    const bad: Array<[unknown, string]> = [
      ['', `${shape} ""`],
      ['k'.repeat(256), `${shape} "${'k'.repeat(256)}"`],
      ['clé', `${shape} "clé"`],
      ['a\nb', `${shape} "a\\nb"`],
      [7, `${shape} 7`],
      [null, `${shape} null`],
    ]
    for (const [idempotencyKey, message] of bad) {
      await expect(callAction(fetcher, '/api/orders', { method: 'POST', idempotencyKey } as never)).rejects.toThrow(new TypeError(message))
    }
    for (const method of ['GET', 'HEAD']) {
      await expect(callAction(fetcher, '/api/orders', { method, idempotencyKey: 'k' }))
        .rejects.toThrow(new TypeError(`Action option "idempotencyKey" is for POST, PUT, PATCH and DELETE calls, not ${method}`))
    }
    expect(received).toEqual([])
    await callAction(fetcher, '/api/orders', { method: 'DELETE', idempotencyKey: 'k'.repeat(255) })
    expect(received).toEqual([{ method: 'DELETE', key: `"${'k'.repeat(255)}"` }])
  })

  it('makes a version 4 UUID where crypto.randomUUID is missing (a page on plain http that is not localhost)', () => {
    const { getRandomValues } = crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) })
    const keys = Array.from({ length: 50 }, newIdempotencyKey)
    for (const key of keys) expect(`"${key}"`).toMatch(UUID)
    expect(new Set(keys).size).toBe(50)
  })
})
