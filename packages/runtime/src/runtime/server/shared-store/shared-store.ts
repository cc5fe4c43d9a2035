import { createMemoryStore, memoryStoreLimitsOf } from './shared-store-memory'
import type { MemoryStoreLimits } from './shared-store-memory'
import { createRedisStore } from './internal/shared-store-redis'
import type { RedisLike } from './internal/shared-store-redis'
import { createUnstorageStore } from './internal/shared-store-unstorage'

/**
 * State that rate limits (and later idempotency keys) keep between requests,
 * on top of Nitro's storage layer. Keys are plain text the caller has made
 * safe (no `:` of its own); values are JSON.
 * - `process`: the memory driver. Exact, but each server process counts alone.
 * - `atomic`: Redis through the driver's own client. Exact across every server on that Redis.
 * - `best-effort`: any other driver (Cloudflare KV, fs, a database): a read then a write,
 *   so two servers at the same instant can both pass; a KV that is eventually consistent
 *   may show another server's write only seconds later.
 */
export interface SharedStore {
  readonly guarantee: 'process' | 'atomic' | 'best-effort'
  /**
   * Adds one to the counter of `key` and answers its new value and the time left
   * in its window; the first increment starts a window of `windowMs`, and the
   * counter is gone when it ends (a fixed window).
   */
  increment: (key: string, windowMs: number) => Promise<{ count: number, resetInMs: number }>
  /** Stores `value` for `ttlMs` only when `key` holds nothing; whether it did. */
  setIfAbsent: (key: string, value: unknown, ttlMs: number) => Promise<boolean>
  /** The value of `key`, or `undefined`. */
  get: <T = unknown>(key: string) => Promise<T | undefined>
  /** Stores `value` for `ttlMs`, over anything there. */
  set: (key: string, value: unknown, ttlMs: number) => Promise<void>
  /** Forgets `key`. */
  remove: (key: string) => Promise<void>
  /**
   * Optional: `setIfAbsent`, and what the key holds when it is not absent, in one
   * step (Redis' `SET NX GET`: one round trip where the two calls take two).
   * Without it, `setIfAbsent` then `get`.
   */
  setIfAbsentOrGet?: <T = unknown>(key: string, value: unknown, ttlMs: number) => Promise<SetIfAbsentResult<T>>
}

/** What `setIfAbsentOrGet` did: stored the value, or found the key holding `held` (`undefined`: it ended before it was read). */
export type SetIfAbsentResult<T> = { stored: true } | { stored: false, held: T | undefined }

const STORED = { stored: true } as const

/**
 * Stores `value` for `ttlMs` only when `key` holds nothing, else reads what
 * it holds: in one step where the store has one (`setIfAbsentOrGet`), else
 * `setIfAbsent` then `get`.
 * @example
 * const found = await setIfAbsentOrGet(store, 'idempotency:abc', { state: 'running' }, 60_000)
 * if (!found.stored) console.log(found.held)
 */
export function setIfAbsentOrGet<T>(store: SharedStore, key: string, value: unknown, ttlMs: number): Promise<SetIfAbsentResult<T>> {
  // the store's promise goes straight through: no async function, no turn of the microtask queue of its own
  if (store.setIfAbsentOrGet) return store.setIfAbsentOrGet<T>(key, value, ttlMs)
  return store.setIfAbsent(key, value, ttlMs).then(stored => stored ? STORED : store.get<T>(key).then(held => ({ stored: false, held })))
}

/** What the store reads of an unstorage driver (the mount's). */
export interface StorageDriverLike {
  name?: string
  options?: { base?: string }
  getInstance?: () => unknown
}

/** What the store uses of unstorage's `Storage` (Nitro's `useStorage()`), written out so the runtime needs no unstorage. */
export interface StorageLike {
  getMount: (key?: string) => { base: string, driver: StorageDriverLike }
  getItem: (key: string) => Promise<unknown>
  setItem: (key: string, value: string, options?: { ttl?: number }) => Promise<void>
  removeItem: (key: string) => Promise<void>
}

/**
 * The store for `base` of a storage (Nitro's `useStorage()`): the mount that holds
 * `base` decides how it works. The memory driver (Nitro's default) counts in this
 * process; the redis driver uses its ioredis client for atomic commands; any other
 * driver goes through unstorage's get and set, best effort. The mount is looked up
 * at the first call, so a Nitro plugin may still mount it at start-up.
 * @example
 * `memory` bounds the store when the mount is the memory driver (default
 * 100,000 entries and 32 MiB, the least recently used dropped first).
 * @example
 * const store = createSharedStore(useStorage(), 'action-route', { memory: { maxBytes: 8 * 1024 * 1024 } })
 * const { count } = await store.increment('rate-limit:default:127.0.0.1', 60_000)
 */
export function createSharedStore(storage: StorageLike, base: string, options: { memory?: MemoryStoreLimits } = {}): SharedStore {
  // checked now: a bad bound stops the server as it starts, not its first request
  const memory = memoryStoreLimitsOf(options.memory)
  let picked: SharedStore | undefined
  const store = () => picked ??= pickStore(storage, base, memory)
  return {
    get guarantee() {
      return store().guarantee
    },
    increment: (key, windowMs) => store().increment(key, windowMs),
    setIfAbsent: (key, value, ttlMs) => store().setIfAbsent(key, value, ttlMs),
    get: key => store().get(key),
    set: (key, value, ttlMs) => store().set(key, value, ttlMs),
    remove: key => store().remove(key),
    setIfAbsentOrGet: (key, value, ttlMs) => setIfAbsentOrGet(store(), key, value, ttlMs),
  }
}

function pickStore(storage: StorageLike, base: string, memory: MemoryStoreLimits | undefined): SharedStore {
  const prefix = withColon(normalizeKey(base))
  const mount = storage.getMount(prefix)
  const driver = mount.driver
  if (driver?.name === 'memory') return createMemoryStore(Date.now, memory)
  if (driver?.name === 'redis' && typeof driver.getInstance === 'function') {
    // the driver's keys are its own `base`, then the key below its mount point, as its getItem makes them
    const below = prefix.slice(mount.base.length)
    return createRedisStore(driver.getInstance() as RedisLike, withColon(normalizeKey(driver.options?.base ?? '')) + below)
  }
  return createUnstorageStore(storage, prefix)
}

/** A key as unstorage writes it: `/` and `\` are `:`, no empty segment, no `:` at either end. */
function normalizeKey(key: string): string {
  return key.replace(/[/\\]/g, ':').replace(/:+/g, ':').replace(/^:|:$/g, '')
}

function withColon(key: string): string {
  return key ? `${key}:` : ''
}

let moduleStore: SharedStore | undefined
let fallbackStore: SharedStore | undefined

/**
 * Makes `store` the one every rate limit uses unless given its own (the module's
 * Nitro plugin sets the one of `actionRoute.storage`).
 * @example
 * setSharedStore(createSharedStore(useStorage(), 'action-route'))
 */
export function setSharedStore(store: SharedStore | undefined): void {
  moduleStore = store
}

/**
 * The module's store, or one in this process's memory where nothing set one (a plain h3 app).
 * @example
 * await useSharedStore().increment('rate-limit:default:127.0.0.1', 60_000)
 */
export function useSharedStore(): SharedStore {
  return moduleStore ?? (fallbackStore ??= createMemoryStore())
}
