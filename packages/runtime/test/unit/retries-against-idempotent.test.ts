import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { $fetch } from 'ofetch'
import { z } from 'zod'
import { defineAction, idempotent } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import type { TestServer } from '../helpers/serve'
import { serve } from '../helpers/serve'

// The client's retries against the real idempotent() middleware. Between them a proxy loses answers as a network
// does: 'answered' lets the request reach the server and drops the connection once the server has answered;
// 'running' drops it while the server is still running the request.
type Loss = 'answered' | 'running'

interface Seen {
  key: string | undefined
  status?: number
  replayed?: string
}

let server: TestServer
let proxy: { url: string, close: () => Promise<void> }
let losses: Loss[] = []
let seen: Seen[] = []
let runs = 0

beforeAll(async () => {
  const store = createMemoryStore()
  const place = ({ input }: { input: { item: string } }) => ({ order: ++runs, item: input.item })
  server = await serve({
    '/orders': defineAction({ input: z.object({ item: z.string() }), middleware: [idempotent({ store })], handler: place }),
    '/slow-orders': defineAction({
      input: z.object({ item: z.string() }),
      middleware: [idempotent({ store })],
      handler: async args => new Promise(resolve => setTimeout(() => resolve(place(args)), 400)),
    }),
    '/plain-orders': defineAction({ input: z.object({ item: z.string() }), handler: place }),
  })
  const relay = createServer((request, response) => {
    const loss = losses.shift()
    const entry: Seen = { key: request.headers['idempotency-key'] as string | undefined }
    seen.push(entry)
    const forwarded = httpRequest(`${server.url}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      entry.status = answer.statusCode
      entry.replayed = answer.headers['idempotent-replayed'] as string | undefined
      if (loss === 'answered' || response.destroyed) {
        answer.resume()
        return request.socket.destroy()
      }
      response.writeHead(answer.statusCode!, answer.headers)
      answer.pipe(response)
    })
    request.pipe(forwarded)
    if (loss === 'running') request.on('end', () => setTimeout(() => request.socket.destroy(), 20))
  })
  await new Promise<void>(resolve => relay.listen(0, '127.0.0.1', resolve))
  proxy = {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    close: () => new Promise<void>(resolve => relay.close(() => resolve())),
  }
})
afterAll(async () => {
  await proxy?.close()
  await server?.close()
})

function send(path: string, options: { retry?: number, idempotencyKey?: string } = {}) {
  const fetcher = $fetch.create({ baseURL: proxy.url }) as unknown as ActionFetcher
  return callAction(fetcher, path, { method: 'POST', input: { item: 'book' }, retryDelay: 50, ...options })
}

describe('a retried POST against idempotent()', () => {
  it('whose answer was lost after the server ran it: the retry gets that answer, replayed, and the handler ran once', async () => {
    losses = ['answered']
    seen = []
    const before = runs
    const result = await send('/orders', { retry: 2 })
    expect(runs - before).toBe(1)
    expect(result).toEqual({ success: true, data: { order: runs, item: 'book' } })
    expect(seen).toEqual([
      { key: seen[0]!.key, status: 200, replayed: undefined },
      { key: seen[0]!.key, status: 200, replayed: 'true' },
    ])
  })

  it('whose answer was lost while the server still ran it: 409 in progress, then after Retry-After the replay', async () => {
    losses = ['running']
    seen = []
    const before = runs
    const started = Date.now()
    const result = await send('/slow-orders', { retry: 2 })
    expect(result).toEqual({ success: true, data: { order: runs, item: 'book' } })
    expect(runs - before).toBe(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(seen.map(({ status, replayed }) => [status, replayed])).toEqual([[200, undefined], [409, undefined], [200, 'true']])
    expect(new Set(seen.map(entry => entry.key)).size).toBe(1)
  })

  it('with the caller\'s own key, a second call (a double submit) gets the first answer', async () => {
    seen = []
    const before = runs
    const first = await send('/orders', { idempotencyKey: 'checkout-42' })
    const second = await send('/orders', { idempotencyKey: 'checkout-42' })
    expect(runs - before).toBe(1)
    expect(second).toEqual(first)
    expect(seen.map(entry => entry.replayed)).toEqual([undefined, 'true'])
  })

  it('on a route without idempotent(), a retried POST runs again: the key only helps where the route honours it', async () => {
    losses = ['answered']
    seen = []
    const before = runs
    await send('/plain-orders', { retry: 1 })
    expect(runs - before).toBe(2)
    expect(seen[1]!.key).toBe(seen[0]!.key)
  })
})
