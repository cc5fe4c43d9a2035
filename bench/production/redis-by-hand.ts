// The floor the Redis rows are read against: the plain action with the Redis commands a rate limit or an
// idempotency key needs at the least, sent by a middleware written by hand on the same ioredis client, where the
// runtime's middleware sends them (a command awaited before the action, outside the middleware chain, read about
// 12 µs less CPU a request here: not the floor a middleware can have).
import Redis from 'ioredis'
import type { ActionMiddleware } from '../../packages/runtime/src/runtime/server/index'
import { INCREMENT } from '../../packages/runtime/src/runtime/server/shared-store/internal/shared-store-redis'
import { serveTodoAction } from './fixture'

/**
 * Serves the plain action with `commands` round trips to Redis (REDIS_URL) a request, from a middleware: one,
 * the counter's script by `EVALSHA` before the user middleware (a rate limit's); two, a `SET NX PX` after it and,
 * once the handler has answered, a `SET PX` of its answer (an idempotency key's).
 * @example
 * await serveWithRedisByHand(2)
 */
export async function serveWithRedisByHand(commands: 1 | 2): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL!)
  if (commands === 1) {
    const sha = await redis.script('LOAD', INCREMENT) as string
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const count: ActionMiddleware<any, any, any> = async ({ next }) => {
      await redis.evalsha(sha, 1, 'by-hand:rate-limit', 3_600_000)
      return next()
    }
    return serveTodoAction({ before: [count] })
  }
  let request = 0
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const keep: ActionMiddleware<any, any, any> = async ({ next }) => {
    const key = `by-hand:${process.pid}:${request++}`
    await redis.set(key, '{"state":"running"}', 'PX', 60_000, 'NX')
    const result = await next()
    await redis.set(key, JSON.stringify({ state: 'done', data: result.data }), 'PX', 86_400_000)
    return result
  }
  serveTodoAction({ after: [keep] })
}
