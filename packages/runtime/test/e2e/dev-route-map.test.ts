import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const appDir = join(root, `test/fixtures/.dev-${process.pid}`)
const nuxtBin = join(root, '../../node_modules/nuxt/bin/nuxt.mjs')
let dev: ReturnType<typeof spawn> | undefined
let devLog = ''

function read(file: string): string {
  const path = join(appDir, file)
  return existsSync(path) ? readFileSync(path, 'utf8') : ''
}

async function eventually(check: () => boolean, what: string, timeout = 90_000) {
  const deadline = Date.now() + timeout
  while (Date.now() < deadline) {
    if (check()) return
    await new Promise(resolve => setTimeout(resolve, 200))
  }
  throw new Error(`timed out waiting for ${what}\n${devLog.slice(-3000)}`)
}

beforeAll(() => {
  if (process.env.E2E_FIXTURE_DIR) return // the compatibility suite checks built apps only
  mkdirSync(join(appDir, 'server/api'), { recursive: true })
  writeFileSync(join(appDir, 'nuxt.config.ts'), `export default defineNuxtConfig({ modules: [${JSON.stringify(join(root, 'src/module'))}], devtools: { enabled: false }, telemetry: false, compatibilityDate: '2025-07-15' })\n`)
  writeFileSync(join(appDir, 'app.vue'), '<template><div /></template>\n')
  writeFileSync(join(appDir, 'server/api/first.get.ts'), 'export default defineAction({ handler: () => 1 })\n')
  dev = spawn(process.execPath, [nuxtBin, 'dev', '--port', '0', '--host', '127.0.0.1', '--no-fork'], { cwd: appDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'development' } })
  const append = (chunk: Buffer) => {
    devLog += chunk
  }
  dev.stdout!.on('data', append)
  dev.stderr!.on('data', append)
})

afterAll(() => {
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, 'SIGTERM')
    }
    catch {
      // the dev server has already exited
    }
  }
  rmSync(appDir, { recursive: true, force: true })
})

describe.skipIf(Boolean(process.env.E2E_FIXTURE_DIR))('the route map in nuxi dev', () => {
  it('follows route files added and removed, without a restart', async () => {
    await eventually(() => read('.nuxt/types/action-routes.d.ts').includes('"/api/first"'), 'the first route map')

    writeFileSync(join(appDir, 'server/api/second.post.ts'), 'export default defineAction({ handler: () => 2 })\n')
    await eventually(() => read('.nuxt/types/action-routes.d.ts').includes('"/api/second"'), 'the added route in the types')
    await eventually(() => read('.nuxt/action-route-methods.mjs').includes('"/api/second":"POST"'), 'the added route\'s default method')

    unlinkSync(join(appDir, 'server/api/second.post.ts'))
    await eventually(() => !read('.nuxt/types/action-routes.d.ts').includes('"/api/second"'), 'the removed route to leave the types')
    expect(read('.nuxt/types/action-routes.d.ts')).toContain('"/api/first"')
  }, 180_000)
})
