#!/usr/bin/env node
// Workers suite: the runtime's end-to-end tests against a production build with Nitro's
// cloudflare-module preset, served by workerd (Cloudflare's Workers runtime, from the npm
// registry's `workerd` package) on 127.0.0.1. Nothing contacts the network at run time.
// The fixture is copied first: the build writes .output, and the Node e2e run builds the
// fixture in place. The copy sits beside it (git-ignored .scratch-*) so it resolves the
// workspace's nuxt, the module's source and the schema libraries as the fixture does.
//
//   node scripts/workers.mjs            the SPEC e2e files that apply on Workers
//   node scripts/workers.mjs http.test  a vitest filter instead
import { execFileSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const fixture = join(root, 'packages/runtime/test/fixtures/basic')
const app = join(root, 'packages/runtime/test/fixtures/.scratch-workers-run')

// The e2e files that run on Workers. Left out, and why:
// - runtime-config.test.ts and input-limits-config.test.ts start the built Node server with
//   NUXT_* environment variables; a Worker gets runtime config from its env bindings instead;
// - dev-route-map.test.ts runs `nuxi dev`, which is Node whatever the preset.
const files = ['http.test', 'bad-input.test', 'contract.test', 'client.test']
const filters = process.argv.slice(2)

rmSync(app, { recursive: true, force: true })
cpSync(fixture, app, { recursive: true, filter: source => !/[/\\](?:\.nuxt|\.output|node_modules)$/.test(source) })
const started = Date.now()
try {
  execFileSync('pnpm', ['exec', 'vitest', 'run', '--project', 'runtime-e2e', ...(filters.length ? filters : files)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_TARGET: 'workers', E2E_FIXTURE_DIR: app },
  })
}
finally {
  console.log(`Workers suite: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  rmSync(app, { recursive: true, force: true })
}
