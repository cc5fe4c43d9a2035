import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'

/**
 * Node flags of every measured server: the young generation held at 16 MB per semi-space, the default
 * maximum of Node 20's V8 on 64-bit and what a server under steady load grows to. Left to V8, the process
 * warmed up first ran five times as many scavenges per request as the one warmed last, and 1% to 2% more
 * CPU time in a two-server test (docs/performance-work.md, fourth round).
 */
export const serverNodeFlags = ['--min-semi-space-size=16', '--max-semi-space-size=16']

/** A server running in its own child process. */
export interface RunningServer {
  name: string
  url: string
  child: ChildProcess
  /** CPU time (user + system, microseconds) the server process has used so far. */
  cpuMicros: () => Promise<number>
  stop: () => Promise<void>
}

/** Forks the bundled server entry for one subject and waits for its port. */
export function startServer(bundle: string, name: string, options: { profileDir?: string } = {}): Promise<RunningServer> {
  const execArgv = [...serverNodeFlags, ...options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`, `--cpu-prof-name=${name}.cpuprofile`] : []]
  const child = fork(bundle, [name], { execArgv, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', code => reject(new Error(`server ${name} exited with ${code} before listening`)))
    child.once('message', (message: { port: number }) => {
      child.removeAllListeners('exit')
      resolve({
        name,
        url: `http://127.0.0.1:${message.port}`,
        child,
        cpuMicros: () => new Promise((answer) => {
          const onMessage = (reply: { type?: string, micros?: number }) => {
            if (reply?.type !== 'cpu') return
            child.off('message', onMessage)
            answer(reply.micros!)
          }
          child.on('message', onMessage)
          child.send({ type: 'cpu' })
        }),
        stop: () => new Promise<void>((done) => {
          if (child.exitCode !== null) return done()
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
          child.once('exit', () => {
            clearTimeout(timer)
            done()
          })
          child.disconnect()
        }),
      })
    })
  })
}
