#!/usr/bin/env node
// A standalone Nitro 3 app (no Nuxt) that uses `@action-route/runtime/server/h3-v2` from the packed tarball, as a
// user would: npm installs the pinned Nitro 3 beta (NUXT5_NITRO, the one the Nuxt 5 nightly uses), `nitro build`
// builds it on Node 22, and its `.output/server/index.mjs` is checked over real HTTP: statuses, envelopes,
// `application/json` on every answer but a streaming action's `text/event-stream` (its wire, its end envelope, a
// client's abort running the generator's `finally`). `pnpm test:nitro3`; exits non-zero on the first failure.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { NUXT5_NITRO } from './compat-targets.mjs'
import { freePort } from './free-port.mjs'
import { nodeBinary } from './node-binary.mjs'
import { packWorkspace, writePackedAppManifest } from './packed-app.mjs'
import { checkLock, placeLock } from './install-lock.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const work = join(root, '.compat/nitro3-standalone')
const app = join(work, 'app')
const runtimePackage = JSON.parse(readFileSync(join(root, 'packages/runtime/package.json'), 'utf8'))

/** The app's files: Nitro 3 scans `server/` only when `serverDir` says so (its default is `false`). */
const files = {
  'nitro.config.ts': `import { defineConfig } from 'nitro/config'

export default defineConfig({
  serverDir: './server',
  compatibilityDate: '2025-07-15',
})
`,
  // outside the scanned folders (api/, routes/, middleware/, plugins/, utils/...), so Nitro does not register it
  'server/lib/user.ts': `import { defineActionMiddleware } from '@action-route/runtime/server/h3-v2'

export const withUser = defineActionMiddleware('withUser', ({ next }) => next({ ctx: { user: 'ada' } }))
`,
  'server/api/todos.post.ts': `import { z } from 'zod'
import { defineAction } from '@action-route/runtime/server/h3-v2'
import { withUser } from '../lib/user'

export default defineAction({
  input: z.object({ title: z.string().min(1, 'Write something first') }),
  middleware: [withUser],
  handler: ({ input, ctx, event }) => {
    event.res.status = 201
    return { id: 3, title: input.title, by: ctx.user }
  },
})
`,
  'server/api/todos/[id].get.ts': `import { z } from 'zod'
import { defineAction } from '@action-route/runtime/server/h3-v2'

export default defineAction({
  params: z.object({ id: z.coerce.number().int() }),
  outputSchema: z.object({ id: z.number(), title: z.string() }),
  handler: ({ params }) => ({ id: params.id, title: 'Ship it', secret: 'hash' }),
})
`,
  // a payment provider's post-back: its pages, and only its, may post here from their own origin
  'server/api/pay-back.post.ts': `import { defineAction } from '@action-route/runtime/server/h3-v2'

export default defineAction({
  trustedOrigins: ['https://pay.example'],
  handler: ({ input }) => ({ received: input }),
})
`,
  // a streaming action (an async generator handler); each run's `finally` is recorded for GET /api/stream-runs
  'server/lib/stream-runs.ts': `export const streamRuns = new Map<string, { generated: number, finished: boolean, aborted: boolean }>()
`,
  'server/api/tokens.post.ts': `import { z } from 'zod'
import { defineAction } from '@action-route/runtime/server/h3-v2'
import { withUser } from '../lib/user'
import { streamRuns } from '../lib/stream-runs'

export default defineAction({
  input: z.object({ run: z.string().min(1), count: z.number().int().min(0), delayMs: z.number().int().min(0).default(0), fail: z.boolean().default(false) }),
  middleware: [withUser],
  async* handler({ input, ctx, signal }) {
    const run = { generated: 0, finished: false, aborted: false }
    streamRuns.set(input.run, run)
    try {
      for (let n = 1; n <= input.count; n++) {
        if (input.delayMs) await new Promise(resolve => setTimeout(resolve, input.delayMs))
        run.generated = n
        yield { n, token: \`token-\${n}\` }
        if (input.fail) throw new Error('SELECT secret -- password=hunter2')
      }
      return { count: input.count, by: ctx.user }
    }
    finally {
      run.finished = true
      run.aborted = signal.aborted
    }
  },
})
`,
  'server/api/stream-runs.get.ts': `import { z } from 'zod'
import { defineAction } from '@action-route/runtime/server/h3-v2'
import { streamRuns } from '../lib/stream-runs'

export default defineAction({
  input: z.object({ run: z.string().min(1) }),
  handler: ({ input }) => streamRuns.get(input.run) ?? null,
})
`,
  'server/api/missing.get.ts': `import { createActionError, defineAction } from '@action-route/runtime/server/h3-v2'

export default defineAction({
  handler: () => {
    throw createActionError({ code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 })
  },
})
`,
}

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`)
  execFileSync(command, args, { stdio: 'inherit', ...options })
}

async function waitFor(url, server, output) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output()}`)
    try {
      await fetch(url)
      return
    }
    catch {
      await new Promise(done => setTimeout(done, 100))
    }
  }
  throw new Error(`the server did not answer within 30 s:\n${output()}`)
}

/** One request and what its answer must be; every answer must be JSON. */
async function check(base, name, path, init, expect) {
  const response = await fetch(base + path, init)
  const text = await response.text()
  const problems = []
  if (response.status !== expect.status) problems.push(`status ${response.status}, expected ${expect.status}`)
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('application/json')) problems.push(`content-type ${JSON.stringify(type)}, expected application/json`)
  let body
  try {
    body = JSON.parse(text)
  }
  catch {
    problems.push('the body is not JSON')
  }
  if (body !== undefined) {
    const problem = expect.body(body)
    if (problem) problems.push(problem)
  }
  if (problems.length) throw new Error(`${name}: ${problems.join('; ')}\n  body: ${text.slice(0, 500)}`)
  console.log(`ok   ${name}: ${response.status}`)
  checks++
}
let checks = 0

/**
 * A streaming action's answer: 200 `text/event-stream`, uncompressed, uncached, no length, and exactly `wire`
 * (heartbeat comments left out).
 */
async function checkStream(base, name, body, wire) {
  const response = await fetch(`${base}/api/tokens`, { ...json(JSON.stringify(body)), headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' } })
  const text = (await response.text()).replace(/^:.*\n\n/gm, '')
  const headers = response.headers
  const problems = []
  if (response.status !== 200) problems.push(`status ${response.status}, expected 200`)
  if (headers.get('content-type') !== 'text/event-stream; charset=utf-8') problems.push(`content-type ${headers.get('content-type')}`)
  if (!/no-transform/.test(headers.get('cache-control') ?? '')) problems.push(`cache-control ${headers.get('cache-control')}`)
  if (headers.get('content-encoding') || headers.get('content-length')) problems.push(`content-encoding ${headers.get('content-encoding')}, content-length ${headers.get('content-length')}`)
  if (text !== wire) problems.push(`the wire: ${JSON.stringify(text.slice(0, 500))}, expected ${JSON.stringify(wire)}`)
  if (problems.length) throw new Error(`${name}: ${problems.join('; ')}`)
  console.log(`ok   ${name}: ${response.status} text/event-stream`)
  checks++
}

/** A stream the client aborts after its first events: the generator's `finally` runs, with its signal aborted. */
async function checkStreamAbort(base, name) {
  const run = `abort-${Date.now()}`
  const controller = new AbortController()
  const response = await fetch(`${base}/api/tokens`, { ...json(JSON.stringify({ run, count: 40, delayMs: 50 })), signal: controller.signal })
  const reader = response.body.getReader()
  let text = ''
  while ((text.match(/^data: /gm) ?? []).length < 3) text += new TextDecoder().decode((await reader.read()).value)
  controller.abort()
  let record
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    record = (await (await fetch(`${base}/api/stream-runs?run=${run}`)).json()).data
    if (record?.finished) break
    await new Promise(done => setTimeout(done, 50))
  }
  if (!record?.finished || !record.aborted || record.generated >= 40) throw new Error(`${name}: the run after the abort: ${JSON.stringify(record)}`)
  console.log(`ok   ${name}: finally ran after ${record.generated} events, signal aborted`)
  checks++
}

const json = body => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body })
/** A form post that a browser marks with these headers (`Sec-Fetch-Site`, `Origin`). */
const formFrom = (headers, body = 'title=Planted') => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body })
const refusedCrossOrigin = body => body.success === false && body.error?.code === 'CROSS_ORIGIN_REQUEST' && body.error?.statusCode === 403 ? '' : 'expected CROSS_ORIGIN_REQUEST 403'

async function main() {
  const started = Date.now()
  rmSync(work, { recursive: true, force: true })
  mkdirSync(app, { recursive: true })
  const tarballs = packWorkspace(root, work)

  writePackedAppManifest(app, tarballs, ['@action-route/runtime'], { nitro: NUXT5_NITRO, zod: runtimePackage.devDependencies.zod }, 'npm')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(app, path)), { recursive: true })
    writeFileSync(join(app, path), text)
  }
  placeLock(app, 'nitro3-app', 'npm')
  run('npm', ['install', '--no-audit', '--no-fund', '--engine-strict=false'], { cwd: app })
  console.log(checkLock(app, 'nitro3-app', 'npm'))
  const nitroVersion = JSON.parse(readFileSync(join(app, 'node_modules/nitro/package.json'), 'utf8')).version
  if (nitroVersion !== NUXT5_NITRO) throw new Error(`npm installed nitro ${nitroVersion}, not ${NUXT5_NITRO}`)

  const node = nodeBinary(root, 22)
  const nodeVersion = execFileSync(node, ['--version']).toString().trim()
  run(node, [join(app, 'node_modules/nitro/dist/cli/index.mjs'), 'build'], { cwd: app, env: { ...process.env, NODE_ENV: 'production' } })

  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let log = ''
  // the node preset reads NITRO_PORT / NITRO_HOST (then PORT / HOST)
  const server = spawn(node, [join(app, '.output/server/index.mjs')], {
    cwd: app,
    env: { ...process.env, NITRO_HOST: '127.0.0.1', NITRO_PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout.on('data', chunk => log += chunk)
  server.stderr.on('data', chunk => log += chunk)
  try {
    await waitFor(`${base}/api/missing`, server, () => log)
    await check(base, 'POST valid input (201, ctx from middleware)', '/api/todos', json('{"title":"Ship it"}'), {
      status: 201,
      body: body => body.success === true && body.data?.title === 'Ship it' && body.data?.by === 'ada' ? '' : 'expected { success: true, data: { title: "Ship it", by: "ada" } }',
    })
    await check(base, 'POST invalid input (422 fieldErrors)', '/api/todos', json('{"title":""}'), {
      status: 422,
      body: body => body.success === false && body.error?.code === 'VALIDATION_ERROR' && body.error?.statusCode === 422 && Array.isArray(body.error?.fieldErrors?.title) ? '' : 'expected VALIDATION_ERROR with fieldErrors.title',
    })
    await check(base, 'POST malformed JSON (400 PARSE_ERROR)', '/api/todos', json('{"title":'), {
      status: 400,
      body: body => body.success === false && body.error?.code === 'PARSE_ERROR' ? '' : 'expected PARSE_ERROR',
    })
    await check(base, 'POST text/plain (415)', '/api/todos', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'title=x' }, {
      status: 415,
      body: body => body.success === false && body.error?.code === 'UNSUPPORTED_MEDIA_TYPE' ? '' : 'expected UNSUPPORTED_MEDIA_TYPE',
    })
    await check(base, 'GET [id] (200, output schema strips a field)', '/api/todos/7', undefined, {
      status: 200,
      body: body => body.success === true && body.data?.id === 7 && body.data?.title === 'Ship it' && !('secret' in body.data) ? '' : 'expected { success: true, data: { id: 7, title } } without secret',
    })
    await check(base, 'GET [id] bad param (422)', '/api/todos/abc', undefined, {
      status: 422,
      body: body => body.success === false && body.error?.code === 'VALIDATION_ERROR' ? '' : 'expected VALIDATION_ERROR',
    })
    await check(base, 'createActionError 404 envelope', '/api/missing', undefined, {
      status: 404,
      body: body => body.success === false && body.error?.code === 'NOT_FOUND' && body.error?.message === 'No such todo' && body.error?.statusCode === 404 ? '' : 'expected { success: false, error: { code: NOT_FOUND, statusCode: 404 } }',
    })
    await check(base, 'POST form marked same-site (403 CROSS_ORIGIN_REQUEST)', '/api/todos', formFrom({ 'sec-fetch-site': 'same-site', 'origin': 'http://127.0.0.1:1' }), { status: 403, body: refusedCrossOrigin })
    await check(base, 'POST JSON from Origin: null (403 CROSS_ORIGIN_REQUEST)', '/api/todos', { ...json('{"title":"x"}'), headers: { 'content-type': 'application/json', 'origin': 'null' } }, { status: 403, body: refusedCrossOrigin })
    await check(base, 'POST form from its own origin (201)', '/api/todos', formFrom({ origin: base }), {
      status: 201,
      body: body => body.success === true && body.data?.title === 'Planted' ? '' : 'expected a created todo',
    })
    await check(base, 'POST cross-site form from the trusted origin (200)', '/api/pay-back', formFrom({ 'sec-fetch-site': 'cross-site', 'origin': 'https://pay.example' }, 'paid=1'), {
      status: 200,
      body: body => body.success === true && body.data?.received?.paid === '1' ? '' : 'expected { received: { paid: "1" } }',
    })
    await check(base, 'POST cross-site form from an untrusted origin (403)', '/api/pay-back', formFrom({ 'sec-fetch-site': 'cross-site', 'origin': 'https://evil.example' }, 'paid=1'), { status: 403, body: refusedCrossOrigin })
    await checkStream(base, 'POST streaming action (events, then the end envelope)', { run: 'wire', count: 2 }, [
      'data: {"n":1,"token":"token-1"}\n\n',
      'data: {"n":2,"token":"token-2"}\n\n',
      'event: end\ndata: {"success":true,"data":{"count":2,"by":"ada"}}\n\n',
    ].join(''))
    await checkStream(base, 'POST streaming action failing after its first event (masked INTERNAL_ERROR end)', { run: 'fail', count: 2, fail: true }, [
      'data: {"n":1,"token":"token-1"}\n\n',
      'event: end\ndata: {"success":false,"error":{"code":"INTERNAL_ERROR","message":"An unexpected error occurred","statusCode":500}}\n\n',
    ].join(''))
    await check(base, 'POST streaming action, invalid input before the stream (422 JSON)', '/api/tokens', json('{"run":"x","count":-1}'), {
      status: 422,
      body: body => body.success === false && body.error?.code === 'VALIDATION_ERROR' && body.error?.fieldErrors?.count ? '' : 'expected VALIDATION_ERROR with fieldErrors.count',
    })
    await checkStreamAbort(base, 'POST streaming action aborted by the client after 3 events')
  }
  finally {
    server.kill()
  }
  console.log(`nitro3 standalone: passed, ${checks} checks on nitro ${nitroVersion}, Node ${nodeVersion}, in ${Math.round((Date.now() - started) / 1000)}s`)
}

main().catch((error) => {
  console.error(`\nnitro3 standalone: FAILED: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
