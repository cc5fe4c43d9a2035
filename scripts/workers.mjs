#!/usr/bin/env node
// Workers suite: the runtime's end-to-end tests against a production build with Nitro's
// cloudflare-module preset, served by workerd (Cloudflare's Workers runtime, from the npm
// registry's `workerd` package) on 127.0.0.1. Nothing contacts the network at run time.
//
//   node scripts/workers.mjs             Nitro 2: the workspace's Nuxt 4 and the module's source
//   node scripts/workers.mjs --nuxt5     Nitro 3: the pinned Nuxt 5 nightly (scripts/compat-targets.mjs)
//                                        on Node 22, installing the packed tarballs with npm
//   node scripts/workers.mjs http.test   vitest filters instead of the files below
//
// The fixture is always copied first: the build writes .output, and the Node e2e run builds the
// fixture in place. For Nitro 2 the copy sits beside it (git-ignored .scratch-*) so it resolves the
// workspace's nuxt, the module's source and the schema libraries as the fixture does.
import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeBinary } from './node-binary.mjs'
import { packWorkspace, writePackedAppManifest } from './packed-app.mjs'
import { checkLock, placeLock } from './install-lock.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const fixture = join(root, 'packages/runtime/test/fixtures/basic')

// The e2e files that run on Workers. Left out, and why:
// - runtime-config.test.ts starts the built Node server with
//   NUXT_* environment variables; a Worker gets runtime config from its env bindings instead;
// - dev-route-map.test.ts runs `nuxi dev`, which is Node whatever the preset.
// tracing-workers.test.ts runs here only: the Worker is built with `tracing` on and an OpenTelemetry SDK (see below).
const files = ['http.test', 'bad-input.test', 'contract.test', 'client.test', 'error-reporting.test', 'rate-limit.test', 'idempotency.test', 'streaming.test', 'tracing-workers.test']
const nuxt5 = process.argv.includes('--nuxt5')
const filters = process.argv.slice(2).filter(arg => arg !== '--nuxt5')
const copyFixture = destination => cpSync(fixture, destination, { recursive: true, filter: source => !/[/\\](?:\.nuxt|\.output|node_modules)$/.test(source) })

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`)
  execFileSync(command, args, { stdio: 'inherit', ...options })
}

const OTEL_PACKAGES = ['@opentelemetry/api', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/sdk-trace-node']

/** A fresh app on the pinned Nuxt 5 nightly with the packed module, as the compatibility suite makes one. */
async function nuxt5App() {
  const { NUXT5_NIGHTLY, targets } = await import('./compat-targets.mjs')
  const target = targets.find(candidate => candidate.nuxt.includes(NUXT5_NIGHTLY))
  const overlay = target?.overlay
  const work = join(root, '.cache/workers-nuxt5')
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  const tarballs = packWorkspace(root, work)
  const app = join(work, 'app')
  copyFixture(app)
  if (overlay) cpSync(join(root, overlay), app, { recursive: true })
  const devDependencies = JSON.parse(readFileSync(join(root, 'packages/runtime/package.json'), 'utf8')).devDependencies
  writePackedAppManifest(app, tarballs, ['@action-route/runtime'], {
    nuxt: `npm:nuxt-nightly@${NUXT5_NIGHTLY}`,
    ...target?.dependencies,
    zod: devDependencies.zod,
    valibot: devDependencies.valibot,
    arktype: devDependencies.arktype,
    // the tracing run's SDK (fixtures/basic/server/tracing/otel-sdk.ts)
    ...Object.fromEntries(OTEL_PACKAGES.map(name => [name, devDependencies[name]])),
  }, 'npm', [], target?.pins)
  // npm enforces peer ranges, and the SDK 2.12 asks for @opentelemetry/api below 1.10 where the OTLP exporter 0.301
  // asks for 1.10 (pnpm lets the workspace's 1.10 pass): the SDK gets the app's API, as it does in the workspace
  const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'))
  manifest.overrides = { ...manifest.overrides, '@opentelemetry/sdk-trace-node': { '@opentelemetry/api': '$@opentelemetry/api' } }
  writeFileSync(join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  placeLock(app, 'workers-nuxt5', 'npm')
  run('npm', ['install', '--no-audit', '--no-fund', '--engine-strict=false'], { cwd: app })
  console.log(checkLock(app, 'workers-nuxt5', 'npm'))
  return { app, cleanup: work, env: { E2E_NODE: nodeBinary(root, 22), ACTION_ROUTE_MODULE: '@action-route/runtime' } }
}

function nuxt4App() {
  const app = join(root, 'packages/runtime/test/fixtures/.scratch-workers-run')
  rmSync(app, { recursive: true, force: true })
  copyFixture(app)
  return { app, cleanup: app, env: {} }
}

/** A free TCP port on 127.0.0.1, for the OTLP receiver the tracing test starts once the Worker is built. */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address()
  server.close()
  return port
}

// The Worker is built with `tracing` on and an OpenTelemetry SDK exporting over OTLP/HTTP to this endpoint
// (fixtures/basic/nuxt.config.ts), which test/e2e/tracing-workers.test.ts listens on; workerd lets it reach 127.0.0.1.
const tracing = { ACTION_ROUTE_FIXTURE_OTLP_ENDPOINT: `http://127.0.0.1:${await freePort()}/v1/traces`, E2E_WORKERD_LOCAL_OUTBOUND: '1' }

const started = Date.now()
const { app, cleanup, env } = nuxt5 ? await nuxt5App() : nuxt4App()
try {
  // one build and one workerd for every file: a stream's spans are flushed inside its request (docs/production.md,
  // On Cloudflare Workers), so the other files' streams leave the tracing test's exporter nothing unsettled
  // --no-cache: .ci/run runs `pnpm test` beside this, and the results cache (the order of files) is one file for both
  run('pnpm', ['exec', 'vitest', 'run', '--no-cache', '--project', 'runtime-e2e', ...(filters.length ? filters : files)], {
    cwd: root,
    env: { ...process.env, ...env, ...tracing, E2E_TARGET: 'workers', E2E_FIXTURE_DIR: app },
  })
}
finally {
  console.log(`Workers suite (${nuxt5 ? 'Nitro 3, Nuxt 5 nightly' : 'Nitro 2, Nuxt 4'}): ${((Date.now() - started) / 1000).toFixed(0)} s`)
  rmSync(cleanup, { recursive: true, force: true })
}
