// The todos live in a SQLite file: a second server started on the same data folder finds what the first one wrote.
// This starts the production build the `playground` project made (so it skips under `nuxi dev`).
import type { ChildProcess } from 'node:child_process'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../packages/runtime/test/helpers/built-app'
import { collectOutput, stopProcess } from '../../packages/runtime/test/helpers/internal/nuxt-process'
import { signIn } from './session'

const appDir = process.env.E2E_PLAYGROUND_DIR || fileURLToPath(new URL('..', import.meta.url))
const serverEntry = join(appDir, '.output/server/index.mjs')
const running: ChildProcess[] = []
let dataDir: string | undefined

afterAll(async () => {
  await Promise.all(running.map(stopProcess))
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function startServer(data: string): Promise<{ baseURL: string, stop: () => Promise<void> }> {
  const port = await freePort()
  const server = spawn(process.env.E2E_NODE || process.execPath, [serverEntry], {
    cwd: data,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', PLAYGROUND_DATA_DIR: join(data, '.data'), NUXT_SESSION_PASSWORD: 'persistence-test-session-password-0123456789', NITRO_HOST: '127.0.0.1', NITRO_PORT: String(port) },
  })
  running.push(server)
  const log = collectOutput(server)
  const baseURL = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + 30_000; ;) {
    try {
      await fetch(baseURL)
      break
    }
    catch {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not start:\n${log()}`)
      await new Promise(resolve => setTimeout(resolve, 100))
    }
  }
  return { baseURL, stop: () => stopProcess(server) }
}

describe('the SQLite file', () => {
  it.skipIf(inject('playgroundMode') === 'dev' || !existsSync(serverEntry))('keeps the todos across a server restart, and a new data folder starts seeded (production build only)', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'action-route-playground-persistence-'))
    const first = await startServer(dataDir)
    const title = `Kept across a restart ${Date.now()}`
    const created = await fetch(`${first.baseURL}/api/todos`, { method: 'POST', headers: { 'content-type': 'application/json', 'cookie': await signIn(first.baseURL, 'Grace') }, body: JSON.stringify({ title }) })
    expect(created.status).toBe(201)
    await first.stop()
    expect(await readdir(join(dataDir, '.data'))).toContain('playground.sqlite')

    const second = await startServer(dataDir)
    const list = await (await fetch(`${second.baseURL}/api/todos`, { headers: { authorization: 'Bearer grace-token' } })).json()
    expect(list.data.items.map((todo: { title: string }) => todo.title)).toEqual([title])
    const adas = await (await fetch(`${second.baseURL}/api/todos`, { headers: { authorization: 'Bearer ada-token' } })).json()
    expect(adas.data.items.map((todo: { title: string }) => todo.title)).toEqual(['Try the playground', 'Open Nuxt DevTools'])
    await second.stop()
  })
})
