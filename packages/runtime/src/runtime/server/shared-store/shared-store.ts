import { createMemoryStore, memoryStoreLimitsOf } from './shared-store-memory'
import type { MemoryStoreLimits } from './shared-store-memory'
import { createRedisStore } from './internal/shared-store-redis'
import type { RedisLike } from './internal/shared-store-redis'
import { createUnstorageStore } from './internal/shared-store-unstorage'
import type { SetIfAbsentResult, SharedStore, StorageLike } from './shared-store-contract'

export type { SetIfAbsentResult, SharedStore, StorageDriverLike, StorageLike } from './shared-store-contract'

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
