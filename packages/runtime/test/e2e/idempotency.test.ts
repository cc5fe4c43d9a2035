import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { request } from 'node:http'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { freePort } from '../helpers/built-app'

// `idempotent()` on the built fixture (server/api/idempotency/orders.post.ts): keys and answers in the module's
// store, Nitro's default memory here; the handler answers how often it ran for the item. scripts/workers.mjs runs
// this file against a cloudflare-module build served by workerd too, on Nitro 2 and on Nitro 3.
const baseURL = inject('baseURL')
const onWorkers = process.env.E2E_TARGET === 'workers'

interface Answer {
  status: number
  headers: Record<string, string | undefined>
  body: { success: boolean, data?: { item: string, quantity: number, run: number }, error?: Record<string, unknown> }
}

interface Order { item: string, quantity: number, waitMs?: number }

/** A POST of an order, from one loopback address (`127.0.0.2`...), with the headers given. */
function post(order: Order, { key, from = '127.0.0.1', headers = {} }: { key?: string, from?: string, headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(`${baseURL}/api/idempotency/orders`, {
      method: 'POST',
      localAddress: from,
      headers: { 'content-type': 'application/json', ...(key !== undefined && { 'idempotency-key': key }), ...headers },
    }, (response) => {
      let text = ''
      response.setEncoding('utf8').on('data', (chunk: string) => text += chunk).on('end', () => {
        const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]))
        resolve({ status: response.statusCode!, headers, body: JSON.parse(text) })
      })
    }).on('error', reject)
    sent.end(JSON.stringify(order))
  })
}

const newItem = () => `item-${randomUUID()}`

describe('idempotent(), end to end', () => {
  it('replays a retry\'s stored answer (status, body, Location) with Idempotent-Replayed: true, and the handler runs once', async () => {
    const key = randomUUID()
    const order = { item: newItem(), quantity: 2 }
    const first = await post(order, { key })
    const retry = await post(order, { key })

    expect(first.status).toBe(201)
    expect(first.body).toEqual({ success: true, data: { ...order, run: 1 } })
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(retry.status).toBe(201)
    expect(retry.body).toEqual(first.body)
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(retry.headers.location).toBe(first.headers.location)
    expect(retry.headers['content-type']).toMatch(/^application\/json/)
    // another key runs it again: the second run, so the retry did not run the handler
    expect((await post(order, { key: randomUUID() })).body.data?.run).toBe(2)
  })

  it('answers the same key with another request IDEMPOTENCY_KEY_REUSED 422, and runs nothing', async () => {
    const key = randomUUID()
    const order = { item: newItem(), quantity: 1 }
    expect((await post(order, { key })).status).toBe(201)
    const reused = await post({ ...order, quantity: 3 }, { key })
    expect(reused.status).toBe(422)
    expect(reused.body).toEqual({ success: false, error: { code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was used for another request', statusCode: 422 } })
    expect(reused.headers['idempotent-replayed']).toBeUndefined()
    expect((await post(order)).body.data?.run).toBe(2)
  })

  it('answers a duplicate sent while the first still runs IDEMPOTENCY_KEY_IN_PROGRESS 409 with Retry-After: 1, then the stored answer', async () => {
    const key = randomUUID()
    const order = { item: newItem(), quantity: 1, waitMs: 1500 }
    const first = post(order, { key })
    await new Promise(resolve => setTimeout(resolve, 200))
    const duplicate = await post(order, { key })
    // whichever reached the server first runs; the other is refused (the first takes 1.5 s)
    const answers = [await first, duplicate].sort((a, b) => a.status - b.status)
    expect(answers.map(answer => answer.status)).toEqual([201, 409])
    expect(answers[1]!.body).toEqual({ success: false, error: { code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'A request with this Idempotency-Key is still running; retry later', statusCode: 409 } })
    expect(answers[1]!.headers['retry-after']).toBe('1')
    const retry = await post(order, { key })
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(retry.body).toEqual({ success: true, data: { item: order.item, quantity: 1, run: 1 } })
  }, 20_000)

  it('refuses a key that is no key with IDEMPOTENCY_KEY_INVALID 400, and runs a request without one as usual', async () => {
    const order = { item: newItem(), quantity: 1 }
    const invalid = await post(order, { key: 'x'.repeat(256) })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID', statusCode: 400 })
    expect([(await post(order)).body.data?.run, (await post(order)).body.data?.run]).toEqual([1, 2])
  })

  // the default scope is the client's address: on Node the connection's; on Workers cf-connecting-ip (Nitro 3's
  // preset takes it as the request's ip, and the runtime reads it on Nitro 2's), which workerd alone leaves to us
  it('keeps one client\'s keys from another: the same key from two clients runs twice, and no one is given the other\'s answer', async () => {
    const key = randomUUID()
    const order = { item: newItem(), quantity: 1 }
    const client = (n: number) => onWorkers ? { headers: { 'cf-connecting-ip': `203.0.113.${n}` } } : { from: `127.0.0.${n}` }
    const a = await post(order, { key, ...client(2) })
    const b = await post(order, { key, ...client(3) })
    expect([a.body.data?.run, b.body.data?.run]).toEqual([1, 2])
    expect(b.headers['idempotent-replayed']).toBeUndefined()
    const againA = await post(order, { key, ...client(2) })
    expect(againA.headers['idempotent-replayed']).toBe('true')
    expect(againA.body.data?.run).toBe(1)
  })

  it.skipIf(onWorkers)('takes no cf-connecting-ip a client sends on Node: the connection\'s address decides the scope', async () => {
    const key = randomUUID()
    const order = { item: newItem(), quantity: 1 }
    await post(order, { key, from: '127.0.0.4', headers: { 'cf-connecting-ip': '203.0.113.10' } })
    const forged = await post(order, { key, from: '127.0.0.4', headers: { 'cf-connecting-ip': '203.0.113.11' } })
    expect(forged.headers['idempotent-replayed']).toBe('true')
    expect(forged.body.data?.run).toBe(1)
  })
})

/** Starts the built fixture's Node server with these Node flags and environment; stop it with `close`. */
async function startServer(nodeFlags: string[], env: Record<string, string>) {
  const port = await freePort()
  const server = spawn(process.env.E2E_NODE || process.execPath, [...nodeFlags, join(inject('fixtureDir'), '.output/server/index.mjs')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NITRO_PORT: String(port), NITRO_HOST: '127.0.0.1', ...env },
  })
  let stderr = ''
  server.stderr!.on('data', (chunk: Buffer) => stderr += chunk)
  const url = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${url}/api/echo`)
      break
    }
    catch (error) {
      if (tries > 100) throw error
      await new Promise(resolve => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    stderr: () => stderr,
    alive: () => server.exitCode === null && server.signalCode === null,
    close: async () => {
      if (server.exitCode !== null || server.signalCode !== null) return
      server.kill()
      await once(server, 'exit')
    },
  }
}

// the measure: 3,000 answers of 60 KB added 173 MB of heap, and a 256 MB server died after 3,972 of them
describe.skipIf(onWorkers)('idempotent() on the memory store, in a production server', () => {
  it('keeps the heap within the store\'s bound under thousands of large answers, and the server alive; the newest answers replay, the oldest ran again', { timeout: 240_000 }, async () => {
    const maxBytes = 8 * 1024 * 1024
    const server = await startServer(['--expose-gc', '--max-old-space-size=128'], { NUXT_ACTION_ROUTE_MEMORY_STORE_MAX_BYTES: String(maxBytes) })
    try {
      const heap = async () => (await (await fetch(`${server.url}/api/idempotency/heap`)).json()).heapUsed as number
      const send = (n: number, key = `large-${n}`) => fetch(`${server.url}/api/idempotency/large`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ n }),
      })
      // warm up: the routes loaded, the first answers kept
      for (let n = 0; n < 100; n++) expect((await send(n)).status).toBe(200)
      const before = await heap()
      expect(before).toBeGreaterThan(0)
      let next = 100
      // 3,000 answers of 60 KB: 180 MB kept without a bound
      await Promise.all(Array.from({ length: 8 }, async () => {
        while (next < 3100) {
          const response = await send(next++)
          expect(response.status).toBe(200)
          await response.arrayBuffer()
        }
      }))
      const after = await heap()
      expect(server.alive(), server.stderr()).toBe(true)
      expect(after - before, `heap grew from ${before} to ${after}`).toBeLessThan(maxBytes + 16 * 1024 * 1024)
      // the newest answer is kept (a retry replays it); the oldest was dropped first (its retry runs again)
      expect((await send(3099)).headers.get('idempotent-replayed')).toBe('true')
      expect((await send(0)).headers.get('idempotent-replayed')).toBeNull()
    }
    finally {
      await server.close()
    }
  })
})
