import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'

// a child process builds, so each build gets a fresh Nuxt and Nitro, as `nuxi build` would
const buildScript = `
const { rootDir, overrides, kit } = JSON.parse(process.env.BUILD_REQUEST)
const { loadNuxt, buildNuxt } = await import(kit)
const nuxt = await loadNuxt({ cwd: rootDir, dev: false, overrides })
await buildNuxt(nuxt)
await nuxt.close()
`

/**
 * `nuxi build` of an app with config overrides (`actionRoute.openapi`, the build
 * and output folders), so one fixture or the playground builds several ways
 * without a copy. Resolves to the output folder.
 * @example
 * const output = await buildNuxtApp(fixtureDir, 'node_modules/.cache/off', { actionRoute: { openapi: false } })
 */
export async function buildNuxtApp(rootDir: string, folder: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const outputDir = join(rootDir, folder, '.output')
  const nitro = { ...(overrides.nitro as Record<string, unknown> | undefined), output: { dir: outputDir } }
  // Nuxt's kit as this package resolves it (`nuxt/kit`, the one the module uses): an app (the playground) need not depend on it
  const request = { rootDir, kit: import.meta.resolve('nuxt/kit'), overrides: { buildDir: join(rootDir, folder, '.nuxt'), ...overrides, nitro } }
  const child = spawn(process.execPath, ['--input-type=module', '-e', buildScript], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', BUILD_REQUEST: JSON.stringify(request) },
  })
  const log = collect(child)
  const [code] = await once(child, 'exit')
  if (code !== 0) throw new Error(`the build of ${rootDir} failed (${code}):\n${log().slice(-4000)}`)
  return outputDir
}

/** A built app's server on 127.0.0.1 at the given port, up when this resolves. */
export async function startServer(outputDir: string, port: number): Promise<{ baseURL: string, close: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(outputDir, 'server/index.mjs')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NITRO_HOST: '127.0.0.1', NITRO_PORT: String(port), NODE_ENV: 'production' },
  })
  const log = collect(child)
  const baseURL = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (!(await fetch(baseURL).then(() => true, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${log()}`)
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  return {
    baseURL,
    close: async () => {
      if (child.exitCode !== null) return
      child.kill()
      await once(child, 'exit')
    },
  }
}

function collect(child: ChildProcess): () => string {
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk))
  return () => log
}
