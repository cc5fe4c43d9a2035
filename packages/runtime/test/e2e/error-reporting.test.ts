import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { freePort } from '../helpers/built-app'

// The fixture's Nitro plugin (server/plugins/record-errors.ts) records what an app's `error` hook (Sentry's Nuxt SDK
// listens there) and `action-route:error` hook get; /api/reported-errors answers the records of one probe.
// scripts/workers.mjs runs this file against a cloudflare-module build served by workerd too.
const baseURL = inject('baseURL')
const onWorkers = process.env.E2E_TARGET === 'workers'

interface Recorded {
  hook: 'error' | 'action-route:error'
  message: string
  cause?: string
  tags?: string[]
  action?: Record<string, unknown>
  envelope?: Record<string, unknown>
}

/** Calls an action with a fresh probe; answers its status, body text and what the hooks recorded for it. */
async function callProbed(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  const probe = randomUUID()
  const response = await fetch(`${baseURL}${path}`, { ...init, headers: { 'x-error-probe': probe, ...headers } })
  const text = await response.text()
  return { status: response.status, text, body: JSON.parse(text), recorded: () => recordedFor(probe) }
}

async function recordedFor(probe: string): Promise<Recorded[]> {
  const response = await fetch(`${baseURL}/api/reported-errors?probe=${probe}`)
  return (await response.json()).data
}

/** The records once both hooks have had their call (the `error` hook is not awaited before the answer). */
async function recordsOfBothHooks(recorded: () => Promise<Recorded[]>): Promise<Recorded[]> {
  for (let tries = 0; ; tries++) {
    const records = await recorded()
    if (tries > 20 || (records.some(r => r.hook === 'error') && records.some(r => r.hook === 'action-route:error'))) return records
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

function expectNoLeak(text: string) {
  expect(text).not.toMatch(/hunter2|SELECT|stack|\.ts:|\.mjs|node_modules|anything else/)
}

const unexpected = [
  { kind: 'error', code: 'INTERNAL_ERROR', status: 500, message: 'SELECT * FROM users -- password=hunter2' },
  { kind: 'string', code: 'INTERNAL_ERROR', status: 500, message: 'A non-Error value was thrown in an action', cause: 'a plain string with a secret: hunter2' },
  { kind: 'mapped', code: 'UPSTREAM_DOWN', status: 503, message: 'mapped' },
  { kind: 'mapper-throws', code: 'INTERNAL_ERROR', status: 500, message: 'anything else' },
  { kind: 'bad-output', code: 'OUTPUT_VALIDATION_ERROR', status: 500, message: 'Output validation failed' },
]

describe('unexpected errors reach the platform', () => {
  it.each(unexpected)('$kind: Nitro\'s error hook and action-route:error each fire once, tagged with the action; the client gets only the envelope', async ({ kind, code, status, message, cause }) => {
    const answer = await callProbed(`/api/errors/${kind}`)
    expect(answer.status).toBe(status)
    expect(answer.body.success).toBe(false)
    expect(answer.body.error.code).toBe(code)
    expect(Object.keys(answer.body.error).sort()).toEqual(code === 'OUTPUT_VALIDATION_ERROR' ? ['code', 'fieldErrors', 'message', 'statusCode'] : ['code', 'message', 'statusCode'])
    expectNoLeak(answer.text)

    const records = await recordsOfBothHooks(answer.recorded)
    const captured = records.filter(record => record.hook === 'error')
    const hooked = records.filter(record => record.hook === 'action-route:error')
    expect(captured).toHaveLength(1)
    expect(hooked).toHaveLength(1)
    expect(captured[0]!.message).toBe(message)
    if (cause) expect(captured[0]!.cause).toBe(cause)
    expect(captured[0]!.tags).toEqual(['action-route', 'route:/api/errors/:kind', 'method:GET', `code:${code}`])
    expect(captured[0]!.action).toEqual({ route: '/api/errors/:kind', method: 'GET', code })
    expect(hooked[0]!.action).toEqual({ route: '/api/errors/:kind', method: 'GET' })
    expect(hooked[0]!.envelope).toEqual(answer.body.error)
  })

  it.each([
    ['an ActionError the handler threw', '/api/errors/action-error', 409],
    ['h3\'s createError of a 4xx', '/api/errors/h3-error', 403],
    ['a declared error', '/api/errors-demo/todos/7', 404],
    ['a declared error of another status', '/api/errors-demo/todos/3', 410],
  ])('%s is an answer, not a fault: no hook fires', async (_name, path, status) => {
    const answer = await callProbed(path)
    expect(answer.status).toBe(status)
    // an unexpected error's hooks have run by the time a later request answers
    expect(await answer.recorded()).toEqual([])
  })

  it('VALIDATION_ERROR (input refused before the handler) fires no hook', async () => {
    const answer = await callProbed('/api/valibot', { 'content-type': 'application/json' }, { method: 'POST', body: JSON.stringify({ email: 'no' }) })
    expect(answer.status).toBe(422)
    expect(await answer.recorded()).toEqual([])
  })

  it('an action-route:error hook that assigns envelope replaces the answer; Nitro\'s capture still names the original code', async () => {
    const answer = await callProbed('/api/errors/error', { 'x-map-error': '1' })
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ success: false, error: { code: 'MAPPED_BY_APP', message: 'Mapped by the app', statusCode: 503 } })
    const records = await recordsOfBothHooks(answer.recorded)
    expect(records.filter(record => record.hook === 'error').map(record => record.tags)).toEqual([['action-route', 'route:/api/errors/:kind', 'method:GET', 'code:INTERNAL_ERROR']])
  })
})

/** Starts the built fixture's Node server with more environment, runs `check`, stops it; answers all it printed. */
async function withBuiltServer(env: Record<string, string>, check: (baseURL: string) => Promise<void>): Promise<string> {
  const port = await freePort()
  const server = spawn(process.env.E2E_NODE || process.execPath, [join(inject('fixtureDir'), '.output/server/index.mjs')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NITRO_PORT: String(port), NITRO_HOST: '127.0.0.1', ...env },
  })
  let output = ''
  server.stdout!.on('data', (chunk: Buffer) => output += chunk)
  server.stderr!.on('data', (chunk: Buffer) => output += chunk)
  const url = `http://127.0.0.1:${port}`
  try {
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`${url}/api/echo`)
        break
      }
      catch (error) {
        if (tries > 100) throw error
        await new Promise(resolve => setTimeout(resolve, 100))
      }
    }
    await check(url)
    // what the server prints after answering has been printed
    await new Promise(resolve => setTimeout(resolve, 200))
  }
  finally {
    server.kill()
    await once(server, 'exit')
  }
  return output
}

const occurrences = (text: string, part: string) => text.split(part).length - 1

// Workers print to workerd's own log, and take runtime config from their bindings, not NUXT_ variables
describe.skipIf(onWorkers)('the production log', () => {
  it('logs an unexpected error once, with its route and stack, the way Nitro logs an unhandled one; an expected one not at all', async () => {
    const output = await withBuiltServer({}, async (url) => {
      expect((await fetch(`${url}/api/errors/error`)).status).toBe(500)
      expect((await fetch(`${url}/api/errors/action-error`)).status).toBe(409)
    })
    expect(occurrences(output, '[request error] [action-route] [GET] /api/errors/error INTERNAL_ERROR 500')).toBe(1)
    expect(occurrences(output, 'SELECT * FROM users -- password=hunter2')).toBe(1)
    expect(output).toMatch(/password=hunter2\n\s+at /)
    expect(output).not.toContain('OUT_OF_STOCK')
  })

  it('logs an error an action-route:error hook mapped with the code and status the client got, the original code, and the original error with its stack', async () => {
    const output = await withBuiltServer({}, async (url) => {
      const answer = await fetch(`${url}/api/errors/error`, { headers: { 'x-error-probe': randomUUID(), 'x-map-error': '1' } })
      expect(answer.status).toBe(503)
      expect((await answer.json()).error.code).toBe('MAPPED_BY_APP')
    })
    expect(occurrences(output, '[request error] [action-route] [GET] /api/errors/error MAPPED_BY_APP 503 (mapped by an action-route:error hook from INTERNAL_ERROR 500)')).toBe(1)
    expect(output).not.toContain('INTERNAL_ERROR 500\n')
    expect(occurrences(output, 'SELECT * FROM users -- password=hunter2')).toBe(1)
    expect(output).toMatch(/password=hunter2\n\s+at /)
  })

  it('NUXT_ACTION_ROUTE_LOG_ERRORS=off logs nothing; =all adds one line per expected error', async () => {
    const off = await withBuiltServer({ NUXT_ACTION_ROUTE_LOG_ERRORS: 'off' }, async (url) => {
      expect((await fetch(`${url}/api/errors/error`)).status).toBe(500)
    })
    expect(off).not.toContain('hunter2')
    expect(off).not.toContain('[request error]')

    const all = await withBuiltServer({ NUXT_ACTION_ROUTE_LOG_ERRORS: 'all' }, async (url) => {
      expect((await fetch(`${url}/api/errors/error`)).status).toBe(500)
      expect((await fetch(`${url}/api/errors/action-error`)).status).toBe(409)
    })
    expect(occurrences(all, 'SELECT * FROM users -- password=hunter2')).toBe(1)
    expect(occurrences(all, '[request error] [action-route] [GET] /api/errors/action-error OUT_OF_STOCK 409')).toBe(1)
  })

  it('a logErrors in the environment that is none of the three stops the built server as it starts, quoting the value', async () => {
    const server = spawn(process.env.E2E_NODE || process.execPath, [join(inject('fixtureDir'), '.output/server/index.mjs')], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NITRO_PORT: String(await freePort()), NITRO_HOST: '127.0.0.1', NUXT_ACTION_ROUTE_LOG_ERRORS: 'verbose' },
    })
    let stderr = ''
    server.stderr!.on('data', (chunk: Buffer) => stderr += chunk)
    const [code] = await once(server, 'exit')
    expect(code, stderr).not.toBe(0)
    expect(stderr).toContain('actionRoute: `logErrors` must be \'unexpected\', \'all\' or \'off\', got "verbose"')
  })
})
