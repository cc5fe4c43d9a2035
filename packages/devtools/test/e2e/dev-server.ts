import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../../runtime/test/helpers/built-app'
import { fileURLToPath } from 'node:url'

/** The repository root, the playground and the layer that gives it build folders of its own. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
export const playgroundDir = fileURLToPath(new URL('../../../../playground', import.meta.url))
export const isolatedLayer = fileURLToPath(new URL('../fixtures/isolated', import.meta.url))
/**
 * The compatibility suite (scripts/compat.mjs) runs these tests on a packed app of its own, a copy of the
 * playground installing the module's tarballs and another Nuxt (E2E_DEV_APP_DIR), with another Node (E2E_NODE).
 */
const packedApp = process.env.E2E_DEV_APP_DIR
const node = process.env.E2E_NODE || process.execPath
const nuxtBin = packedApp
  ? join(packedApp, 'node_modules/nuxt/bin/nuxt.mjs')
  : fileURLToPath(new URL('../../../../node_modules/nuxt/bin/nuxt.mjs', import.meta.url))
/** Where the dev server reads route files from: the isolating layer, or the packed app. */
export const devServerDir = packedApp ?? isolatedLayer

/** A running Nuxt process and how to stop it. */
export interface RunningNuxt {
  baseURL: string
  log: () => string
  close: () => Promise<void>
}

/**
 * Runs a nuxi command on the playground with the isolating layer, collecting its output. The process leads a
 * process group of its own, so stopping it ends what it started too (a bundler's workers).
 */
export function runNuxi(args: string[], env: Record<string, string> = {}): { child: ChildProcess, log: () => string } {
  const child = spawn(node, [nuxtBin, ...args], { cwd: packedApp ?? repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env }, detached: true })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
  return { child, log: () => output }
}

/** A running `nuxi dev` and Nuxt DevTools' dev auth token it accepts. */
export interface RunningNuxtDev extends RunningNuxt {
  token: string
  /** The headers that prove the caller is the developer. */
  authHeaders: Record<string, string>
}

/** A temporary HOME holding a fresh Nuxt DevTools dev auth token, for a `nuxi dev` a test or a bench owns. */
export interface DevtoolsHome {
  /** Environment for the `nuxi dev` process: its HOME (and no XDG_CONFIG_HOME) point at the folder. */
  env: Record<string, string>
  token: string
  /** The headers that prove the caller is the developer. */
  authHeaders: Record<string, string>
  remove: () => Promise<void>
}

/**
 * Makes a temporary HOME with `.nuxt/devtools/dev-auth-token.txt`, so the
 * process started with `env` accepts `authHeaders` and the real home is left alone.
 * @example
 * const home = await createDevtoolsHome()
 * spawn(node, [nuxtBin, 'dev'], { env: { ...process.env, ...home.env } })
 * await fetch(`${baseURL}/__action-route/api/routes`, { headers: home.authHeaders })
 */
export async function createDevtoolsHome(): Promise<DevtoolsHome> {
  const home = await mkdtemp(join(tmpdir(), 'action-route-home-'))
  const token = randomBytes(16).toString('hex')
  await mkdir(join(home, '.nuxt/devtools'), { recursive: true })
  await writeFile(join(home, '.nuxt/devtools/dev-auth-token.txt'), token)
  return {
    env: { HOME: home, XDG_CONFIG_HOME: '' },
    token,
    authHeaders: { 'x-action-route-token': token },
    remove: () => rm(home, { recursive: true, force: true }),
  }
}

/** How long `startNuxtDev` waits for the server. */
export interface NuxtDevOptions {
  /** In ms (default 240 s: a cold Vite start on a busy 2-core machine). */
  timeout?: number
}

/**
 * Starts `nuxi dev` on the playground on a free port, with HOME in a temporary
 * folder that holds a fresh DevTools token file (so the test owns the token and
 * the real home is left alone), and waits until the action registry answers.
 * A start that fails ends the process and what it started, and says its pid: an orphan `nuxi dev` would
 * keep holding Nuxt 5's dev lock and fail every later start.
 * @example
 * const app = await startNuxtDev()
 * await fetch(`${app.baseURL}/__action-route/api/routes`, { headers: app.authHeaders })
 * await app.close()
 */
export async function startNuxtDev(options: NuxtDevOptions = {}): Promise<RunningNuxtDev> {
  const home = await createDevtoolsHome()
  const { token, authHeaders } = home
  const port = await freePort()
  const app = packedApp ? [packedApp] : [playgroundDir, '--extends', isolatedLayer]
  const { child, log } = runNuxi(['dev', ...app, '--port', String(port), '--host', '127.0.0.1', '--no-fork'], home.env)
  const baseURL = `http://127.0.0.1:${port}`
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`nuxi dev exited:\n${log()}`)
      const response = await fetch(`${baseURL}/__action-route/api/routes`, { headers: authHeaders }).catch(() => undefined)
      return response?.ok === true
    }, options.timeout ?? 240_000, log)
  }
  catch (error) {
    await stop(child)
    await home.remove()
    throw new Error(`nuxi dev (pid ${child.pid}, now stopped) did not start: ${(error as Error).message}`, { cause: error })
  }
  return {
    baseURL,
    log,
    token,
    authHeaders,
    close: async () => {
      await stop(child)
      await home.remove()
    },
  }
}

/**
 * Starts a built app's server (`.output/server/index.mjs`) on a free port, with more environment in `env`.
 * @example
 * const app = await startBuiltServer(join(outputDir, 'server/index.mjs'), { NUXT_SESSION_PASSWORD: password })
 */
export async function startBuiltServer(entry: string, env: Record<string, string> = {}): Promise<RunningNuxt> {
  const port = await freePort()
  const child = spawn(node, [entry], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, NITRO_HOST: '127.0.0.1', NITRO_PORT: String(port), NODE_ENV: 'production' } })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const baseURL = `http://127.0.0.1:${port}`
  await waitFor(async () => Boolean(await fetch(baseURL).catch(() => undefined)), 30_000, () => output)
  return { baseURL, log: () => output, close: () => stop(child) }
}

/** Polls until `check` is true, or throws with the process log after `timeout` ms. */
export async function waitFor(check: () => Promise<boolean>, timeout: number, log: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeout
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise(done => setTimeout(done, 250))
  }
  throw new Error(`timed out after ${timeout} ms:\n${log().slice(-4000)}`)
}

/** Ends a process and, when it leads one (`runNuxi`'s), its group: SIGTERM (nuxi then lets go of its dev lock), SIGKILL after 5 s. */
async function stop(child: ChildProcess): Promise<void> {
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit')
  signalGroup(child, 'SIGTERM')
  await Promise.race([exited, new Promise(done => setTimeout(done, 5000))])
  // what the process started may outlive it: the group gets SIGKILL either way
  signalGroup(child, 'SIGKILL')
  await exited
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal)
  }
  catch {
    // not a group leader (startBuiltServer's), or the group is gone already
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  }
}
