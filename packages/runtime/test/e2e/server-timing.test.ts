// The lifecycle's timings end to end: `nuxi dev` answers an action with Server-Timing and records the same
// timings (middleware by name, the ctx keys it added); the production build of the fixture answers without.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { RequestRecord } from '@action-route/devtools/types'
import type { DevtoolsHome } from '../../../devtools/test/e2e/dev-server'
import { createDevtoolsHome, waitFor } from '../../../devtools/test/e2e/dev-server'
import { freePort } from '../helpers/built-app'

const root = fileURLToPath(new URL('../..', import.meta.url))
const appDir = join(root, `test/fixtures/.dev-timings-${process.pid}`)
const nuxtBin = join(root, '../../node_modules/nuxt/bin/nuxt.mjs')
// the compatibility and Workers runs (another Node, another Nuxt, workerd) check the built app only
const onlyBuilt = Boolean(process.env.E2E_NODE) || process.env.E2E_TARGET === 'workers'

const ROUTE = `
async function auth({ next }) {
  return next({ ctx: { user: { id: 1, password: 'hunter2' } } })
}
export default defineAction({
  middleware: [auth],
  handler: ({ input, ctx }) => ({ title: input.title, by: ctx.user.id }),
})
`

describe('Server-Timing in production', () => {
  it('a built app answers an action without Server-Timing, on success and on failure', async () => {
    const baseURL = inject('baseURL')
    const ok = await fetch(`${baseURL}/api/middleware/role`, { headers: { 'x-role': 'admin' } })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('server-timing')).toBeNull()
    const refused = await fetch(`${baseURL}/api/middleware/role`)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('server-timing')).toBeNull()
  })
})

describe.skipIf(onlyBuilt)('Server-Timing and recorded timings in nuxi dev', () => {
  let dev: ChildProcess | undefined
  let home: DevtoolsHome
  let log = ''
  let baseURL = ''

  beforeAll(async () => {
    home = await createDevtoolsHome()
    mkdirSync(join(appDir, 'server/api'), { recursive: true })
    writeFileSync(join(appDir, 'nuxt.config.ts'), `export default defineNuxtConfig({ modules: [${JSON.stringify(join(root, 'src/module'))}], devtools: { enabled: false }, telemetry: false, compatibilityDate: '2025-07-15' })\n`)
    writeFileSync(join(appDir, 'app.vue'), '<template><div /></template>\n')
    writeFileSync(join(appDir, 'server/api/notes.post.ts'), ROUTE)
    // a port known to be free, and no forked child: as every other nuxi dev of the suites (a run in CI once
    // waited 240 s on a forked dev server that printed nothing)
    const port = await freePort()
    baseURL = `http://127.0.0.1:${port}`
    dev = spawn(process.execPath, [nuxtBin, 'dev', '--port', String(port), '--host', '127.0.0.1', '--no-fork'], {
      cwd: appDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...home.env, NODE_ENV: 'development' },
    })
    dev.stdout!.on('data', (chunk: Buffer) => (log += chunk))
    dev.stderr!.on('data', (chunk: Buffer) => (log += chunk))
    await waitFor(async () => {
      const response = await fetch(`${baseURL}/__action-route/api/routes`, { headers: home.authHeaders }).catch(() => undefined)
      return response?.ok === true
    }, 240_000, () => log)
  })

  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      try {
        process.kill(-dev.pid, 'SIGTERM')
      }
      catch {
        // already exited
      }
    }
    await home?.remove()
    rmSync(appDir, { recursive: true, force: true })
  })

  it('answers with Server-Timing and records the same timings, middleware by name with its ctx keys', async () => {
    const response = await fetch(`${baseURL}/api/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"milk"}' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, data: { title: 'milk', by: 1 } })
    const header = response.headers.get('server-timing')
    expect(header).toMatch(/^parse;dur=[\d.]+, validate;dur=[\d.]+, mw-auth;desc="middleware auth";dur=[\d.]+, handler;dur=[\d.]+, respond;dur=[\d.]+$/)

    let record: RequestRecord | undefined
    await waitFor(async () => {
      const records = await (await fetch(`${baseURL}/__action-route/api/records`, { headers: home.authHeaders })).json() as RequestRecord[]
      record = records.find(entry => entry.path === '/api/notes')
      return record !== undefined
    }, 10_000, () => log)
    const timings = record!.timings!
    expect(timings.map(timing => timing.step)).toEqual(['parse', 'validate', 'middleware', 'handler', 'respond'])
    expect(timings[2]).toMatchObject({ step: 'middleware', name: 'auth', ctxKeys: ['user'] })
    expect(JSON.stringify(timings)).not.toContain('hunter2')
    // the header is the record's timings, step for step
    expect(header!.split(', ').map(metric => Number(metric.split('dur=')[1]))).toEqual(timings.map(timing => timing.duration))
  })

  it('answers a refused request with Server-Timing too', async () => {
    const response = await fetch(`${baseURL}/api/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
    expect(response.status).toBe(400)
    expect(response.headers.get('server-timing')).toMatch(/^parse;dur=[\d.]+, respond;dur=[\d.]+$/)
  })
})
