// End to end: a fresh Nuxt app installs the packed runtime and CLI as a user would, create-action writes a
// route for every method and schema library, the app type-checks and builds, and every route answers.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuiltApp } from '../../../runtime/test/helpers/built-app'
import { buildAndStartNuxtApp } from '../../../runtime/test/helpers/built-app'
// @ts-expect-error a plain .mjs script shared with the compatibility suite
import { packWorkspace, writePackedAppManifest } from '../../../../scripts/packed-app.mjs'

const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)))
const work = join(tmpdir(), `create-action-e2e-${process.pid}`)
const appDir = join(work, 'app')
const schemas = ['zod', 'valibot', 'arktype', 'none'] as const
const methods = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const
const runtimeDevDeps = JSON.parse(execFileSync('node', ['-p', 'JSON.stringify(require("./packages/runtime/package.json").devDependencies)'], { cwd: root }).toString())
let app: BuiltApp

function createAction(...args: string[]) {
  return execFileSync(process.execPath, [join(appDir, 'node_modules/@action-route/cli/bin/create-action.mjs'), ...args, '--cwd', appDir], {
    env: { ...process.env, CI: 'true' },
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
  execFileSync('pnpm', ['install', '--ignore-workspace', '--no-frozen-lockfile', '--config.engine-strict=false'], { cwd: appDir, stdio: 'ignore' })

  for (const schema of schemas) {
    for (const method of methods) createAction(`${schema}/items/[id].${method}`, '--schema', schema)
  }
  createAction('guarded.post', '--schema', 'zod', '--middleware', 'auth')
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

describe('shared middleware from --middleware', () => {
  it('the scaffolded server/utils middleware runs before the handler', async () => {
    const response = await fetch(`${app.baseURL}/api/guarded`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x' }) })
    const envelope = await response.json()
    expect(response.status, JSON.stringify(envelope)).toBe(200)
    expect(envelope.success).toBe(true)
  })
})
