import { fork } from 'node:child_process'
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

const benchDir = fileURLToPath(new URL('..', import.meta.url))

/** A measured server in its own child process. */
export interface RunningServer {
  url: string
  /** CPU time (user + system, µs) the server process has used so far, read over IPC. */
  cpuMicros: () => Promise<number>
  stop: () => Promise<void>
}

/** How to bundle a server entry, beyond what every entry gets. */
export interface BundleOptions {
  /** Packages swapped for the whole bundle: `{ h3: 'h3-v2' }` puts every h3 import on h3 2.x. */
  alias?: Record<string, string>
  /** Packages left in node_modules, as Nitro leaves a CommonJS client such as ioredis. */
  external?: string[]
  /** Text replaced in the code, over the defaults (`import.meta.actionRouteTracing: 'true'`, the module's `tracing`). */
  define?: Record<string, string>
}

/**
 * Bundles one server entry into one ESM file the way Nitro ships a server: esbuild, `NODE_ENV=production`,
 * `import.meta.dev` false and, as a build without the module's `tracing`, `import.meta.actionRouteTracing` false.
 * @example
 * const bundle = await bundleServer('bench/forms/serve.ts', 'bench/.work/forms/serve.mjs')
 */
export async function bundleServer(entry: string, outfile: string, options: BundleOptions = {}): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    absWorkingDir: benchDir,
    alias: options.alias,
    external: options.external,
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.dev': 'false', 'import.meta.actionRouteTracing': 'false', ...options.define },
  })
  return outfile
}

/**
 * Forks a bundled server and waits for its port. Its young generation is held at 16 MB per semi-space:
 * left to V8, the process warmed up first ran several times as many scavenges as the one warmed last,
 * and a percent or two more CPU for the same code. `env` adds to the parent's environment.
 * @example
 * const server = await startServer(bundle, { REDIS_URL: redis.url })
 */
export function startServer(bundle: string, env: Record<string, string> = {}, execArgv: string[] = []): Promise<RunningServer> {
  const child = fork(bundle, [], { execArgv: ['--min-semi-space-size=16', '--max-semi-space-size=16', ...execArgv], env: { ...process.env, ...env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', code => reject(new Error(`${bundle} exited with ${code} before listening`)))
    child.once('message', (message: { port: number }) => {
      child.removeAllListeners('exit')
      resolve({
        url: `http://127.0.0.1:${message.port}`,
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
