import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { StorageLike } from '../../src/runtime/server'
import { createSharedStore } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import { loadNitroStorage } from '../helpers/nitro-storage'

const { createStorage, memoryDriver, fsDriver } = await loadNitroStorage()

describe('the memory store (one process)', () => {
  it('counts in a fixed window that starts at the first increment, and starts over when it ends', async () => {
    let now = 1_000_000
    const store = createMemoryStore(() => now)
    expect(await store.increment('a', 10_000)).toEqual({ count: 1, resetInMs: 10_000 })
    now += 4000
    expect(await store.increment('a', 10_000)).toEqual({ count: 2, resetInMs: 6000 })
    expect(await store.increment('b', 10_000)).toEqual({ count: 1, resetInMs: 10_000 })
    now += 6000
    expect(await store.increment('a', 10_000)).toEqual({ count: 1, resetInMs: 10_000 })
  })

  it('sets a value only when the key holds none, until its TTL ends; get gives a copy', async () => {
    let now = 0
    const store = createMemoryStore(() => now)
    const value = { state: 'running' }
    expect(await store.setIfAbsent('k', value, 1000)).toBe(true)
    expect(await store.setIfAbsent('k', { state: 'other' }, 1000)).toBe(false)
    value.state = 'changed'
    expect(await store.get('k')).toEqual({ state: 'running' })
    now = 1000
    expect(await store.get('k')).toBeUndefined()
    expect(await store.setIfAbsent('k', 2, 1000)).toBe(true)
    await store.remove('k')
    expect(await store.setIfAbsent('k', 3, 1000)).toBe(true)
  })

  it('keeps a value frozen all through as it is, equal to its JSON; a value anything could change, as a copy', async () => {
    const store = createMemoryStore()
    const record = Object.freeze({ state: 'done', answer: Object.freeze({ status: 201, headers: Object.freeze({ location: '/o/7' }), tags: Object.freeze(['a']) }) })
    await store.set('frozen', record, 1000)
    expect(await store.get('frozen')).toBe(record)
    // frozen on top only, or holding what JSON writes otherwise (a Date, -0, NaN, undefined): a copy, as JSON gives it
    const shallow = Object.freeze({ inner: { n: 1 } })
    const unlike = Object.freeze({ at: new Date(0), zero: -0, nan: Number.NaN, gone: undefined })
    await store.set('shallow', shallow, 1000)
    await store.set('unlike', unlike, 1000)
    shallow.inner.n = 2
    expect(await store.get('shallow')).toEqual({ inner: { n: 1 } })
    expect(await store.get('unlike')).toStrictEqual(JSON.parse(JSON.stringify(unlike)))
  })

  it('sweeps expired keys out as the map grows, so one-off callers do not hold memory', async () => {
    let now = 0
    const store = createMemoryStore(() => now)
    for (let i = 0; i < 999; i++) await store.increment(`one-off-${i}`, 1000)
    now = 2000
    // the 1000th entry passes the first mark: the 999 expired ones go
    await store.increment('late', 1000)
    now = 2500
    for (let i = 0; i < 999; i++) expect((await store.increment(`one-off-${i}`, 1000)).count).toBe(1)
  })
})

describe('the memory store\'s bound (entries and bytes)', () => {
  /** An idempotent() record as the middleware keeps it: frozen, its answer's body the big part. */
  const answer = (body: string) => Object.freeze({ state: 'done', fingerprint: 'f'.repeat(64), answer: Object.freeze({ status: 201, body, headers: Object.freeze({}) }) })
  const body60k = (n: number) => JSON.stringify({ success: true, data: { n, blob: 'x'.repeat(60_000) } })

  it('stays within maxBytes under many large answers, dropping the least recently used first', async () => {
    const store = createMemoryStore(Date.now, { maxBytes: 1_048_576 })
    for (let n = 0; n < 10; n++) await store.set(`idempotency:${n}`, answer(body60k(n)), 86_400_000)
    // the first one, read since: the most recently used of the early ones
    expect(await store.get('idempotency:0')).toBeDefined()
    for (let n = 10; n < 3000; n++) {
      await store.set(`idempotency:${n}`, answer(body60k(n)), 86_400_000)
      if (n % 10 === 0) await store.get('idempotency:0')
      expect(store.usage().bytes).toBeLessThanOrEqual(1_048_576)
    }
    expect(store.usage().entries).toBeGreaterThanOrEqual(15)
    expect(await store.get('idempotency:2999')).toBeDefined()
    expect(await store.get('idempotency:0')).toBeDefined()
    expect(await store.get('idempotency:1')).toBeUndefined()
    expect(await store.get('idempotency:2000')).toBeUndefined()
  })

  it('stays within maxEntries, counters and values alike, the least recently used going first', async () => {
    const store = createMemoryStore(Date.now, { maxEntries: 100 })
    for (let n = 0; n < 10_000; n++) {
      await store.increment(`rate-limit:default:ip:${n}`, 60_000)
      await store.increment('rate-limit:default:ip:busy', 60_000)
      expect(store.usage().entries).toBeLessThanOrEqual(100)
    }
    // the caller that kept calling is still counted; an early one-off caller was dropped and starts over
    expect((await store.increment('rate-limit:default:ip:busy', 60_000)).count).toBe(10_001)
    expect((await store.increment('rate-limit:default:ip:0', 60_000)).count).toBe(1)
  })

  it('keeps nothing of a value larger than maxBytes, and drops nothing else for it', async () => {
    const store = createMemoryStore(Date.now, { maxBytes: 100_000 })
    await store.set('small', answer('{}'), 60_000)
    await store.set('huge', answer(body60k(1) + body60k(2)), 60_000)
    expect(await store.get('huge')).toBeUndefined()
    expect(await store.get('small')).toBeDefined()
    expect(await store.setIfAbsent('huge', { blob: 'y'.repeat(200_000) }, 60_000)).toBe(true)
    expect(await store.get('huge')).toBeUndefined()
  })

  it('a value set again is counted once, at its new size; a removed or expired one not at all', async () => {
    let now = 0
    const store = createMemoryStore(() => now, { maxBytes: 1_000_000 })
    await store.set('k', answer(body60k(1)), 1000)
    const once = store.usage().bytes
    await store.set('k', answer(body60k(2)), 1000)
    expect(store.usage()).toEqual({ entries: 1, bytes: once })
    await store.remove('k')
    expect(store.usage()).toEqual({ entries: 0, bytes: 0 })
    await store.set('k', answer(body60k(3)), 1000)
    now = 1000
    expect(await store.get('k')).toBeUndefined()
    expect(store.usage()).toEqual({ entries: 0, bytes: 0 })
  })

  it.each([
    [{ maxEntries: 0 }, '`maxEntries` must be a whole number of 1 or more, got 0'],
    [{ maxBytes: 1.5 }, '`maxBytes` must be a whole number of 1024 or more, got 1.5'],
    [{ maxBytes: '8mb' }, '`maxBytes` must be a whole number of 1024 or more, got 8mb'],
  ])('refuses the limits %j', (limits, message) => {
    expect(() => createMemoryStore(Date.now, limits as never)).toThrow(message)
  })
})

describe('createSharedStore picks by the mount that holds the base', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map(dir => rm(dir, { recursive: true, force: true }))))

  it('counts in this process on Nitro\'s default memory mount', async () => {
    const store = createSharedStore(createStorage({ driver: memoryDriver() }) as unknown as StorageLike, 'action-route')
    expect(store.guarantee).toBe('process')
    await store.increment('x', 60_000)
    expect((await store.increment('x', 60_000)).count).toBe(2)
  })

  it('goes through get and set, best effort, on any other driver (fs here), with the expiry in the value', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shared-store-'))
    dirs.push(dir)
    const storage = createStorage()
    storage.mount('action-route', fsDriver({ base: dir }))
    const store = createSharedStore(storage as unknown as StorageLike, 'action-route')
    expect(store.guarantee).toBe('best-effort')
    expect((await store.increment('rate-limit:default:ip%3A1', 60_000)).count).toBe(1)
    const second = await store.increment('rate-limit:default:ip%3A1', 60_000)
    expect(second.count).toBe(2)
    expect(second.resetInMs).toBeLessThanOrEqual(60_000)
    // under the mount, at the key's own path
    expect(await storage.getKeys('action-route')).toEqual(['action-route:rate-limit:default:ip%3A1'])
    expect(await store.setIfAbsent('idem:a', { n: 1 }, 60_000)).toBe(true)
    expect(await store.setIfAbsent('idem:a', { n: 2 }, 60_000)).toBe(false)
    expect(await store.get('idem:a')).toEqual({ n: 1 })
    await store.remove('idem:a')
    expect(await store.get('idem:a')).toBeUndefined()
  })
})
