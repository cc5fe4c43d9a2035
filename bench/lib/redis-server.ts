import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { connect, createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

/** A redis-server the bench started on 127.0.0.1. */
export interface BenchRedis {
  url: string
  /** CPU time (user + system, µs) the redis-server process has used so far, from /proc (10 ms steps). */
  cpuMicros: () => Promise<number>
  stop: () => Promise<void>
}

/**
 * Starts Debian's `redis-server` on a free port of 127.0.0.1, saving nothing to disk, and waits until it
 * answers PING; `undefined` when there is no redis-server to start. Never assumes one running.
 * @example
 * const redis = await startRedis()
 * if (redis) await redis.stop()
 */
export async function startRedis(): Promise<BenchRedis | undefined> {
  const port = await freePort()
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  const missing = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(true))
    server.once('spawn', () => resolve(false))
  })
  if (missing) return undefined
  const deadline = Date.now() + 10_000
  while (!(await pong(port))) {
    if (Date.now() > deadline || server.exitCode !== null) {
      server.kill('SIGKILL')
      throw new Error(`redis-server did not answer on port ${port}`)
    }
    await new Promise(done => setTimeout(done, 50))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async cpuMicros() {
      // fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses, in clock ticks of 10 ms
      const fields = (await readFile(`/proc/${server.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
      return (Number(fields[11]) + Number(fields[12])) * 10_000
    },
    stop: () => new Promise<void>((done) => {
      if (server.exitCode !== null) return done()
      server.once('exit', () => done())
      server.kill('SIGTERM')
    }),
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Whether a Redis answers PING on the port (an inline command, no client). */
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
