import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The route map Nuxt generates (.nuxt/types/action-routes.d.ts) carries each action's declared errors: a page
// that switches over error.code type-checks only when it handles every code, with vue-tsc as an app runs it.
// It needs no built app: the compatibility suite (ACTION_ROUTE_MODULE) and the Workers run (E2E_TARGET) skip it.
const skip = Boolean(process.env.ACTION_ROUTE_MODULE || process.env.E2E_TARGET)
const root = fileURLToPath(new URL('../..', import.meta.url))
const appDir = join(root, `test/fixtures/.scratch-route-map-errors-${process.pid}`)
const nuxtBin = join(root, '../../node_modules/nuxt/bin/nuxt.mjs')
const vueTsc = join(root, '../../node_modules/vue-tsc/bin/vue-tsc.js')

const ROUTE = `export default defineAction({
  errors: { NOT_FOUND: { statusCode: 404, message: 'No such todo' }, GONE: { statusCode: 410 } },
  handler: ({ params, errors }) => {
    if (params.id === '3') throw errors.GONE()
    throw errors.NOT_FOUND()
  },
})
`
const PLAIN = 'export default defineAction({ handler: () => 1 })\n'

function page(cases: string): string {
  return `<script setup lang="ts">
async function load() {
  const result = await $action('/api/todos/:id', { method: 'GET', params: { id: 1 } })
  if (result.success) return ''
  const error = result.error
  switch (error.code) {
    ${cases}
    case 'VALIDATION_ERROR': case 'OUTPUT_VALIDATION_ERROR': case 'PARSE_ERROR': case 'PAYLOAD_TOO_LARGE':
    case 'UNSUPPORTED_MEDIA_TYPE': case 'CROSS_ORIGIN_REQUEST': case 'INTERNAL_ERROR': case 'SERVER_ERROR':
    case 'FETCH_ERROR': case 'TIMEOUT_ERROR': case 'ABORT_ERROR': case 'HTTP_ERROR': case 'INVALID_RESPONSE': case 'METHOD_NOT_ALLOWED':
      return error.message
    default: {
      const unreachable: never = error
      return unreachable
    }
  }
}
// an action that declares nothing: a plain string code, so any comparison compiles
async function plain() {
  const result = await $action('/api/plain')
  const code: ActionErrorCode<'/api/plain', 'GET'> = 'ANYTHING'
  return result.success || result.error.code === code
}
</script>

<template>
  <button @click="load(); plain()">
    Load
  </button>
</template>
`
}

function write(file: string, contents: string) {
  mkdirSync(dirname(join(appDir, file)), { recursive: true })
  writeFileSync(join(appDir, file), contents)
}

function typecheck() {
  const run = spawnSync(process.execPath, [vueTsc, '--noEmit', '-p', '.nuxt/tsconfig.app.json'], { cwd: appDir, encoding: 'utf8', timeout: 240_000 })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

beforeAll(() => {
  if (skip) return
  write('nuxt.config.ts', `export default defineNuxtConfig({ modules: [${JSON.stringify(join(root, 'src/module'))}], devtools: { enabled: false }, telemetry: false, compatibilityDate: '2025-07-15' })\n`)
  write('app.vue', '<template><NuxtPage /></template>\n')
  write('server/api/todos/[id].get.ts', ROUTE)
  write('server/api/plain.get.ts', PLAIN)
  write('pages/index.vue', page(`case 'NOT_FOUND': return 'missing'
    case 'GONE': return 'archived'`))
  const prepare = spawnSync(process.execPath, [nuxtBin, 'prepare'], { cwd: appDir, encoding: 'utf8', timeout: 240_000 })
  if (prepare.status !== 0) throw new Error(`nuxi prepare failed:\n${prepare.stdout}${prepare.stderr}`)
}, 300_000)

afterAll(() => {
  if (!skip) rmSync(appDir, { recursive: true, force: true })
})

describe.skipIf(skip)('declared errors in the generated route map', () => {
  it('a switch over error.code that handles every declared code type-checks in the app', () => {
    const result = typecheck()
    expect(result.output).toBe('')
    expect(result.status).toBe(0)
  }, 300_000)

  it('one that leaves out a declared code does not', () => {
    write('pages/index.vue', page(`case 'NOT_FOUND': return 'missing'`))
    const result = typecheck()
    expect(result.status).not.toBe(0)
    expect(result.output).toMatch(/pages\/index\.vue.*error TS2322: Type '\{ code: "GONE"; .*' is not assignable to type 'never'/)
  }, 300_000)
})
