import { spawn } from 'node:child_process'
import { freePort } from './built-app'
import { collectOutput, findNuxtBin, stopProcess } from './internal/nuxt-process'

/** A `nuxi dev` server of an app, listening on 127.0.0.1. */
export interface DevApp {
  baseURL: string
  /** What `nuxi dev` printed so far. */
  log: () => string
  close: () => Promise<void>
}

/** How `nuxi dev` runs. */
export interface DevAppOptions {
  /** The Node binary (default this one). */
  node?: string
  /** A layer passed with `--extends`, e.g. one whose `buildDir` keeps this server's `.nuxt` apart. */
  layer?: string
  /** More environment for `nuxi dev`. */
  env?: Record<string, string>
  /** The path that must answer (anything but nuxi's 503 loading page or a 5xx) before the server counts as up. */
  probePath?: string
  /** How long to wait for it, in ms (default 240 s: a cold Vite start on a busy 2-core machine). */
  timeout?: number
}

/**
 * Starts `nuxi dev` on an app on a free port of 127.0.0.1 (no fork, so closing ends it) and waits until
 * `probePath` renders: the server-side bundle is then built, as a developer's first page load would.
 * @example
 * const app = await startNuxtDevApp(playgroundDir, { layer, env: { PLAYGROUND_DATA_DIR: dataDir } })
 * await fetch(app.baseURL)
 * await app.close()
 */
export async function startNuxtDevApp(appDir: string, options: DevAppOptions = {}): Promise<DevApp> {
  const port = await freePort()
  const args = [findNuxtBin(appDir), 'dev', appDir, ...options.layer ? ['--extends', options.layer] : [], '--port', String(port), '--host', '127.0.0.1', '--no-fork']
  const child = spawn(options.node ?? process.execPath, args, { cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } })
  const log = collectOutput(child)
  const baseURL = `http://127.0.0.1:${port}`
  const app: DevApp = { baseURL, log, close: () => stopProcess(child) }
  const timeout = options.timeout ?? 240_000
  const deadline = Date.now() + timeout
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nuxi dev of ${appDir} exited (${child.exitCode}):\n${log().slice(-4000)}`)
    const response = await fetch(`${baseURL}${options.probePath ?? '/'}`).catch(() => undefined)
    const body = await response?.text()
    if (response && response.status < 500) return app
    if (Date.now() > deadline) {
      await app.close()
      // a 500 page says why (nuxi prints nothing about it): its text, without the markup
      const answer = body ? `\nlast answer: ${body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').slice(0, 2000)}` : ''
      throw new Error(`nuxi dev of ${appDir} did not answer ${options.probePath ?? '/'} within ${timeout} ms (last status ${response?.status ?? 'none'}):\n${log().slice(-4000)}${answer}`)
    }
    await new Promise(done => setTimeout(done, 500))
  }
}
