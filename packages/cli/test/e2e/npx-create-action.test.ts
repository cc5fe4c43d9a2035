// End to end: the README's quick start, as a new user follows it. A fresh Nuxt app installs only
// @action-route/runtime and zod from the packed tarballs (the CLI and the DevTools reach it through
// package-manager overrides, since nothing is on a registry here), puts the module in nuxt.config, then
// runs `npx create-action 'todos/[id].patch'` (npm) or `pnpm exec create-action ...` (pnpm). Before the
// runtime carried a `create-action` bin, npx found no local one and fetched an unrelated registry package.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error a plain .mjs script shared with the compatibility suite
import { packWorkspace, writePackedAppManifest } from '../../../../scripts/packed-app.mjs'
import { checkLock, placeLock } from '../../../../scripts/install-lock.mjs'

const run = promisify(execFile)
const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)))
const work = join(tmpdir(), `npx-create-action-e2e-${process.pid}`)
const runtimePackage = JSON.parse(readFileSync(join(root, 'packages/runtime/package.json'), 'utf8'))
const installers = ['npm', 'pnpm'] as const
type Installer = typeof installers[number]

// npm_config_yes=false: if no local bin is found, npx fails at once instead of downloading the
// registry's unrelated `create-action` (which is what a user got before)
const env = { ...process.env, CI: 'true', npm_config_yes: 'false', npm_config_update_notifier: 'false' }
let tarballs: Record<string, string>

function appDir(installer: Installer): string {
  return join(work, `${installer}-app`)
}

/** A fresh Nuxt app after the quick start: the runtime and zod installed, the module in nuxt.config. */
async function quickStartApp(installer: Installer): Promise<void> {
  const dir = appDir(installer)
  mkdirSync(dir, { recursive: true })
  writePackedAppManifest(dir, tarballs, ['@action-route/runtime'], { nuxt: runtimePackage.devDependencies.nuxt, zod: runtimePackage.devDependencies.zod }, installer)
  writeFileSync(join(dir, 'nuxt.config.ts'), `export default defineNuxtConfig({ modules: ['@action-route/runtime'] })\n`)
  writeFileSync(join(dir, 'app.vue'), '<template><NuxtWelcome /></template>\n')
  placeLock(dir, `cli-quick-start-${installer}`, installer)
  if (installer === 'npm') await run('npm', ['install', '--no-audit', '--no-fund', '--engine-strict=false'], { cwd: dir, env })
  else await run('pnpm', ['install', '--ignore-workspace', '--no-frozen-lockfile', '--config.engine-strict=false'], { cwd: dir, env })
  checkLock(dir, `cli-quick-start-${installer}`, installer)
}

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  tarballs = packWorkspace(root, join(work, 'packs'))
  // both installs at once: most of their time is the network and the disk
  await Promise.all(installers.map(quickStartApp))
}, 600_000)

afterAll(() => {
  rmSync(work, { recursive: true, force: true })
})

describe('the packed runtime', () => {
  it('carries the create-action bin and depends on the CLI by a real version', async () => {
    const { stdout } = await run('tar', ['-xzOf', tarballs['@action-route/runtime']!, 'package/package.json'])
    const manifest = JSON.parse(stdout)
    const cliVersion = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8')).version
    expect(manifest.bin).toEqual({ 'create-action': './bin/create-action.mjs' })
    expect(manifest.dependencies['@action-route/cli']).toBe(`^${cliVersion}`)
    const { stdout: files } = await run('tar', ['-tzf', tarballs['@action-route/runtime']!])
    expect(files.split('\n')).toContain('package/bin/create-action.mjs')
  })
})

describe.each([
  ['npm', 'npx create-action'],
  ['pnpm', 'pnpm exec create-action'],
  // npx in a pnpm app: it looks in node_modules/.bin, where pnpm links only direct dependencies' bins
  ['pnpm', 'npx create-action'],
] as const)('an app installed with %s: %s', (installer, commandLine) => {
  it('writes the route file with our CLI', async () => {
    const dir = appDir(installer)
    const route = commandLine === 'npx create-action' && installer === 'pnpm' ? 'todos/[id].put' : 'todos/[id].patch'
    const method = route.split('.').pop()!.toUpperCase()
    const file = join(dir, `server/api/${route}.ts`)
    expect(existsSync(file)).toBe(false)

    const [command, ...args] = commandLine.split(' ') as [string, ...string[]]
    const { stdout, stderr } = await run(command, [...args, route], { cwd: dir, env })
    expect(`${stdout}${stderr}`).toContain(`Wrote server/api/${route}.ts (${method} /api/todos/:id, zod)`)
    const contents = readFileSync(file, 'utf8')
    expect(contents).toContain(`import { z } from 'zod'`)
    expect(contents).toContain(`metadata: { description: '${method} /api/todos/:id' }`)
  })
})

it('links pnpm\'s create-action to the runtime\'s bin, the one direct dependency that has it', () => {
  const shim = readFileSync(join(appDir('pnpm'), 'node_modules/.bin/create-action'), 'utf8')
  expect(shim).toMatch(/@action-route\/runtime\/bin\/create-action\.mjs/)
  // npm hoists the CLI and links one of the two identical bins; either runs the same code
  expect(readlinkSync(join(appDir('npm'), 'node_modules/.bin/create-action'))).toMatch(/@action-route\/(?:cli|runtime)\/bin\/create-action\.mjs$/)
})
