import type { SharedStore, StorageLike } from '../shared-store-contract'

interface Stored {
  value: unknown
  expiresAt: number
}

/** The TTL the driver is asked for, in whole seconds; Cloudflare KV refuses less than 60. */
function driverTtl(ms: number): number {
  return Math.max(60, Math.ceil(ms / 1000))
}

/**
 * A store on any unstorage driver through its get and set: best effort. A
 * read then a write is no atomic step, so two servers at the same instant can
 * both pass; the expiry travels in the value, since not every driver keeps a
 * TTL, and the driver is asked to forget the key too where it can.
 * @example
 * const store = createUnstorageStore(useStorage(), 'action-route:')
 */
export function createUnstorageStore(storage: StorageLike, prefix: string): SharedStore {
  async function read(key: string, at: number): Promise<Stored | undefined> {
    const stored = await storage.getItem(prefix + key) as Stored | null
    return stored && typeof stored === 'object' && stored.expiresAt > at ? stored : undefined
  }
  function write(key: string, value: unknown, expiresAt: number, at: number): Promise<void> {
    return storage.setItem(prefix + key, JSON.stringify({ value, expiresAt }), { ttl: driverTtl(expiresAt - at) })
  }

  return {
    guarantee: 'best-effort',
    async increment(key, windowMs) {
      const at = Date.now()
      const stored = await read(key, at)
      const count = stored ? (stored.value as number) + 1 : 1
      const expiresAt = stored ? stored.expiresAt : at + windowMs
      await write(key, count, expiresAt, at)
      return { count, resetInMs: expiresAt - at }
    },
    async setIfAbsent(key, value, ttlMs) {
      const at = Date.now()
      if (await read(key, at)) return false
      await write(key, value, at + ttlMs, at)
      return true
    },
    async get<T>(key: string) {
      return (await read(key, Date.now()))?.value as T | undefined
    },
    async set(key, value, ttlMs) {
      const at = Date.now()
      await write(key, value, at + ttlMs, at)
    },
    async remove(key) {
      await storage.removeItem(prefix + key)
    },
  }
}
