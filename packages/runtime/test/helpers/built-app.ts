import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { collectOutput, findNuxtBin, stopProcess } from './internal/nuxt-process'

/** A built Nuxt app's production server, listening on 127.0.0.1. */
export interface BuiltApp {
  baseURL: string
  close: () => Promise<void>
  /** What the server printed so far, stdout and stderr (a Node server; workerd's is not this process's to read). */
  log?: () => string
}

/** What else a build and its server get. */
export interface BuildAndStartOptions {
  /** More environment for `nuxt build` and the server (a data folder, a session password...). */
  env?: Record<string, string>
  /** The server's working directory (default the app's): db0's default SQLite file is `<cwd>/.data/db.sqlite3`. */
  serverCwd?: string
  /** More `nuxt build` arguments, e.g. `['--extends', layerDir]` for a layer that moves the build folders. */
  buildArgs?: string[]
  /** Where the build writes its server (default `<appDir>/.output`), when a layer moves it. */
  outputDir?: string
}

/**
 * Runs `nuxt build` on an app and starts `.output/server/index.mjs`, both with the given Node.
 * @example
 * const app = await buildAndStartNuxtApp(appDir, process.execPath, '/api/echo', { serverCwd: dataDir })
 * await fetch(`${app.baseURL}/api/echo`)
 * await app.close()
 */
export async function buildAndStartNuxtApp(appDir: string, node = process.execPath, probePath = '/', options: BuildAndStartOptions = {}): Promise<BuiltApp> {
  const env = { ...process.env, ...options.env, NODE_ENV: 'production' }
  const build = spawn(node, [findNuxtBin(appDir), 'build', appDir, ...options.buildArgs ?? []], { cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'], env })
  const buildLog = collectOutput(build)
  const [code] = await once(build, 'exit')
  if (code !== 0) throw new Error(`nuxt build of ${appDir} failed (${code}):\n${buildLog().slice(-4000)}`)

  return startBuiltServer(options.outputDir ?? join(appDir, '.output'), node, probePath, { env, cwd: options.serverCwd ?? appDir })
}

/**
 * Starts a built app's `server/index.mjs` on a free port of 127.0.0.1 and waits until `probePath` answers;
 * call it again for a second server process of the same build.
 * @example
 * const second = await startBuiltServer(join(appDir, '.output'), process.execPath, '/api/echo', { env, cwd: appDir })
 */
export async function startBuiltServer(outputDir: string, node: string, probePath: string, options: { env: NodeJS.ProcessEnv, cwd: string }): Promise<BuiltApp> {
  const port = await freePort()
  const server = spawn(node, [join(outputDir, 'server/index.mjs')], {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...options.env, NITRO_HOST: '127.0.0.1', NITRO_PORT: String(port) },
  })
  const serverLog = collectOutput(server)
  const baseURL = `http://127.0.0.1:${port}`
  await waitUntilUp(`${baseURL}${probePath}`, serverLog)
  return {
    baseURL,
    close: () => stopProcess(server),
    log: serverLog,
  }
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

async function waitUntilUp(url: string, log: () => string) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    try {
      await fetch(url)
      return
    }
    catch {
      await new Promise(done => setTimeout(done, 100))
    }
  }
  throw new Error(`the built app did not start:\n${log()}`)
}
