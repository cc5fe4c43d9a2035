import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDevtoolsHome, waitFor } from './dev-server'
import type { RunningNuxtDev } from './dev-server'

const nuxtBin = fileURLToPath(new URL('../../../../node_modules/nuxt/bin/nuxt.mjs', import.meta.url))
const moduleEntry = fileURLToPath(new URL('../../../runtime/src/module', import.meta.url))
// git-ignored, and inside the runtime package so the app resolves its nuxt, vue and zod
const scratchRoot = fileURLToPath(new URL('../../../runtime/test/fixtures/', import.meta.url))

/** A `nuxi dev` of a small app the panel's tests write into, and where it lives. */
export interface PanelApp extends RunningNuxtDev {
  rootDir: string
}

/**
 * Writes a small Nuxt app (the module from source, zod, the given files) under
 * packages/runtime/test/fixtures/.scratch-h4-<name>, starts `nuxi dev` on it on
 * a port in 44000-44999 with a fresh DevTools token, and waits until the
 * registry answers. Nuxt DevTools is off unless `devtools` says otherwise.
 * @example
 * const app = await startPanelApp('loop', { 'server/api/hello.post.ts': HELLO })
 */
export async function startPanelApp(name: string, files: Record<string, string>, options: { devtools?: boolean } = {}): Promise<PanelApp> {
  const rootDir = join(scratchRoot, `.scratch-h4-${name}`)
  await rm(rootDir, { recursive: true, force: true })
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ name: `scratch-${name}`, private: true, type: 'module', dependencies: { zod: '*' } }, null, 2),
    'nuxt.config.ts': `export default defineNuxtConfig({\n  modules: [${JSON.stringify(moduleEntry)}],\n  devtools: { enabled: ${options.devtools === true} },\n  compatibilityDate: '2025-07-15',\n  telemetry: false,\n})\n`,
    'app.vue': '<template><div>panel app</div></template>\n',
    ...files,
  }
  for (const [path, contents] of Object.entries(all)) {
    await mkdir(dirname(join(rootDir, path)), { recursive: true })
    await writeFile(join(rootDir, path), contents)
  }
  const home = await createDevtoolsHome()
  const port = await freePortIn(44000, 44999)
  // Nuxt DevTools sets itself up only outside a test runner: it returns early under VITEST or TEST (and vitest sets NODE_ENV)
  const env = Object.fromEntries(Object.entries({ ...process.env, ...home.env }).filter(([name]) => !options.devtools || !/^(?:VITEST.*|TEST|NODE_ENV)$/.test(name)))
  const child = spawn(process.execPath, [nuxtBin, 'dev', '--port', String(port), '--host', '127.0.0.1', '--no-fork'], { cwd: rootDir, stdio: ['ignore', 'pipe', 'pipe'], env })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const baseURL = `http://127.0.0.1:${port}`
  const app: PanelApp = {
    baseURL,
    rootDir,
    log: () => output,
    token: home.token,
    authHeaders: home.authHeaders,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await Promise.race([once(child, 'exit'), new Promise(done => setTimeout(done, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      await home.remove()
      await rm(rootDir, { recursive: true, force: true })
    },
  }
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`nuxi dev exited:\n${output}`)
      return (await fetch(`${baseURL}/__action-route/api/routes`, { headers: home.authHeaders }).catch(() => undefined))?.ok === true
    }, 240_000, app.log)
  }
  catch (error) {
    await app.close()
    throw error
  }
  return app
}

async function freePortIn(from: number, to: number): Promise<number> {
  const size = to - from + 1
  const start = Math.floor(Math.random() * size)
  for (let offset = 0; offset < size; offset++) {
    const port = from + ((start + offset) % size)
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`no free port in ${from}-${to}`)
}
