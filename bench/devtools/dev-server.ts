import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../packages/runtime/test/helpers/built-app'
import { createDevtoolsHome, waitFor } from '../../packages/devtools/test/e2e/dev-server'

const nuxtBin = fileURLToPath(new URL('../../node_modules/nuxt/bin/nuxt.mjs', import.meta.url))

/** A `nuxi dev` process serving an app, and how to stop it. */
export interface DevServer {
  baseURL: string
  /** Headers that carry the dev auth token the server accepts on `/__action-route/` endpoints. */
  authHeaders: Record<string, string>
  /** Wall time from spawn until `readyPath` first answered 200. */
  startMs: number
  close: () => Promise<void>
}

/** Starts `nuxi dev <dir>` on a free port of 127.0.0.1 and waits until `readyPath` answers 200. */
export async function startDevServer(dir: string, readyPath: string, timeoutMs = 300_000): Promise<DevServer> {
  const port = await freePort()
  const home = await createDevtoolsHome()
  const started = performance.now()
  const child = spawn(process.execPath, [nuxtBin, 'dev', dir, '--port', String(port), '--host', '127.0.0.1', '--no-fork'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...home.env, NUXT_TELEMETRY_DISABLED: '1' },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await Promise.race([once(child, 'exit'), new Promise(done => setTimeout(done, 5000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    await home.remove()
  }
  const baseURL = `http://127.0.0.1:${port}`
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`nuxi dev exited with ${child.exitCode}:\n${output.slice(-4000)}`)
      return (await fetch(`${baseURL}${readyPath}`).catch(() => undefined))?.ok === true
    }, timeoutMs, () => output)
  }
  catch (error) {
    await close()
    throw error
  }
  return { baseURL, authHeaders: home.authHeaders, startMs: performance.now() - started, close }
}

/** Wall time of one GET, the body read to its end, and the parsed body. */
export async function timeGet(url: string, headers: Record<string, string> = {}): Promise<{ ms: number, body: unknown }> {
  const started = performance.now()
  const response = await fetch(url, { headers })
  const text = await response.text()
  const ms = performance.now() - started
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`)
  return { ms, body: JSON.parse(text) }
}
