import type { SharedStore } from './shared-store'

interface Entry {
  /** A counter's number, or a value's JSON as `set` wrote it (`undefined` for `undefined`). */
  value: number | string | undefined
  expiresAt: number
}

/** Entries a store holds before it first sweeps out the expired ones; the mark doubles with what stays. */
const FIRST_SWEEP = 1000

/**
 * A store in this process's memory: exact within the process, each process
 * counting alone. Expired entries are dropped when read, and swept out as the
 * map grows, so a stream of one-off callers does not hold memory forever.
 * Values are kept as their JSON, as Redis keeps them: what `get` gives back
 * is a copy that nothing else holds, the same on either store.
 * @example
 * const store = createMemoryStore()
 * await store.setIfAbsent('idempotency:abc', { state: 'running' }, 60_000) // true, then false until it expires
 */
export function createMemoryStore(now: () => number = Date.now): SharedStore {
  const entries = new Map<string, Entry>()
  let sweepAt = FIRST_SWEEP

  function live(key: string, at: number): Entry | undefined {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= at) {
      entries.delete(key)
      return undefined
    }
    return entry
  }

  function put(key: string, value: number | string | undefined, expiresAt: number): void {
    entries.set(key, { value, expiresAt })
    if (entries.size < sweepAt) return
    const at = now()
    for (const [name, entry] of entries) if (entry.expiresAt <= at) entries.delete(name)
    sweepAt = Math.max(FIRST_SWEEP, entries.size * 2)
  }

  return {
    guarantee: 'process',
    async increment(key, windowMs) {
      const at = now()
      const entry = live(key, at)
      if (entry) {
        const count = (entry.value as number) + 1
        entry.value = count
        return { count, resetInMs: entry.expiresAt - at }
      }
      put(key, 1, at + windowMs)
      return { count: 1, resetInMs: windowMs }
    },
    async setIfAbsent(key, value, ttlMs) {
      const at = now()
      if (live(key, at)) return false
      put(key, JSON.stringify(value), at + ttlMs)
      return true
    },
    async get<T>(key: string) {
      const value = live(key, now())?.value
      return (typeof value === 'string' ? JSON.parse(value) : value) as T | undefined
    },
    async set(key, value, ttlMs) {
      put(key, JSON.stringify(value), now() + ttlMs)
    },
    async remove(key) {
      entries.delete(key)
    },
  }
}
