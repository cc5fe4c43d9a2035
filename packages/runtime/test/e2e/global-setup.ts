import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    fixtureDir: string
  }
}

/**
 * Builds the fixture Nuxt app and starts its production server on 127.0.0.1.
 * The compatibility suite points E2E_FIXTURE_DIR at a copy of the fixture
 * with another Nuxt installed, and E2E_NODE at another Node binary.
 */
export default async function setup(project: TestProject) {
  const fixtureDir = resolve(process.env.E2E_FIXTURE_DIR || fileURLToPath(new URL('../fixtures/basic', import.meta.url)))
  const node = process.env.E2E_NODE || process.execPath
  const nuxt = findNuxtBin(fixtureDir)

  const build = spawn(node, [nuxt, 'build', fixtureDir], { cwd: fixtureDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } })
  let log = ''
  const appendLog = (chunk: Buffer) => {
    log += chunk
  }
  build.stdout.on('data', appendLog)
  build.stderr.on('data', appendLog)
  const [code] = await once(build, 'exit')
  if (code !== 0) throw new Error(`nuxt build of ${fixtureDir} failed (${code}):\n${log.slice(-4000)}`)

  const port = await freePort()
  const server = spawn(node, [join(fixtureDir, '.output/server/index.mjs')], {
    cwd: fixtureDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NITRO_HOST: '127.0.0.1', NITRO_PORT: String(port), NODE_ENV: 'production' },
  })
  let serverLog = ''
  const appendServerLog = (chunk: Buffer) => {
    serverLog += chunk
  }
  server.stdout.on('data', appendServerLog)
  server.stderr.on('data', appendServerLog)
  const baseURL = `http://127.0.0.1:${port}`
  await waitUntilUp(baseURL, () => serverLog)

  project.provide('baseURL', baseURL)
  project.provide('fixtureDir', fixtureDir)
  return async () => {
    server.kill()
    await once(server, 'exit')
  }
}

function findNuxtBin(fixtureDir: string): string {
  for (let dir = fixtureDir; ; dir = resolve(dir, '..')) {
    const candidate = join(dir, 'node_modules/nuxt/bin/nuxt.mjs')
    if (existsSync(candidate)) return candidate
    if (dir === resolve(dir, '..')) throw new Error(`nuxt is not installed for ${fixtureDir}`)
  }
}

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

async function waitUntilUp(baseURL: string, log: () => string) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    try {
      await fetch(`${baseURL}/api/echo`)
      return
    }
    catch {
      await new Promise(done => setTimeout(done, 100))
    }
  }
  throw new Error(`the built fixture did not start:\n${log()}`)
}
