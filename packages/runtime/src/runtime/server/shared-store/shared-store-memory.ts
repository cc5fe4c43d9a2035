import type { SharedStore } from './shared-store-contract'

interface Entry {
  /** A counter's number, or a value nothing can change, as it was given (`isFrozenData`). */
  value: unknown
  /** Any other value's JSON, as `set` wrote it (`undefined` for `undefined`). */
  json: string | undefined
  expiresAt: number
  /** What the entry counts towards `maxBytes`: its key's and value's characters, and a fixed cost of its own. */
  size: number
}

/** The bound of a memory store: past either, the least recently used entries go first. */
export interface MemoryStoreLimits {
  /** The most entries (idempotency keys, rate-limit counters...) kept. Default 100,000. */
  maxEntries?: number
  /**
   * The most bytes kept, counted as the characters of each key and value (a stored answer's JSON)
   * plus a fixed cost per entry. A value larger than this alone is not kept. Default 32 MiB.
   */
  maxBytes?: number
}

/** What a memory store holds now: for tests and a health check. */
export interface MemoryStoreUsage {
  entries: number
  bytes: number
}

/** A shared store in this process's memory, with what it holds now. */
export interface MemoryStore extends SharedStore {
  /** How many entries and bytes (as `maxBytes` counts them) the store holds now, expired ones not yet dropped included. */
  usage: () => MemoryStoreUsage
}

/** The default bound: about 500 answers of 64 KiB, or many more small ones; a counter is about 150 bytes. */
export const DEFAULT_MEMORY_STORE_LIMITS: Readonly<Required<MemoryStoreLimits>> = Object.freeze({ maxEntries: 100_000, maxBytes: 33_554_432 })

/** What an entry costs beyond its key and value: the Map's slot, the entry object, its numbers (an estimate). */
const ENTRY_COST = 96

/** The characters of a value kept as it is (frozen data): strings by their length, anything else by a few bytes. */
function sizeOfData(value: unknown): number {
  if (typeof value === 'string') return value.length
  if (value === null || typeof value !== 'object') return 8
  let size = 16
  if (Array.isArray(value)) {
    for (const item of value) size += sizeOfData(item)
    return size
  }
  for (const key in value) size += key.length + sizeOfData((value as Record<string, unknown>)[key])
  return size
}

/**
 * A memory store's bound, checked, with the defaults filled in: a TypeError
 * naming the limit and the value given otherwise. A number written as text
 * (an environment variable, as Nitro 3 hands it over) is read as the number.
 * @example
 * memoryStoreLimitsOf({ maxBytes: 8_388_608 }) // { maxEntries: 100_000, maxBytes: 8_388_608 }
 */
export function memoryStoreLimitsOf(limits: MemoryStoreLimits | undefined): Required<MemoryStoreLimits> {
  if (limits !== undefined && (typeof limits !== 'object' || limits === null)) throw new TypeError('memory store: limits must be an object')
  const whole = (name: keyof MemoryStoreLimits, min: number): number => {
    const given: unknown = limits?.[name]
    if (given === undefined) return DEFAULT_MEMORY_STORE_LIMITS[name]
    const value = typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given
    if (!(Number.isInteger(value) && (value as number) >= min)) throw new TypeError(`memory store: \`${name}\` must be a whole number of ${min} or more, got ${String(given)}`)
    return value as number
  }
  return { maxEntries: whole('maxEntries', 1), maxBytes: whole('maxBytes', 1024) }
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
 * It is bounded (`limits`, default 100,000 entries and 32 MiB): past either
 * bound the least recently used entries (read, counted or written last
 * longest ago) are dropped first, so a dropped idempotency key runs again on
 * its retry and a dropped counter starts over.
 * A value frozen at every level (`Object.freeze`, as `idempotent`'s records
 * are) is kept as it is: nothing can change it, so `get` gives back the same
 * object, equal to what Redis would give. Any other value is kept as its
 * JSON, as Redis keeps it: what `get` gives back is a copy nothing else holds.
 * @example
 * const store = createMemoryStore()
 * await store.setIfAbsent('idempotency:abc', { state: 'running' }, 60_000) // true, then false until it expires
 */
export function createMemoryStore(now: () => number = Date.now, limits?: MemoryStoreLimits): MemoryStore {
  const { maxEntries, maxBytes } = memoryStoreLimitsOf(limits)
  // a Map keeps its keys in the order they were set: each use sets its key again, so the first is the least recently used
  const entries = new Map<string, Entry>()
  let bytes = 0
  let sweepAt = FIRST_SWEEP

  function drop(key: string, entry: Entry): void {
    entries.delete(key)
    bytes -= entry.size
  }

  /** The entry of `key` unless it expired (then dropped), moved to the most recently used end. */
  function live(key: string, at: number): Entry | undefined {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    entries.delete(key)
    if (entry.expiresAt <= at) {
      bytes -= entry.size
      return undefined
    }
    entries.set(key, entry)
    return entry
  }

  function put(key: string, value: unknown, expiresAt: number): void {
    const asItIs = isFrozenData(value, 0)
    const json = asItIs ? undefined : JSON.stringify(value)
    const size = ENTRY_COST + key.length + (asItIs ? sizeOfData(value) : (json?.length ?? 0))
    const old = entries.get(key)
    if (old) drop(key, old)
    // larger than the whole store: not kept (as though it expired at once), and nothing else dropped for it
    if (size > maxBytes) return
    entries.set(key, { value: asItIs ? value : undefined, json, expiresAt, size })
    bytes += size
    if (entries.size >= sweepAt) {
      const at = now()
      for (const [name, entry] of entries) if (entry.expiresAt <= at) drop(name, entry)
      sweepAt = Math.max(FIRST_SWEEP, entries.size * 2)
    }
    // past a bound: the least recently used go first (the new entry, the last, fits on its own)
    if (bytes > maxBytes || entries.size > maxEntries) {
      for (const [name, entry] of entries) {
        if (bytes <= maxBytes && entries.size <= maxEntries) break
        drop(name, entry)
      }
    }
  }

  return {
    guarantee: 'process',
    usage: () => ({ entries: entries.size, bytes }),
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
      const entry = entries.get(key)
      if (entry) drop(key, entry)
    },
  }
}
