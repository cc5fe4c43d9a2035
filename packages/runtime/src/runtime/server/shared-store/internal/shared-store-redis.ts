import type { SetIfAbsentResult, SharedStore } from '../shared-store-contract'

/** What the store uses of an ioredis client (or a cluster): the one the unstorage redis driver holds. */
export interface RedisLike {
  eval: (script: string, numKeys: number, ...args: (string | number)[]) => Promise<unknown>
  evalsha: (sha1: string, numKeys: number, ...args: (string | number)[]) => Promise<unknown>
  set: (key: string, value: string, ...args: (string | number)[]) => Promise<unknown>
  get: (key: string) => Promise<string | null>
  del: (key: string) => Promise<unknown>
}

/**
 * INCR, and the window's expiry set by the increment that started it, in one
 * step no other client can come between: Redis runs a script whole.
 * @example
 * await client.eval(INCREMENT, 1, 'rate:ip:1.2.3.4', '60000')
 */
export const INCREMENT = `local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`

/** The SHA-1 of INCREMENT, by which Redis knows the script once it has run it (test/shared-store/redis-store.test.ts checks it). */
const INCREMENT_SHA1 = '90941c7a42d4407d228b2e1ed94112fbf3399b1f'

/**
 * Runs INCREMENT by its SHA-1, sending the whole script only when Redis does
 * not hold it yet (its first call, or after a restart or `SCRIPT FLUSH`).
 */
async function runIncrement(client: RedisLike, key: string, windowMs: number): Promise<unknown> {
  try {
    return await client.evalsha(INCREMENT_SHA1, 1, key, windowMs)
  }
  catch (problem) {
    if (!String((problem as Error | undefined)?.message).includes('NOSCRIPT')) throw problem
    return await client.eval(INCREMENT, 1, key, windowMs)
  }
}

/** Redis' answer to options it does not take together: `SET` with both `NX` and `GET` before Redis 7. */
const SYNTAX_ERROR = /\bsyntax error\b/i

/**
 * A store on Redis through an ioredis client: every operation is one atomic
 * command (a script for the counter, sent by its SHA-1, `SET NX PX` for
 * set-if-absent, `SET NX PX GET` for set-if-absent-or-get on Redis 7 and
 * later), so it is exact across every server that shares the Redis.
 * @example
 * const store = createRedisStore(useStorage().getMount('action-route').driver.getInstance(), 'action-route:')
 */
export function createRedisStore(client: RedisLike, prefix: string): SharedStore {
  // false once Redis has refused NX with GET (before 7.0): then a set-if-absent and a read, as two commands
  let setAndGet = true
  const store: SharedStore = {
    guarantee: 'atomic',
    async increment(key, windowMs) {
      const [count, ttl] = await runIncrement(client, prefix + key, windowMs) as [number, number]
      return { count, resetInMs: ttl }
    },
    async setIfAbsent(key, value, ttlMs) {
      return await client.set(prefix + key, JSON.stringify(value), 'PX', ttlMs, 'NX') === 'OK'
    },
    async get<T>(key: string) {
      const text = await client.get(prefix + key)
      return text === null ? undefined : JSON.parse(text) as T
    },
    // set and setIfAbsentOrGet, on every idempotent request, chain the client's promise instead of awaiting it in
    // an async function: one promise and no suspended frame each; a value JSON cannot write still rejects
    set(key, value, ttlMs) {
      let text: string
      try {
        text = JSON.stringify(value)
      }
      catch (problem) {
        return Promise.reject(problem)
      }
      return client.set(prefix + key, text, 'PX', ttlMs).then(nothing)
    },
    async remove(key) {
      await client.del(prefix + key)
    },
    setIfAbsentOrGet<T>(key: string, value: unknown, ttlMs: number): Promise<SetIfAbsentResult<T>> {
      if (!setAndGet) return setThenGet<T>(key, value, ttlMs)
      let text: string
      try {
        text = JSON.stringify(value)
      }
      catch (problem) {
        return Promise.reject(problem)
      }
      // nil: the key held nothing, and now holds the value; else what it held, left as it was
      return (client.set(prefix + key, text, 'PX', ttlMs, 'NX', 'GET') as Promise<string | null>).then(
        held => held === null ? { stored: true as const } : { stored: false as const, held: JSON.parse(held) as T },
        (problem) => {
          if (!SYNTAX_ERROR.test(String((problem as Error | undefined)?.message))) throw problem
          setAndGet = false
          return setThenGet<T>(key, value, ttlMs)
        },
      )
    },
  }
  async function setThenGet<T>(key: string, value: unknown, ttlMs: number): Promise<SetIfAbsentResult<T>> {
    if (await store.setIfAbsent(key, value, ttlMs)) return { stored: true as const }
    return { stored: false as const, held: await store.get<T>(key) }
  }
  return store
}

function nothing(): void {}
