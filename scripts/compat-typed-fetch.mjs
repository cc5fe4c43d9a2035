#!/usr/bin/env node
// The compatibility suite's typed-fetch step on Nuxt 5 (scripts/compat.mjs): Nuxt's own `$fetch` and `useFetch` typed
// from the actions. The app of packages/runtime/test/fixtures/typed-fetch, inside an installed Nuxt 5 app (so it uses
// that app's node_modules: the nightly and the module's tarball), `nuxi prepare`d on the target's Node, then checked
// by the workspace's vue-tsc: its type assertions hold and its `@ts-expect-error` misuse lines are errors.
// Alone: `node scripts/compat-typed-fetch.mjs [installed-app]`, by default the app `pnpm test:compat nuxt5-node22`
// installed (.compat/nuxt5-node22/fixture), else one it installs itself once (.compat/typed-fetch, about 2 minutes).
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeBinary } from './node-binary.mjs'
import { packWorkspace, writePackedAppManifest } from './packed-app.mjs'
import { NUXT5_NIGHTLY, NUXT5_NITRO, NUXT5_VITE } from './compat-targets.mjs'
import { checkLock, placeLock } from './install-lock.mjs'

const fixture = 'packages/runtime/test/fixtures/typed-fetch'

/**
 * Prepares the typed-fetch fixture inside `app` (an installed Nuxt 5 app) with its Nuxt on `node`, then runs vue-tsc
 * over its app side. Throws with vue-tsc's first errors; returns a one-line summary.
 * @example
 * const summary = checkTypedFetch({ root, app: fixtureApp, node: node22 })
 */
export function checkTypedFetch({ root, app, node }) {
  const dir = join(app, '.typed-fetch')
  rmSync(dir, { recursive: true, force: true })
  cpSync(join(root, fixture), dir, { recursive: true })
  const misuses = ['app/typed-fetch.ts', 'app/app.vue'].reduce((sum, file) => sum + readFileSync(join(dir, file), 'utf8').split('@ts-expect-error').length - 1, 0)
  console.log(`$ nuxi prepare ${relative(root, dir)}`)
  execFileSync(node, [join(app, 'node_modules/nuxt/bin/nuxt.mjs'), 'prepare', dir], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  console.log(`$ vue-tsc --noEmit -p ${relative(root, join(dir, '.nuxt/tsconfig.app.json'))}`)
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/vue-tsc/bin/vue-tsc.js'), '--noEmit', '-p', join(dir, '.nuxt/tsconfig.app.json')], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  }
  catch (error) {
    const errors = `${error.stdout ?? ''}`.split('\n').filter(line => /error TS/.test(line))
    console.log(`${error.stdout ?? ''}${error.stderr ?? ''}`)
    throw new Error(`typed fetch: vue-tsc found ${errors.length} error(s): ${errors.slice(0, 3).join(' | ')}`, { cause: error })
  }
  return `vue-tsc: the types hold and the ${misuses} misuse lines are errors`
}

/** The installed Nuxt 5 app to check in: the compat suite's, else one installed here once (npm, Node 22). */
function installedApp(root) {
  const compatApp = join(root, '.compat/nuxt5-node22/fixture')
  if (existsSync(join(compatApp, 'node_modules/nuxt'))) return compatApp
  const work = join(root, '.compat/typed-fetch')
  const app = join(work, 'app')
  if (existsSync(join(app, 'node_modules/nuxt'))) return app
  mkdirSync(app, { recursive: true })
  const tarballs = packWorkspace(root, work)
  writePackedAppManifest(app, tarballs, ['@action-route/runtime'], { nuxt: `npm:nuxt-nightly@${NUXT5_NIGHTLY}`, nitro: NUXT5_NITRO, zod: JSON.parse(readFileSync(join(root, 'packages/runtime/package.json'), 'utf8')).devDependencies.zod }, 'npm', [], { vite: NUXT5_VITE })
  // the compat suite's Nuxt 5 fixture holds all this app installs, and more
  placeLock(app, 'compat-nuxt5-node22-fixture', 'npm')
  const node = nodeBinary(root, 22)
  console.log(`$ npm install (${relative(root, app)}, Node 22)`)
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--engine-strict=false'], { cwd: app, stdio: 'inherit', env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH}` } })
  console.log(checkLock(app, 'compat-nuxt5-node22-fixture', 'npm', { borrowed: true }))
  writeFileSync(join(work, 'README'), 'Installed by scripts/compat-typed-fetch.mjs; delete it to install afresh.\n')
  return app
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  const app = process.argv[2] ? resolve(process.argv[2]) : installedApp(root)
  try {
    console.log(checkTypedFetch({ root, app, node: nodeBinary(root, 22) }))
  }
  catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}
