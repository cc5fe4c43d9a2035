import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { BuiltApp } from '../helpers/built-app'
import { startBuiltServer } from '../helpers/built-app'
import type { TestRedis } from '../helpers/redis-server'
import { startRedis } from '../helpers/redis-server'

const appDir = fileURLToPath(new URL('../fixtures/shared-store', import.meta.url))

interface Answer {
  server: number
  status: number
  headers: Headers
  body: { success: boolean, data?: Record<string, unknown>, error?: { code: string, message: string, statusCode: number } }
}

describe('idempotent requests across two production servers on one Redis', () => {
  let redis: TestRedis
  let ordersDir: string
  const servers: BuiltApp[] = []

  beforeAll(async () => {
    // the project's build (global-setup.ts) points at this port
    redis = await startRedis(inject('sharedStoreRedisPort'))
    ordersDir = await mkdtemp(join(tmpdir(), 'action-route-orders-'))
    const ordersFile = join(ordersDir, 'orders.log')
    const env = { ...process.env, REDIS_URL: redis.url, ORDERS_FILE: ordersFile, NODE_ENV: 'production' }
    for (let i = 0; i < 2; i++) servers.push(await startBuiltServer(join(appDir, '.output'), process.execPath, '/api/ping', { env, cwd: appDir }))
  })
  afterAll(async () => {
    await Promise.all(servers.map(server => server.close()))
    await redis?.close()
    if (ordersDir) await rm(ordersDir, { recursive: true, force: true })
  })

  const runs = async () => (await readFile(join(ordersDir, 'orders.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean)

  async function order(server: number, key: string, input: object, user = 'ada'): Promise<Answer> {
    const response = await fetch(`${servers[server]!.baseURL}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `"${key}"`, 'x-user': user },
      body: JSON.stringify(input),
    })
    return { server, status: response.status, headers: response.headers, body: await response.json() }
  }

  it('runs the handler exactly once for 50 concurrent requests with one key over both servers; the rest get 409 or the replay', async () => {
    const key = crypto.randomUUID()
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => order(i % 2, key, { item: 'tea', qty: 2 })))
    expect(await runs()).toHaveLength(1)

    const fresh = answers.filter(answer => answer.status === 201 && answer.headers.get('idempotent-replayed') === null)
    const replayed = answers.filter(answer => answer.headers.get('idempotent-replayed') === 'true')
    const busy = answers.filter(answer => answer.status === 409)
    expect(fresh).toHaveLength(1)
    expect(fresh.length + replayed.length + busy.length).toBe(50)
    // both servers were asked, and both turned the duplicates away: one claim, not one per process. Whether a
    // duplicate meets the running claim (409) or the kept answer (a replay) depends on when each server reads it
    expect(new Set([...busy, ...replayed].map(answer => answer.server))).toEqual(new Set([0, 1]))
    const [placed] = fresh
    expect(placed!.body).toEqual({ success: true, data: { id: expect.any(String), item: 'tea', qty: 2, user: 'ada' } })
    expect(placed!.headers.get('location')).toBe(`/api/orders/${placed!.body.data!.id}`)
    for (const answer of busy) {
      expect(answer.body).toEqual({ success: false, error: { code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'A request with this Idempotency-Key is still running; retry later', statusCode: 409 } })
      expect(answer.headers.get('retry-after')).toBe('1')
    }
    for (const answer of replayed) expect(answer.body).toEqual(placed!.body)

    // a retry after the first finished, on either server: the same order, its Location, marked replayed
    for (const server of [0, 1]) {
      const retry = await order(server, key, { item: 'tea', qty: 2 })
      expect(retry.status).toBe(201)
      expect(retry.body).toEqual(placed!.body)
      expect(retry.headers.get('location')).toBe(placed!.headers.get('location'))
      expect(retry.headers.get('idempotent-replayed')).toBe('true')
    }
    expect(await runs()).toHaveLength(1)
  })

  it('answers IDEMPOTENCY_KEY_REUSED 422 on the other server for the same key with another order, and runs nothing', async () => {
    const key = crypto.randomUUID()
    const before = (await runs()).length
    expect((await order(0, key, { item: 'tea', qty: 1 })).status).toBe(201)
    const other = await order(1, key, { item: 'coffee', qty: 1 })
    expect(other.status).toBe(422)
    expect(other.body.error!.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await runs()).toHaveLength(before + 1)
  })

  it('keeps each user\'s keys apart: the same key from another user places that user\'s own order', async () => {
    const key = crypto.randomUUID()
    const ada = await order(0, key, { item: 'tea', qty: 1 }, 'ada')
    const grace = await order(1, key, { item: 'tea', qty: 1 }, 'grace')
    expect(grace.status).toBe(201)
    expect(grace.headers.get('idempotent-replayed')).toBeNull()
    expect(grace.body.data!.user).toBe('grace')
    expect(grace.body.data!.id).not.toBe(ada.body.data!.id)
  })

  it('keeps keys in Redis hashed, under the storage base, with the ttl: no key, user or address in the clear', async () => {
    const key = crypto.randomUUID()
    await order(0, key, { item: 'tea', qty: 1 })
    const cli = (...args: string[]) => promisify(execFile)('redis-cli', ['-p', String(redis.port), ...args]).then(({ stdout }) => stdout.trim())
    const stored = (await cli('--scan', '--pattern', 'fixture:idempotency:*')).split('\n').filter(Boolean)
    expect(stored.length).toBeGreaterThan(0)
    for (const name of stored) expect(name).toMatch(/^fixture:idempotency:[0-9a-f]{64}$/)
    // the hashes are hex, which may spell 'ada' by chance: look at what is left around them
    const all = (await cli('--scan')).replace(/[0-9a-f]{64}/g, '<hash>')
    expect(all).not.toContain(key)
    expect(all).not.toContain('ada')
    const ttl = Number(await cli('pttl', stored[0]!))
    expect(ttl).toBeGreaterThan(23 * 3_600_000)
    expect(ttl).toBeLessThanOrEqual(24 * 3_600_000)
  })
})
