// The floor the Redis rows are read against: the plain action with the Redis commands a rate limit or an
// idempotency key needs at the least, written by hand on the same ioredis client, with no runtime code around them.
import Redis from 'ioredis'
import { serveTodoAction } from './fixture'

/**
 * Serves the plain action with `commands` round trips to Redis (REDIS_URL) a request: one, a counter's `INCR`
 * (a rate limit's); two, a `SET NX PX` before the action and a `SET PX` of its answer after (an idempotency key's).
 * @example
 * serveWithRedisByHand(2)
 */
export function serveWithRedisByHand(commands: 1 | 2): void {
  const redis = new Redis(process.env.REDIS_URL!)
  let request = 0
  serveTodoAction({
    around: {
      async action(_event, run) {
        if (commands === 1) {
          await redis.incr('by-hand:count')
          return await run()
        }
        const key = `by-hand:${process.pid}:${request++}`
        await redis.set(key, '{"state":"running"}', 'PX', 60_000, 'NX')
        const answer = await run()
        await redis.set(key, JSON.stringify({ state: 'done', answer }), 'PX', 86_400_000)
        return answer
      },
    },
  })
}
