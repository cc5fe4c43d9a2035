import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDevtoolsHome, waitFor } from './dev-server'
import type { RunningNuxtDev } from './dev-server'

/**
 * The compatibility suite (scripts/compat.mjs) passes an installed app of its own (E2E_DEV_APP_DIR, the module from
 * its tarball, another Nuxt) and another Node (E2E_NODE): the scratch app is then written inside it, so it resolves
 * that app's module, Nuxt and zod. Otherwise it sits in the runtime package (git-ignored) and loads the module's source.
 */
const packedApp = process.env.E2E_DEV_APP_DIR
const node = process.env.E2E_NODE || process.execPath
const nuxtBin = packedApp
  ? join(packedApp, 'node_modules/nuxt/bin/nuxt.mjs')
  : fileURLToPath(new URL('../../../../node_modules/nuxt/bin/nuxt.mjs', import.meta.url))
const moduleEntry = packedApp ? '@action-route/runtime' : fileURLToPath(new URL('../../../runtime/src/module', import.meta.url))
const scratchRoot = packedApp ?? fileURLToPath(new URL('../../../runtime/test/fixtures/', import.meta.url))

/** A `nuxi dev` of an app written for one test, and where that app lives. */
export interface ScratchDev extends RunningNuxtDev {
  rootDir: string
  /** The app's `app.baseURL` without its trailing slash (`''` or `/base`): prefix every URL with it. */
  prefix: string
}

/** What the app is made of: its route files and what goes into its nuxt.config. */
export interface ScratchAppOptions {
  name: string
  /** Paths relative to the app root, and their contents. */
  files?: Record<string, string>
  /** `app.baseURL`, e.g. `/base/`. */
  baseURL?: string
  /** Turn Nuxt DevTools itself on (it stays off by default). */
  devtools?: boolean
  /**
   * Give the app's temporary HOME a Nuxt DevTools 3 token file the test knows (default true). With false the HOME
   * holds none: only what DevTools itself writes there lets a browser in, as for a DevTools 4 user;
   * `token` is then empty and the app counts as up once its endpoints refuse a caller.
   */
  devtoolsToken?: boolean
  /** More environment for `nuxi dev` (`LAUNCH_EDITOR`, say). */
  env?: Record<string, string>
}

/** A small action every scratch app answers, so the registry has something to list. */
export const HELLO_ACTION = `import { z } from 'zod'

export default defineAction({
  input: z.object({ name: z.string() }),
  handler: ({ input }) => ({ greeting: \`Hello \${input.name}\` }),
})
`

/**
 * Writes a small Nuxt app (the module, DevTools' auth on, zod) in `.scratch-<name>` under
 * packages/runtime/test/fixtures (or the compatibility suite's installed app), starts `nuxi dev` on it on a free port
 * with a fresh DevTools token, and waits until the registry answers.
 * @example
 * const app = await startScratchDev({ name: 'unmatched', files: { 'server/api/hello.post.ts': HELLO_ACTION } })
 */
export async function startScratchDev(options: ScratchAppOptions): Promise<ScratchDev> {
  const rootDir = join(scratchRoot, `.scratch-${options.name}`)
  await rm(rootDir, { recursive: true, force: true })
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: `scratch-${options.name}`, private: true, type: 'module', dependencies: { zod: '*' } }, null, 2),
    'nuxt.config.ts': [
      'export default defineNuxtConfig({',
      `  modules: [${JSON.stringify(moduleEntry)}],`,
      `  devtools: { enabled: ${options.devtools === true} },`,
      `  app: { baseURL: ${JSON.stringify(options.baseURL ?? '/')} },`,
      '  compatibilityDate: \'2025-07-15\',',
      '  telemetry: false,',
      '})',
      '',
    ].join('\n'),
    'app.vue': '<template><div>scratch</div></template>\n',
    // an app's own tsconfig, as every Nuxt app has: without it the bundler reads the installed app's, around the
    // scratch folder, whose generated configs may not exist yet, and Nitro 3's dev bundler keeps that failure
    // for the process (a new route file then never loaded on a fresh install of the Nuxt 5 nightly)
    'tsconfig.json': '{ "extends": "./.nuxt/tsconfig.json" }\n',
    'server/api/hello.post.ts': HELLO_ACTION,
    ...options.files,
  }
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(dirname(join(rootDir, path)), { recursive: true })
    await writeFile(join(rootDir, path), contents)
  }
  const home = await createDevtoolsHome()
  const withToken = options.devtoolsToken !== false
  if (!withToken) await rm(join(home.env.HOME!, '.nuxt/devtools/dev-auth-token.txt'))
  const port = await portInRange(42000, 44999)
  // Nuxt DevTools sets itself up only outside a test runner: it returns early under VITEST or TEST (and vitest sets NODE_ENV)
  const env = Object.fromEntries(Object.entries({ ...process.env, ...home.env, ...options.env }).filter(([name]) => !options.devtools || !/^(?:VITEST.*|TEST|NODE_ENV)$/.test(name)))
  const child = spawn(node, [nuxtBin, 'dev', '--port', String(port), '--host', '127.0.0.1', '--no-fork'], { cwd: rootDir, stdio: ['ignore', 'pipe', 'pipe'], env })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const log = () => output
  const prefix = (options.baseURL ?? '/').replace(/\/+$/, '')
  const baseURL = `http://127.0.0.1:${port}`
  const app: ScratchDev = {
    baseURL,
    prefix,
    rootDir,
    log,
    token: withToken ? home.token : '',
    authHeaders: withToken ? home.authHeaders : {},
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
      if (child.exitCode !== null) throw new Error(`nuxi dev exited:\n${log()}`)
      const response = await fetch(`${baseURL}${prefix}/__action-route/api/routes`, { headers: app.authHeaders }).catch(() => undefined)
      // without a token the guard's refusal says the endpoints are up
      return withToken ? response?.ok === true : response?.status === 403
    }, 240_000, log)
  }
  catch (error) {
    await app.close()
    throw error
  }
  return app
}

/** A free port in [from, to], tried from a random start. */
async function portInRange(from: number, to: number): Promise<number> {
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
