import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StorageLike } from '../../src/runtime/server'
import { createSharedStore } from '../../src/runtime/server'
import { loadNitroStorage } from '../helpers/nitro-storage'
import type { TestRedis } from '../helpers/redis-server'
import { startRedis } from '../helpers/redis-server'

const { createStorage, redisDriver } = await loadNitroStorage()

describe('the store on a real Redis (unstorage\'s redis driver)', () => {
  let redis: TestRedis
  const storages: { dispose: () => Promise<void> }[] = []

  /** One server's storage: its own driver, so its own ioredis connection, as each server process has. */
  function serverStorage(base = 'app') {
    const storage = createStorage()
    storage.mount('action-route', redisDriver({ host: '127.0.0.1', port: redis.port, base }))
    storages.push(storage)
    return storage
  }

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    await Promise.all(storages.map(storage => storage.dispose()))
    await redis?.close()
  })

  it('counts exactly under 200 concurrent increments from two connections, and every caller sees a distinct count', async () => {
    const [a, b] = [serverStorage(), serverStorage()].map(storage => createSharedStore(storage as unknown as StorageLike, 'action-route'))
    expect(a!.guarantee).toBe('atomic')
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a! : b!).increment('rate-limit:default:ip%3A1', 60_000)))
    expect(answers.map(answer => answer.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
    for (const { resetInMs } of answers) {
      expect(resetInMs).toBeGreaterThan(55_000)
      expect(resetInMs).toBeLessThanOrEqual(60_000)
    }
  })

  it('ends the window with the key: the next increment starts over', async () => {
    const store = createSharedStore(serverStorage() as unknown as StorageLike, 'action-route')
    await store.increment('short', 1000)
    expect((await store.increment('short', 1000)).count).toBe(2)
    await new Promise(done => setTimeout(done, 1100))
    expect(await store.increment('short', 1000)).toMatchObject({ count: 1 })
  })

  it('sends the counter\'s script whole once, then only its SHA-1 (EVALSHA), and whole again after Redis forgot it', async () => {
    const storage = serverStorage()
    const store = createSharedStore(storage as unknown as StorageLike, 'action-route')
    const redisClient = (storage as unknown as StorageLike).getMount('action-route').driver.getInstance!() as { call: (...args: string[]) => Promise<unknown> }
    const calls = async (command: string) => {
      const stats = String(await redisClient.call('INFO', 'commandstats'))
      return Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(stats)?.[1] ?? 0)
    }
    await redisClient.call('SCRIPT', 'FLUSH')
    await redisClient.call('CONFIG', 'RESETSTAT')
    for (let i = 1; i <= 3; i++) expect((await store.increment('by-sha', 60_000)).count).toBe(i)
    expect(await calls('eval')).toBe(1)
    expect(await calls('evalsha')).toBeGreaterThanOrEqual(3)
    await redisClient.call('SCRIPT', 'FLUSH')
    expect((await store.increment('by-sha', 60_000)).count).toBe(4)
    expect(await calls('eval')).toBe(2)
  })

  it('lets exactly one of 50 concurrent setIfAbsent calls from two connections win, and expires it', async () => {
    const [a, b] = [serverStorage(), serverStorage()].map(storage => createSharedStore(storage as unknown as StorageLike, 'action-route'))
    const wins = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a! : b!).setIfAbsent('idempotency:k1', { by: i }, 300)))
    expect(wins.filter(Boolean)).toHaveLength(1)
    expect(await a!.get('idempotency:k1')).toEqual({ by: wins.indexOf(true) })
    await new Promise(done => setTimeout(done, 400))
    expect(await b!.get('idempotency:k1')).toBeUndefined()
  })

  it('claims a key or reads what it holds in one command (SET NX GET), exact under 50 concurrent calls from two connections', async () => {
    const storages = [serverStorage(), serverStorage()]
    const [a, b] = storages.map(storage => createSharedStore(storage as unknown as StorageLike, 'action-route'))
    const redisClient = (storages[0] as unknown as StorageLike).getMount('action-route').driver.getInstance!() as { call: (...args: string[]) => Promise<unknown> }
    const calls = async (command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(String(await redisClient.call('INFO', 'commandstats')))?.[1] ?? 0)
    await redisClient.call('CONFIG', 'RESETSTAT')
    const found = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a! : b!).setIfAbsentOrGet!<{ by: number }>('idempotency:k3', { by: i }, 60_000)))
    const winner = found.findIndex(result => result.stored)
    expect(found.filter(result => result.stored)).toHaveLength(1)
    for (const result of found) if (!result.stored) expect(result.held).toEqual({ by: winner })
    expect(await calls('set')).toBe(50)
    expect(await calls('get')).toBe(0)
  })

  it('claims with a set-if-absent, then a read, on a Redis that refuses NX with GET (before 7.0)', async () => {
    const { createRedisStore } = await import('../../src/runtime/server/shared-store/internal/shared-store-redis')
    const held = new Map<string, string>()
    const sent: string[] = []
    const before7 = {
      set: async (key: string, value: string, ...options: (string | number)[]) => {
        sent.push(['SET', ...options].join(' '))
        if (options.includes('GET')) throw new Error('ERR syntax error')
        if (held.has(key)) return null
        held.set(key, value)
        return 'OK'
      },
      get: async (key: string) => {
        sent.push('GET')
        return held.get(key) ?? null
      },
    }
    const store = createRedisStore(before7 as never, 'app:')
    expect(await store.setIfAbsentOrGet!('idempotency:k4', { n: 1 }, 60_000)).toEqual({ stored: true })
    expect(await store.setIfAbsentOrGet!('idempotency:k4', { n: 2 }, 60_000)).toEqual({ stored: false, held: { n: 1 } })
    // refused once, then never asked that way again
    expect(sent).toEqual(['SET PX 60000 NX GET', 'SET PX 60000 NX', 'SET PX 60000 NX', 'GET'])
  })

  it('writes its keys where the driver reads them (its base, then the key below the mount)', async () => {
    const storage = serverStorage('tenant-a')
    const store = createSharedStore(storage as unknown as StorageLike, 'action-route')
    await store.set('idempotency:k2', { status: 200 }, 60_000)
    expect(await storage.getItem('action-route:idempotency:k2')).toEqual({ status: 200 })
    expect(await storage.getKeys('action-route')).toEqual(['action-route:idempotency:k2'])
    await store.remove('idempotency:k2')
    expect(await storage.hasItem('action-route:idempotency:k2')).toBe(false)
  })
})
