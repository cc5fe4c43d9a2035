import type { SharedStore } from './shared-store'

/** What the store uses of an ioredis client (or a cluster): the one the unstorage redis driver holds. */
export interface RedisLike {
  eval: (script: string, numKeys: number, ...args: (string | number)[]) => Promise<unknown>
  set: (key: string, value: string, ...args: (string | number)[]) => Promise<unknown>
  get: (key: string) => Promise<string | null>
  del: (key: string) => Promise<unknown>
}

/**
 * INCR, and the window's expiry set by the increment that started it, in one
 * step no other client can come between: Redis runs a script whole.
 */
const INCREMENT = `local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`

/**
 * A store on Redis through an ioredis client: every operation is one atomic
 * command (a script for the counter, `SET NX PX` for set-if-absent), so it is
 * exact across every server that shares the Redis.
 * @example
 * const store = createRedisStore(useStorage().getMount('action-route').driver.getInstance(), 'action-route:')
 */
export function createRedisStore(client: RedisLike, prefix: string): SharedStore {
  return {
    guarantee: 'atomic',
    async increment(key, windowMs) {
      const [count, ttl] = await client.eval(INCREMENT, 1, prefix + key, windowMs) as [number, number]
      return { count, resetInMs: ttl }
    },
    async setIfAbsent(key, value, ttlMs) {
      return await client.set(prefix + key, JSON.stringify(value), 'PX', ttlMs, 'NX') === 'OK'
    },
    async get<T>(key: string) {
      const text = await client.get(prefix + key)
      return text === null ? undefined : JSON.parse(text) as T
    },
    async set(key, value, ttlMs) {
      await client.set(prefix + key, JSON.stringify(value), 'PX', ttlMs)
    },
    async remove(key) {
      await client.del(prefix + key)
    },
  }
}
