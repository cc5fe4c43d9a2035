// The playground traces its actions as docs/production.md tells an app to: server/plugins/otel.ts picks an exporter
// from the environment when the built server starts. These start more servers of the production build the
// `playground` project made (so they skip under `nuxi dev`), each with its own data folder.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { BuiltApp } from '../../packages/runtime/test/helpers/built-app'
import { startBuiltServer } from '../../packages/runtime/test/helpers/built-app'
import type { PlaygroundTarget } from '../../packages/runtime/test/helpers/playground-target'
import { playgroundTarget } from '../../packages/runtime/test/helpers/playground-target'
import type { OtlpReceiver } from '../../packages/runtime/test/tracing/otlp-receiver'
import { startOtlpReceiver } from '../../packages/runtime/test/tracing/otlp-receiver'

const started: { target: PlaygroundTarget, app?: BuiltApp }[] = []
const receivers: OtlpReceiver[] = []

afterAll(async () => {
  for (const { target, app } of started) {
    await app?.close()
    await target.removeData()
  }
  await Promise.all(receivers.map(receiver => receiver.close()))
})

/** A production server of the playground's build, started with more environment. */
async function startPlayground(env: Record<string, string>): Promise<BuiltApp> {
  const target = await playgroundTarget('build')
  const entry: { target: PlaygroundTarget, app?: BuiltApp } = { target }
  started.push(entry)
  entry.app = await startBuiltServer(join(target.appDir, '.output'), target.node, '/api/todos', {
    env: { ...process.env, ...target.env, OTEL_BSP_SCHEDULE_DELAY: '100', ...env, NODE_ENV: 'production' },
    cwd: target.dataDir,
  })
  return entry.app
}

async function until<T>(find: () => T | undefined, what: string, log: () => string): Promise<T> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const found = find()
    if (found) return found
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`no ${what} in time; the server printed:\n${log()}`)
}

const serverBuilt = () => inject('playgroundMode') === 'build' && existsSync(join(process.env.E2E_PLAYGROUND_DIR || join(import.meta.dirname, '..'), '.output/server/index.mjs'))

describe('tracing in the production build', () => {
  it.runIf(serverBuilt())('exports a span per action and its steps to OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const receiver = await startOtlpReceiver()
    receivers.push(receiver)
    const app = await startPlayground({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint.replace(/\/v1\/traces$/, ''),
    })
    const response = await fetch(`${app.baseURL}/api/todos`, { headers: { authorization: 'Bearer grace-token' } })
    expect(response.status).toBe(200)

    // the readiness probe's request (no token, 401) may be traced too where the server awaits its plugins (Nitro 3)
    const action = await until(() => receiver.spans.find(span => span.name === 'GET /api/todos' && span.scope === '@action-route/runtime'
      && span.attributes['http.response.status_code'] === 200), 'action span', app.log!)
    // no HTTP instrumentation in the playground: the action's span is the request's own (kind SERVER)
    expect(action.kind).toBe(2)
    expect(action.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/api/todos', 'http.response.status_code': 200 })
    const steps = await until(() => {
      const names = receiver.spans.filter(span => span.traceId === action.traceId && span.spanId !== action.spanId).map(span => span.name)
      return names.includes('handler') && names.includes('respond') ? names : undefined
    }, 'step spans', app.log!)
    expect(steps).toEqual(expect.arrayContaining(['parse', 'handler', 'respond']))
    // what the action read or answered is never exported
    expect(receiver.bodies.join('')).not.toContain('grace-token')
  })

  it.runIf(serverBuilt())('prints each span with PLAYGROUND_TRACING=console, and nothing with no tracing variable', async () => {
    const traced = await startPlayground({ PLAYGROUND_TRACING: 'console' })
    const quiet = await startPlayground({})
    for (const app of [traced, quiet]) {
      expect((await fetch(`${app.baseURL}/api/todos`, { headers: { authorization: 'Bearer grace-token' } })).status).toBe(200)
    }
    await until(() => /name: 'GET \/api\/todos'/.test(traced.log!()) || undefined, 'printed span', traced.log!)
    await new Promise(resolve => setTimeout(resolve, 500))
    expect(quiet.log!()).not.toMatch(/traceId/)
  })
})
