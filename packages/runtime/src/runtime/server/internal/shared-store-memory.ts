import type { SharedStore } from './shared-store'

interface Entry {
  /** A counter's number, or a value nothing can change, as it was given (`isFrozenData`). */
  value: unknown
  /** Any other value's JSON, as `set` wrote it (`undefined` for `undefined`). */
  json: string | undefined
  expiresAt: number
}

/** Nesting a value kept as it is may have; a deeper one (or a cycle) is kept as its JSON. */
const MAX_FROZEN_DEPTH = 8

/**
 * Whether a value is JSON's own data (strings, finite numbers, booleans,
 * null, plain objects and arrays) frozen at every level: nothing can change
 * it, and JSON would give back the same, so it needs no copy.
 */
function isFrozenData(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  // -0 and the non-finite numbers are written by JSON as something else (0, null)
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (typeof value !== 'object' || depth === MAX_FROZEN_DEPTH || !Object.isFrozen(value)) return false
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false
    for (let index = 0; index < value.length; index++) if (!isFrozenData(value[index], depth + 1)) return false
    return true
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false
  // an own getter would be read at each get where JSON read it once: frozen data has none (idempotent()'s records)
  for (const key in value) if (!isFrozenData((value as Record<string, unknown>)[key], depth + 1)) return false
  return true
}

/** Entries a store holds before it first sweeps out the expired ones; the mark doubles with what stays. */
const FIRST_SWEEP = 1000

/**
 * A store in this process's memory: exact within the process, each process
 * counting alone. Expired entries are dropped when read, and swept out as the
 * map grows, so a stream of one-off callers does not hold memory forever.
 * A value frozen at every level (`Object.freeze`, as `idempotent`'s records
 * are) is kept as it is: nothing can change it, so `get` gives back the same
 * object, equal to what Redis would give. Any other value is kept as its
 * JSON, as Redis keeps it: what `get` gives back is a copy nothing else holds.
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

  function put(key: string, value: unknown, expiresAt: number): void {
    const asItIs = isFrozenData(value, 0)
    entries.set(key, { value: asItIs ? value : undefined, json: asItIs ? undefined : JSON.stringify(value), expiresAt })
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
      put(key, value, at + ttlMs)
      return true
    },
    async get<T>(key: string) {
      const entry = live(key, now())
      return (entry?.json === undefined ? entry?.value : JSON.parse(entry.json)) as T | undefined
    },
    async set(key, value, ttlMs) {
      put(key, value, now() + ttlMs)
    },
    async remove(key) {
      entries.delete(key)
    },
  }
}
