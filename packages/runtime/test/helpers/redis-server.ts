import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { freePort } from './built-app'
import { collectOutput, stopProcess } from './internal/nuxt-process'

/** A Redis server this test started, on 127.0.0.1. */
export interface TestRedis {
  port: number
  /** The redis-server process's id (the bench reads its CPU time from /proc). */
  pid: number
  url: string
  close: () => Promise<void>
}

/**
 * Starts Debian's `redis-server` on a free port of 127.0.0.1 (or on `port`: the one a build was made for), with
 * nothing saved to disk, and waits until it answers PING. Never assumes one running.
 * @example
 * const redis = await startRedis()
 * // ... redisDriver({ url: redis.url })
 * await redis.close()
 */
export async function startRedis(atPort?: number): Promise<TestRedis> {
  const port = atPort ?? await freePort()
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] })
  const log = collectOutput(server)
  const spawned = new Promise<never>((_, reject) => server.once('error', error => reject(new Error(`redis-server did not start (apt-get install redis-server): ${error.message}`))))
  const deadline = Date.now() + 10_000
  while (!(await Promise.race([pong(port), spawned]))) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`redis-server did not answer on ${port}:\n${log()}`)
    await new Promise(done => setTimeout(done, 50))
  }
  return { port, pid: server.pid!, url: `redis://127.0.0.1:${port}`, close: () => stopProcess(server) }
}

/** Whether a Redis answers PING on the port (inline command, no client). */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('error', () => resolve(false))
    socket.once('data', (data) => {
      socket.destroy()
      resolve(data.toString().startsWith('+PONG'))
    })
    socket.once('connect', () => socket.write('PING\r\n'))
  })
}
