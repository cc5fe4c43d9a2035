// End to end: a fresh Nuxt app installs the packed runtime and CLI as a user would, create-action writes a
// route for every method and schema library, the app type-checks and builds, and every route answers.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuiltApp } from '../../../runtime/test/helpers/built-app'
import { buildAndStartNuxtApp } from '../../../runtime/test/helpers/built-app'
// @ts-expect-error a plain .mjs script shared with the compatibility suite
import { packWorkspace, writePackedAppManifest } from '../../../../scripts/packed-app.mjs'
import { checkLock, placeLock } from '../../../../scripts/install-lock.mjs'

const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)))
const work = join(tmpdir(), `create-action-e2e-${process.pid}`)
const appDir = join(work, 'app')
const schemas = ['zod', 'valibot', 'arktype', 'none'] as const
const methods = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const
const runtimeDevDeps = JSON.parse(execFileSync('node', ['-p', 'JSON.stringify(require("./packages/runtime/package.json").devDependencies)'], { cwd: root }).toString())
let app: BuiltApp
const REQUIRE_USER = `const users = [{ id: 1, name: 'Ada', email: 'ada@example.com', passwordHash: 'scrypt$secret-hash', token: 'ada-token' }]

export const requireUser = defineActionMiddleware('requireUser', async ({ event, next }) => {
  const bearer = getRequestHeader(event, 'authorization')?.replace(/^Bearer\\s+/i, '')
  const user = users.find(row => row.token === bearer)
  if (!user) throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
  return next({ ctx: { user } })
})
`
// a route written with --example, per schema library: its example must answer 200 as generated
const example = { title: 'x', done: false, count: 1, tags: ['a'], meta: { due: null, weight: 1.5 } }

function createAction(...args: string[]) {
  return execFileSync(process.execPath, [join(appDir, 'node_modules/@action-route/cli/bin/create-action.mjs'), ...args, '--cwd', appDir], {
    // no port from the environment: the Next line then says nuxi dev's default, 3000
    env: { ...process.env, CI: 'true', NUXT_PORT: '', NITRO_PORT: '', PORT: '' },
  }).toString()
}

beforeAll(async () => {
  mkdirSync(appDir, { recursive: true })
  const tarballs = packWorkspace(root, work)
  writePackedAppManifest(appDir, tarballs, ['@action-route/runtime', '@action-route/cli'], {
    'nuxt': runtimeDevDeps.nuxt,
    'zod': runtimeDevDeps.zod,
    'valibot': runtimeDevDeps.valibot,
    'arktype': runtimeDevDeps.arktype,
    'typescript': '5.9.3',
    'vue-tsc': '3.3.14',
  })
  writeFileSync(join(appDir, 'nuxt.config.ts'), `export default defineNuxtConfig({ modules: ['@action-route/runtime'], devtools: { enabled: false }, telemetry: false, compatibilityDate: '2025-07-15' })\n`)
  writeFileSync(join(appDir, 'app.vue'), '<template><div /></template>\n')
  copyFileSync(join(root, 'playground/tsconfig.json'), join(appDir, 'tsconfig.json'))
  placeLock(appDir, 'cli-generated-app', 'pnpm')
  execFileSync('pnpm', ['install', '--ignore-workspace', '--no-frozen-lockfile', '--config.engine-strict=false'], { cwd: appDir, stdio: 'ignore' })
  checkLock(appDir, 'cli-generated-app', 'pnpm')

  for (const schema of schemas) {
    for (const method of methods) createAction(`${schema}/items/[id].${method}`, '--schema', schema)
  }
  createAction('guarded.post', '--schema', 'zod', '--middleware', 'auth')
  // the docs' requireUser, its table cut down to a list: the whole user row, password hash and all, goes into ctx
  writeFileSync(join(appDir, 'server/utils/require-user.ts'), REQUIRE_USER)
  createAction('account/[id].patch', '--schema', 'zod', '--middleware', 'requireUser')
  for (const schema of schemas) createAction(`${schema}/inferred.post`, '--schema', schema, '--example', JSON.stringify(example))
  for (const schema of schemas) createAction(`${schema}/chat.post`, '--schema', schema, '--stream')
  createAction('rooms/[room]/feed.get', '--schema', 'zod', '--stream')
  // the generated files must type-check in a real Nuxt app as they stand
  try {
    execFileSync(process.execPath, [join(appDir, 'node_modules/nuxt/bin/nuxt.mjs'), 'typecheck', appDir], { cwd: appDir, stdio: 'pipe' })
  }
  catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: Buffer, stderr?: Buffer }
    throw new Error(`nuxi typecheck failed:\n${stdout}${stderr}`, { cause: error })
  }
  app = await buildAndStartNuxtApp(appDir)
}, 600_000)

afterAll(async () => {
  await app?.close()
  rmSync(work, { recursive: true, force: true })
})

describe.each(schemas)('routes written by create-action with --schema %s', (schema) => {
  it.each(methods)('%s answers the envelope as generated', async (method) => {
    const url = `${app.baseURL}/api/${schema}/items/42`
    const withBody = ['post', 'put', 'patch'].includes(method)
    const response = await fetch(url, {
      method: method.toUpperCase(),
      headers: withBody ? { 'content-type': 'application/json' } : {},
      body: withBody ? JSON.stringify({ title: 'Buy milk' }) : undefined,
    })
    expect(response.status).toBe(200)
    if (method === 'head') return
    const envelope = await response.json()
    expect(envelope.success).toBe(true)
    expect(envelope.data.params).toEqual({ id: '42' })
    if (withBody && schema !== 'none') {
      const invalid = await fetch(url, { method: method.toUpperCase(), headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(invalid.status).toBe(422)
      expect(Object.keys((await invalid.json()).error.fieldErrors)).toEqual(['title'])
    }
  })
})

describe.each(schemas)('a route written with --example and --schema %s', (schema) => {
  const post = (body: unknown) => fetch(`${app.baseURL}/api/${schema}/inferred`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('answers the example with 200 and the envelope', async () => {
    const response = await post(example)
    const envelope = await response.json()
    expect(response.status, JSON.stringify(envelope)).toBe(200)
    expect(envelope).toMatchObject({ success: true, data: { input: example } })
  })

  it.skipIf(schema === 'none')('answers a wrong type with 422 and the field', async () => {
    const response = await post({ ...example, done: 'no' })
    expect(response.status).toBe(422)
    expect((await response.json()).error).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors: { done: expect.any(Array) } })
  })
})

describe.each(schemas)('a streaming route written with --stream and --schema %s', (schema) => {
  it('streams one event a yield, then the end event with the echo; a bad body is refused as JSON before the first event', async () => {
    const post = (body: unknown) => fetch(`${app.baseURL}/api/${schema}/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const response = await post({ title: 'Buy milk' })
    expect([response.status, response.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/event-stream/)])
    const blocks = (await response.text()).split('\n\n').filter(block => block && !block.startsWith(':'))
    expect(blocks.slice(0, -1)).toEqual(['Hello', 'from', 'a', 'streamed', 'reply'].map((text, index) => `data: ${JSON.stringify({ index, text })}`))
    const end = JSON.parse(blocks.at(-1)!.replace(/^event: end\ndata: /, ''))
    expect(end).toMatchObject({ success: true, data: { input: { title: 'Buy milk' }, requestedAt: expect.any(String) } })
    expect(end.data).not.toHaveProperty('ctx')
    if (schema === 'none') return
    const invalid = await post({})
    expect([invalid.status, (await invalid.json()).error.code]).toEqual([422, 'VALIDATION_ERROR'])
  })
})

describe('a streaming GET written with --stream', () => {
  it('streams to a request as an EventSource sends it, with its params', async () => {
    const response = await fetch(`${app.baseURL}/api/rooms/lobby/feed`, { headers: { accept: 'text/event-stream' } })
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const end = (await response.text()).split('\n\n').filter(Boolean).at(-1)!
    expect(JSON.parse(end.replace(/^event: end\ndata: /, ''))).toMatchObject({ success: true, data: { params: { room: 'lobby' }, input: {} } })
  })
})

describe('shared middleware from --middleware', () => {
  it('the scaffolded server/utils middleware runs before the handler', async () => {
    const response = await fetch(`${app.baseURL}/api/guarded`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x' }) })
    const envelope = await response.json()
    expect(response.status, JSON.stringify(envelope)).toBe(200)
    expect(envelope.success).toBe(true)
  })
})

describe('a route written with --middleware requireUser (the user row in ctx)', () => {
  it('answers the signed-in user with its params and input and none of the user\'s fields, and 401 without a user', async () => {
    const patch = (headers: Record<string, string>) => fetch(`${app.baseURL}/api/account/7`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ title: 'Buy milk' }) })
    const response = await patch({ authorization: 'Bearer ada-token' })
    const text = await response.text()
    expect(response.status, text).toBe(200)
    expect(JSON.parse(text)).toEqual({ success: true, data: { params: { id: '7' }, input: { title: 'Buy milk' } } })
    expect(text).not.toMatch(/secret-hash|ada@example\.com|ada-token/)
    expect((await patch({})).status).toBe(401)
  })
})

// the packages whose code a built file loads: rollup puts static imports first, before any code
function importedPackages(source: string): string[] {
  const specifiers: string[] = []
  for (const line of source.split('\n')) {
    const found = /^import\b[^'"]*['"]([^'"]+)['"]/.exec(line)
    if (found) specifiers.push(found[1]!)
    else if (line.trim()) break
  }
  for (const found of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(found[1]!)
  return specifiers
    .filter(specifier => !specifier.startsWith('.') && !specifier.startsWith('node:') && !builtinModules.includes(specifier))
    .map(specifier => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'))
}

describe('the packed CLI', () => {
  const cliDir = () => join(appDir, 'node_modules/@action-route/cli')

  it('loads nothing but Node built-ins and the dependencies it declares (citty, consola, pathe and scule are inlined)', () => {
    const { dependencies } = JSON.parse(readFileSync(join(cliDir(), 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    const files = readdirSync(join(cliDir(), 'dist'), { recursive: true, encoding: 'utf8' }).filter(file => file.endsWith('.mjs'))
    const imported = new Set(files.flatMap(file => importedPackages(readFileSync(join(cliDir(), 'dist', file), 'utf8'))))
    expect(imported).toContain('giget')
    expect([...imported].filter(name => !(name in dependencies))).toEqual([])
    expect(readFileSync(join(cliDir(), 'dist/THIRD-PARTY-LICENSES.md'), 'utf8')).toMatch(/## consola 3\.[\s\S]*MIT License/)
    // consola's browser build (its default export condition) has no prompts
    const bundled = files.map(file => readFileSync(join(cliDir(), 'dist', file), 'utf8')).join('\n')
    expect(bundled).toContain('class FancyReporter')
    expect(bundled).not.toContain('class BrowserReporter')
  })

  it('lists a route with a Nitro environment suffix (.get.dev.ts) by the module\'s own scanner, bundled in', () => {
    writeFileSync(join(appDir, 'server/api/dev-only.get.dev.ts'), 'export default defineAction({ handler: () => 1 })\n')
    const listed = JSON.parse(createAction('list', '--json')) as { method: string, route: string, file: string }[]
    expect(listed).toContainEqual({ method: 'GET', route: '/api/dev-only', file: 'server/api/dev-only.get.dev.ts' })
  })

  it('prints one marked line per file written, in CI as in a terminal', () => {
    expect(createAction('reporter.get', '--schema', 'none')).toBe([
      '✔ Wrote server/api/reporter.get.ts (GET /api/reporter, no schema)',
      'Next: start nuxi dev and try it: curl http://localhost:3000/api/reporter',
      '',
    ].join('\n'))
  })
})
