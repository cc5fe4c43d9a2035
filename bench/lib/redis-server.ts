import { readFile } from 'node:fs/promises'
import { startRedis as startTestRedis } from '../../packages/runtime/test/helpers/redis-server'

/** A redis-server the bench started on 127.0.0.1. */
export interface BenchRedis {
  url: string
  /** CPU time (user + system, µs) the redis-server process has used so far, from /proc (10 ms steps). */
  cpuMicros: () => Promise<number>
  stop: () => Promise<void>
}

/**
 * Starts Debian's `redis-server` as the shared-store tests do (a free port of 127.0.0.1, nothing saved to
 * disk, answering PING); `undefined` when there is no redis-server to start, so the part skips its Redis rows.
 * @example
 * const redis = await startRedis()
 * if (redis) await redis.stop()
 */
export async function startRedis(): Promise<BenchRedis | undefined> {
  let redis
  try {
    redis = await startTestRedis()
  }
  catch (error) {
    if (String(error).includes('did not start')) return undefined
    throw error
  }
  return {
    url: redis.url,
    async cpuMicros() {
      // fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses, in clock ticks of 10 ms
      const fields = (await readFile(`/proc/${redis.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
      return (Number(fields[11]) + Number(fields[12])) * 10_000
    },
    stop: redis.close,
  }
}
