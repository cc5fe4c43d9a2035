// Serves a Nitro `cloudflare-module` build with workerd, Cloudflare's Workers runtime, on 127.0.0.1:
// a capnp config naming every built module, a socket, and the compatibility date and flags the preset needs.
// No wrangler and no network: workerd comes from the npm registry's `workerd` package (its linux-x64 binary).
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BuiltApp } from '../helpers/built-app'
import { freePort } from '../helpers/built-app'

/** Set by the global setup when the e2e suite runs against workerd (`E2E_TARGET=workers`). */
export const onWorkers = process.env.E2E_TARGET === 'workers'

/** The workerd release the Workers e2e run uses, pinned so a new release cannot change the result. */
export const WORKERD_VERSION = '1.20261117.1'

/**
 * Nitro's Cloudflare presets run on `nodejs_compat`; the date is the fixture's `compatibilityDate`.
 * Nitro 3 writes both into `server/wrangler.json`, which wins when present.
 */
const COMPATIBILITY = { date: '2025-07-15', flags: ['nodejs_compat'] }

function compatibilityOf(serverDir: string): { date: string, flags: string[] } {
  const wrangler = join(serverDir, 'wrangler.json')
  if (!existsSync(wrangler)) return COMPATIBILITY
  const config = JSON.parse(readFileSync(wrangler, 'utf8')) as { compatibility_date?: string, compatibility_flags?: string[] }
  return { date: config.compatibility_date ?? COMPATIBILITY.date, flags: config.compatibility_flags ?? COMPATIBILITY.flags }
}

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)))

/**
 * The workerd binary: `E2E_WORKERD` when set, else the pinned npm package,
 * installed once into `.cache/workerd` (git-ignored) as scripts/compat.mjs does for Node 22.
 * @example
 * execFileSync(workerdBinary(), ['--version']) // 'workerd 2026-11-17'
 */
export function workerdBinary(): string {
  if (process.env.E2E_WORKERD) return process.env.E2E_WORKERD
  const prefix = join(repoRoot, '.cache/workerd')
  const binary = join(prefix, 'node_modules/@cloudflare/workerd-linux-64/bin/workerd')
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true })
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', `workerd@${WORKERD_VERSION}`], { stdio: 'inherit' })
  }
  return binary
}

function moduleFiles(serverDir: string): string[] {
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
    .filter(file => file.endsWith('.mjs'))
    .map(file => file.split('\\').join('/'))
    .sort()
  // the first module is the worker's entry
  return ['index.mjs', ...files.filter(file => file !== 'index.mjs')]
}

// Cloudflare serves `public/` through the ASSETS binding the preset's entry calls for asset URLs.
// workerd's disk service answers every file as application/octet-stream, which a browser refuses
// for a module script, so a small worker in front sets the type from the extension.
const ASSETS_WORKER = `const types = { js: 'text/javascript', mjs: 'text/javascript', css: 'text/css', json: 'application/json', html: 'text/html', svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', txt: 'text/plain', woff2: 'font/woff2' }
export default {
  async fetch(request, env) {
    const response = await env.DISK.fetch(request)
    if (!response.ok) return response
    const headers = new Headers(response.headers)
    headers.set('content-type', types[new URL(request.url).pathname.split('.').pop()] ?? 'application/octet-stream')
    return new Response(response.body, { status: response.status, headers })
  },
}
`

const capnpPath = (from: string, to: string) => JSON.stringify(relative(from, to).split('\\').join('/'))

/**
 * Set by the Workers suite's tracing run (scripts/workers.mjs): the worker may then reach 127.0.0.1, where the
 * test's OTLP receiver listens. workerd's default outbound network allows public addresses only.
 */
const allowLocalOutbound = process.env.E2E_WORKERD_LOCAL_OUTBOUND === '1'

/**
 * The capnp config that serves `<outputDir>/server` on `127.0.0.1:<port>`, one ES module per
 * built file so Nitro's lazy route chunks load by their relative paths, and `<outputDir>/public`
 * as the ASSETS binding. `configDir` is where the config and the assets worker are written.
 * @example
 * writeFileSync('.output/workerd.capnp', workerdConfig('.output', 8787, '.output'))
 */
export function workerdConfig(outputDir: string, port: number, configDir: string): string {
  const serverDir = join(outputDir, 'server')
  const compatibility = compatibilityOf(serverDir)
  const modules = moduleFiles(serverDir)
    .map(file => `    (name = ${JSON.stringify(file)}, esModule = embed ${capnpPath(configDir, join(serverDir, file))}),`)
  return [
    'using Workerd = import "/workerd/workerd.capnp";',
    '',
    'const config :Workerd.Config = (',
    '  services = [',
    '    (name = "nitro", worker = .nitro),',
    '    (name = "assets", worker = .assets),',
    `    (name = "public", disk = (path = ${capnpPath(configDir, join(outputDir, 'public'))}, writable = false)),`,
    ...allowLocalOutbound ? ['    (name = "outbound", network = (allow = ["public", "local"])),'] : [],
    '  ],',
    `  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "nitro") ],`,
    ');',
    '',
    'const nitro :Workerd.Worker = (',
    '  modules = [',
    ...modules,
    '  ],',
    '  bindings = [ (name = "ASSETS", service = "assets") ],',
    ...allowLocalOutbound ? ['  globalOutbound = "outbound",'] : [],
    `  compatibilityDate = ${JSON.stringify(compatibility.date)},`,
    `  compatibilityFlags = [${compatibility.flags.map(flag => JSON.stringify(flag)).join(', ')}],`,
    ');',
    '',
    'const assets :Workerd.Worker = (',
    '  modules = [ (name = "assets.mjs", esModule = embed "workerd-assets.mjs") ],',
    '  bindings = [ (name = "DISK", service = "public") ],',
    `  compatibilityDate = ${JSON.stringify(compatibility.date)},`,
    ');',
    '',
  ].join('\n')
}

/**
 * Starts workerd on a Nitro `cloudflare-module` build's `.output` and waits until `probePath` answers.
 * @example
 * const app = await serveOnWorkerd('fixture/.output', '/api/echo')
 * await fetch(`${app.baseURL}/api/echo`)
 * await app.close()
 */
export async function serveOnWorkerd(outputDir: string, probePath = '/'): Promise<BuiltApp> {
  const port = await freePort()
  const configFile = join(outputDir, 'workerd.capnp')
  writeFileSync(configFile, workerdConfig(outputDir, port, outputDir))
  writeFileSync(join(outputDir, 'workerd-assets.mjs'), ASSETS_WORKER)
  const server = spawn(workerdBinary(), ['serve', configFile], { cwd: outputDir, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  server.stdout.on('data', (chunk: Buffer) => (log += chunk))
  server.stderr.on('data', (chunk: Buffer) => (log += chunk))
  const baseURL = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`workerd exited (${server.exitCode}):\n${log}`)
    try {
      await fetch(`${baseURL}${probePath}`)
      break
    }
    catch {
      if (Date.now() > deadline) throw new Error(`workerd did not answer on ${baseURL}:\n${log}`)
      await new Promise(done => setTimeout(done, 100))
    }
  }
  return {
    baseURL,
    close: async () => {
      server.kill()
      if (server.exitCode === null) await once(server, 'exit')
    },
  }
}

function findNuxtBin(appDir: string): string {
  for (let dir = appDir; ; dir = resolve(dir, '..')) {
    const candidate = join(dir, 'node_modules/nuxt/bin/nuxt.mjs')
    if (existsSync(candidate)) return candidate
    if (dir === resolve(dir, '..')) throw new Error(`nuxt is not installed for ${appDir}`)
  }
}

/**
 * Builds a Nuxt app with Nitro's `cloudflare-module` preset (into its `.output`, so use a copy
 * of a fixture) and serves the Worker with workerd.
 * @example
 * const app = await buildAndServeOnWorkerd('/tmp/app', process.execPath, '/api/echo')
 */
export async function buildAndServeOnWorkerd(appDir: string, node = process.execPath, probePath = '/'): Promise<BuiltApp> {
  const build = spawn(node, [findNuxtBin(appDir), 'build', appDir], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', NITRO_PRESET: 'cloudflare-module' },
  })
  let log = ''
  build.stdout.on('data', (chunk: Buffer) => (log += chunk))
  build.stderr.on('data', (chunk: Buffer) => (log += chunk))
  const [code] = await once(build, 'exit')
  if (code !== 0) throw new Error(`nuxt build (cloudflare-module) of ${appDir} failed (${code}):\n${log.slice(-4000)}`)
  return serveOnWorkerd(join(appDir, '.output'), probePath)
}
