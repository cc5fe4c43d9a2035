// What a store is, apart from how one is made: the drivers implement it and the factory (shared-store.ts) picks one.

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
