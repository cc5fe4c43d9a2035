import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

/** A built Nuxt app's production server, listening on 127.0.0.1. */
export interface BuiltApp {
  baseURL: string
  close: () => Promise<void>
}

/** Runs `nuxt build` on an app and starts `.output/server/index.mjs`, both with the given Node. */
export async function buildAndStartNuxtApp(appDir: string, node = process.execPath, probePath = '/'): Promise<BuiltApp> {
  const build = spawn(node, [findNuxtBin(appDir), 'build', appDir], { cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } })
  const buildLog = collect(build)
  const [code] = await once(build, 'exit')
  if (code !== 0) throw new Error(`nuxt build of ${appDir} failed (${code}):\n${buildLog().slice(-4000)}`)

  const port = await freePort()
  const server = spawn(node, [join(appDir, '.output/server/index.mjs')], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NITRO_HOST: '127.0.0.1', NITRO_PORT: String(port), NODE_ENV: 'production' },
  })
  const serverLog = collect(server)
  const baseURL = `http://127.0.0.1:${port}`
  await waitUntilUp(`${baseURL}${probePath}`, serverLog)
  return {
    baseURL,
    close: async () => {
      server.kill()
      if (server.exitCode === null) await once(server, 'exit')
    },
  }
}

function collect(child: ReturnType<typeof spawn>): () => string {
  let log = ''
  const append = (chunk: Buffer) => {
    log += chunk
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  return () => log
}

function findNuxtBin(appDir: string): string {
  for (let dir = appDir; ; dir = resolve(dir, '..')) {
    const candidate = join(dir, 'node_modules/nuxt/bin/nuxt.mjs')
    if (existsSync(candidate)) return candidate
    if (dir === resolve(dir, '..')) throw new Error(`nuxt is not installed for ${appDir}`)
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
