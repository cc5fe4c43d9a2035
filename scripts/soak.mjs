#!/usr/bin/env node
// Load and soak: mixed requests at 100 connections against the built playground on 127.0.0.1.
// Reports answers that are not envelopes, errors, p50/p99 latency and the server's RSS.
// Usage: pnpm soak [--amount 50000] [--connections 100] [--no-build] [--write docs/soak.md]
//        pnpm soak --dev: the same against `nuxi dev` with the DevTools recorder on (memory must stay bounded)
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { freePort } from './free-port.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const playground = join(root, 'playground')
const { values: args } = parseArgs({
  options: {
    'amount': { type: 'string', default: '50000' },
    'connections': { type: 'string', default: '100' },
    'no-build': { type: 'boolean', default: false },
    'write': { type: 'string' },
    'dev': { type: 'boolean', default: false },
    'no-recorder': { type: 'boolean', default: false },
  },
})
const amount = Number(args.amount)
const connections = Number(args.connections)

const json = { 'content-type': 'application/json' }
const ada = { authorization: 'Bearer ada-token' }
// read-only or rejected requests, so the database does not grow and RSS shows leaks only
const mix = [
  { method: 'GET', path: '/api/todos?page=1', headers: ada, expect: 200 },
  { method: 'GET', path: '/api/todos?page=0', headers: ada, expect: 422 },
  { method: 'GET', path: '/api/todos', expect: 401 },
  { method: 'GET', path: '/api/profile', headers: ada, expect: 200 },
  { method: 'GET', path: '/api/admin/stats', headers: { authorization: 'Bearer grace-token' }, expect: 403 },
  { method: 'POST', path: '/api/todos', headers: { ...ada, ...json }, body: '{"title":"   "}', expect: 422 },
  { method: 'POST', path: '/api/newsletter', headers: json, body: '{"email":"ada@example.com","topics":["security"]}', expect: 200 },
  { method: 'POST', path: '/api/newsletter', headers: json, body: '{"email": broken', expect: 400 },
  { method: 'POST', path: '/api/feedback', headers: json, body: '{"rating":9}', expect: 422 },
  { method: 'POST', path: '/api/feedback', headers: { 'content-type': 'text/plain' }, body: 'hello', expect: 415 },
]

function isEnvelope(text) {
  try {
    const value = JSON.parse(text)
    if (value.success === true) return 'data' in value
    return value.success === false && typeof value.error?.code === 'string' && typeof value.error?.message === 'string' && typeof value.error?.statusCode === 'number'
  }
  catch {
    return false
  }
}

/** RSS of a process and its descendants (nuxi dev runs the server in a child process), in MiB. */
function rssMiB(pid) {
  let total = 0
  const pending = [pid]
  while (pending.length) {
    const current = pending.pop()
    try {
      const line = readFileSync(`/proc/${current}/status`, 'utf8').split('\n').find(entry => entry.startsWith('VmRSS:'))
      total += Number(line.match(/\d+/)[0])
      const children = readFileSync(`/proc/${current}/task/${current}/children`, 'utf8').trim()
      if (children) pending.push(...children.split(/\s+/).map(Number))
    }
    catch {
      // the process ended between two reads
    }
  }
  return Math.round(total / 1024 * 10) / 10
}

async function load(url, total) {
  const tally = { notEnvelope: 0, wrongStatus: 0 }
  const result = await autocannon({
    url,
    connections,
    amount: total,
    timeout: 10,
    requests: mix.map(entry => ({
      method: entry.method,
      path: entry.path,
      headers: entry.headers,
      body: entry.body,
      onResponse(status, body) {
        if (!isEnvelope(body)) tally.notEnvelope++
        if (status !== entry.expect) tally.wrongStatus++
      },
    })),
  })
  return { ...tally, result }
}

const nuxtBin = join(root, 'node_modules/nuxt/bin/nuxt.mjs')
if (!args['no-build'] && !args.dev) execFileSync(process.execPath, [nuxtBin, 'build', playground], { stdio: 'inherit' })
const port = await freePort()
// nuxi dev gets a HOME of its own holding a DevTools dev auth token, which the recorder's endpoints require
const devHome = args.dev ? mkdtempSync(join(tmpdir(), 'action-route-soak-home-')) : undefined
const devToken = randomBytes(16).toString('hex')
if (devHome) {
  mkdirSync(join(devHome, '.nuxt/devtools'), { recursive: true })
  writeFileSync(join(devHome, '.nuxt/devtools/dev-auth-token.txt'), devToken)
}
// the playground's SQLite file and uploads go to a folder of this run's own; a production build reads the session
// password when it starts (the reference app has no stand-in for it outside development)
const dataDir = mkdtempSync(join(tmpdir(), 'action-route-soak-data-'))
const appEnv = { PLAYGROUND_DATA_DIR: dataDir, NUXT_SESSION_PASSWORD: process.env.NUXT_SESSION_PASSWORD || 'soak-run-session-password-0123456789abcdef' }
const server = args.dev
  ? spawn(process.execPath, [nuxtBin, 'dev', playground, '--port', String(port), '--host', '127.0.0.1'], {
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, ...appEnv, HOME: devHome, XDG_CONFIG_HOME: '', ACTION_ROUTE_DEVTOOLS: args['no-recorder'] ? 'off' : 'on' },
    })
  : spawn(process.execPath, [join(playground, '.output/server/index.mjs')], {
      stdio: 'inherit',
      env: { ...process.env, ...appEnv, NITRO_PORT: String(port), NITRO_HOST: '127.0.0.1', NODE_ENV: 'production' },
    })
const url = `http://127.0.0.1:${port}`
for (let tries = 0; ; tries++) {
  try {
    await fetch(`${url}/api/todos`)
    break
  }
  catch {
    if (tries > 1200) throw new Error('the playground did not start')
    await new Promise(done => setTimeout(done, 100))
  }
}

try {
  const rssStart = rssMiB(server.pid)
  await load(url, Math.min(5000, amount))
  const rssWarm = rssMiB(server.pid)
  const first = await load(url, amount)
  const rssMiddle = rssMiB(server.pid)
  const second = await load(url, amount)
  const rssEnd = rssMiB(server.pid)
  const rows = [first, second].map((run, index) => ({
    run: index + 1,
    requests: run.result.requests.total,
    notEnvelope: run.notEnvelope,
    wrongStatus: run.wrongStatus,
    errors: run.result.errors + run.result.timeouts,
    p50: run.result.latency.p50,
    p99: run.result.latency.p99,
    rps: Math.round(run.result.requests.average),
  }))
  const records = args.dev && !args['no-recorder'] ? (await (await fetch(`${url}/__action-route/api/records`, { headers: { 'x-action-route-token': devToken } })).json()).length : undefined
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  const report = [
    `# Soak${args.dev ? ` in nuxi dev, recorder ${args['no-recorder'] ? 'off' : 'on'}` : ''}: ${amount} mixed requests x 2 at ${connections} connections`,
    '',
    `Machine: ${os.cpus().length} x ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
    args.dev
      ? `Server: \`nuxi dev playground\`, with Nitro in a worker of the dev server. DevTools recorder: ${args['no-recorder'] ? 'off' : 'on'}. RSS is the sum over the dev process tree.`
      : `Server: the playground's production build (\`.output/server/index.mjs\`) on 127.0.0.1. Load: autocannon, in a separate process.`,
    `Mix: ${mix.length} requests in turn (success, 401, 403, 415, 400, 422). None of them grows the playground's database.`,
    '',
    '| run | requests | not an envelope | unexpected status | errors | p50 ms | p99 ms | req/s |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(row => `| ${row.run} | ${row.requests} | ${row.notEnvelope} | ${row.wrongStatus} | ${row.errors} | ${row.p50} | ${row.p99} | ${row.rps} |`),
    '',
    '| server RSS | MiB |',
    '|---|---|',
    `| at start | ${rssStart} |`,
    `| after a ${Math.min(5000, amount)}-request warm-up | ${rssWarm} |`,
    `| after run 1 | ${rssMiddle} |`,
    `| after run 2 | ${rssEnd} |`,
    ...records === undefined ? [] : ['', `The recorder holds ${records} records afterwards. Its ring buffer keeps the last 200.`],
    '',
    'Reproduce: `pnpm soak`. Its options: `--amount`, `--connections`, `--write FILE`, and `--no-build` to reuse the last build.',
    '',
  ].join('\n')
  console.log(`\n${report}`)
  if (args.write) writeFileSync(resolve(root, args.write), report)
  const failed = rows.some(row => row.notEnvelope || row.errors || row.wrongStatus)
  process.exitCode = failed ? 1 : 0
}
finally {
  if (args.dev) process.kill(-server.pid, 'SIGTERM')
  else server.kill()
  if (devHome) rmSync(devHome, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
}
