#!/usr/bin/env node
// One Nuxt Kit: an app on an older Nuxt 4 (4.4.x) installs the packed tarballs with npm, as a user would, and
// @action-route/* brings no @nuxt/kit of its own: the module loads the kit the app's Nuxt ships (`nuxt/kit`).
// Then `nuxt build` runs the module on that kit (it predates `addNitroPlugin` and `getNitroVersion`) and prints
// the module's one start-up line. Needs the npm registry; builds a Nuxt app, so run it under the e2e lock:
//   flock /tmp/e2e.lock node scripts/kit-dedupe.mjs [--keep]
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packWorkspace, writePackedAppManifest } from './packed-app.mjs'
import { checkLock, placeLock } from './install-lock.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const NUXT = '~4.4.0'
const work = mkdtempSync(join(tmpdir(), 'action-route-kit-'))
const app = join(work, 'app')
const failures = []
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`)
  if (!ok) failures.push(message)
}

try {
  const tarballs = packWorkspace(root, work)
  mkdirSync(join(app, 'server/api'), { recursive: true })
  const zod = JSON.parse(readFileSync(join(root, 'packages/runtime/package.json'), 'utf8')).devDependencies.zod
  writePackedAppManifest(app, tarballs, ['@action-route/runtime'], { nuxt: NUXT, zod }, 'npm')
  writeFileSync(join(app, 'nuxt.config.ts'), `export default defineNuxtConfig({ modules: ['@action-route/runtime'], devtools: { enabled: false }, telemetry: false, compatibilityDate: '2025-07-15' })\n`)
  writeFileSync(join(app, 'app.vue'), '<template><div /></template>\n')
  writeFileSync(join(app, 'server/api/ping.post.ts'), `import { z } from 'zod'\n\nexport default defineAction({ input: z.object({ name: z.string() }), handler: ({ input }) => ({ hello: input.name }) })\n`)
  console.log(`$ npm install (Nuxt ${NUXT}) in ${app}`)
  placeLock(app, 'kit-dedupe', 'npm')
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--engine-strict=false'], { cwd: app, stdio: 'inherit' })
  console.log(checkLock(app, 'kit-dedupe', 'npm'))

  const nuxtVersion = JSON.parse(readFileSync(join(app, 'node_modules/nuxt/package.json'), 'utf8')).version
  // every @nuxt/kit in the tree, with the package that asked for it
  const tree = JSON.parse(execFileSync('npm', ['ls', '@nuxt/kit', '--all', '--json'], { cwd: app, encoding: 'utf8' }))
  const kits = []
  const walk = (node, from) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (name === '@nuxt/kit') kits.push({ from, version: child.version })
      walk(child, name)
    }
  }
  walk(tree, 'the app')
  console.log(`@nuxt/kit in the app: ${kits.map(kit => `${kit.version} (from ${kit.from})`).join(', ')}`)
  check(!kits.some(kit => kit.from.startsWith('@action-route/')), 'no @action-route package depends on @nuxt/kit')

  // what the module's `import 'nuxt/kit'` loads is the kit the app's Nuxt runs with
  const fromRuntime = createRequire(join(app, 'node_modules/@action-route/runtime/package.json'))
  const fromNuxt = createRequire(join(app, 'node_modules/nuxt/package.json'))
  const kitOfNuxt = realpathSync(fromNuxt.resolve('@nuxt/kit/package.json'))
  const kitOfModule = realpathSync(createRequire(realpathSync(fromRuntime.resolve('nuxt/package.json'))).resolve('@nuxt/kit/package.json'))
  const moduleKitVersion = JSON.parse(readFileSync(kitOfModule, 'utf8')).version
  check(kitOfModule === kitOfNuxt, `the module's nuxt/kit is Nuxt ${nuxtVersion}'s own @nuxt/kit ${moduleKitVersion}`)
  check(moduleKitVersion === nuxtVersion, `that kit's version is Nuxt's (${moduleKitVersion})`)

  // the module runs on that kit, and says what it found in one line
  console.log('$ nuxt build')
  const build = spawnSync(process.execPath, [join(app, 'node_modules/nuxt/bin/nuxt.mjs'), 'build'], { cwd: app, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1' } })
  const log = `${build.stdout}\n${build.stderr}`
  check(build.status === 0, `nuxt build succeeds on that kit${build.status === 0 ? '' : `:\n${log.slice(-3000)}`}`)
  const lines = log.split('\n').filter(line => line.includes('OpenAPI document:'))
  check(lines.length === 1 && /\b1 action\b/.test(lines[0]), `nuxt build prints the module's line once: ${lines.join(' | ') || '(none)'}`)
}
finally {
  if (process.argv.includes('--keep')) console.log(`kept ${work}`)
  else rmSync(work, { recursive: true, force: true })
}
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed`)
  process.exit(1)
}
console.log('\none @nuxt/kit for the module: the app\'s own')
