// Each action's request as OpenTelemetry spans, in a production build (fixtures/tracing, `tracing: true`) whose server
// runs with a real SDK (otel-setup.mjs: Node's HTTP server instrumented, spans exported over OTLP/HTTP as they end)
// to a receiver this test starts on 127.0.0.1. Each request sends a `traceparent`, so its spans are found by trace id.
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { BuiltApp } from '../helpers/built-app'
import { startBuiltServer } from '../helpers/built-app'
import type { OtlpReceiver, ReceivedSpan } from './otlp-receiver'
import { startOtlpReceiver } from './otlp-receiver'

const appDir = fileURLToPath(new URL('../fixtures/tracing', import.meta.url))
const setupFile = fileURLToPath(new URL('./otel-setup.mjs', import.meta.url))
const SPAN_KIND = { INTERNAL: 1, SERVER: 2 }
const STATUS_ERROR = 2

/** The text of every file the build wrote for the server, its traced node_modules aside. */
function serverCode(): string {
  const serverDir = inject('tracingOffServerDir')
  return readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
    .filter(file => /\.m?js$/.test(file) && !file.startsWith('node_modules'))
    .map(file => readFileSync(join(serverDir, file), 'utf8'))
    .join('\n')
}

// both builds are made once for the project by global-setup.ts
describe('a production build with tracing off', () => {
  it('holds no tracing code: no tracer, no spans, no channel, and the lifecycle\'s trace lookups reduced to `return undefined`', () => {
    const code = serverCode()
    // the lifecycle is in the build (the fixture's actions)...
    expect(code).toContain('OUTPUT_VALIDATION_ERROR')
    // ...but not the tracer the module adds with tracing on, nor where a request keeps its trace
    for (const traceCode of ['getTracer("@action-route/runtime")', 'action_route.code', 'recordException', 'action-route.action', 'action-route.active-trace', 'actionRouteTracing']) {
      expect(code, traceCode).not.toContain(traceCode)
    }
    // the lookups the steps call are folded to nothing (Rollup keeps their call sites, which answer undefined)
    expect(code).toMatch(/function traceOf\(event, host\) \{\s*return (?:void 0|undefined);?\s*\}/)
    expect(code).toMatch(/function startTrace\(event, host\) \{\s*return (?:void 0|undefined);?\s*\}/)
  })
})

describe('each action as a span tree, exported over OTLP/HTTP', () => {
  let receiver: OtlpReceiver
  let app: BuiltApp

  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    app = await startBuiltServer(join(appDir, '.output'), process.execPath, '/api/ping', {
      cwd: appDir,
      env: { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: `--import ${setupFile}`, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.endpoint },
    })
  })
  afterAll(async () => {
    await app?.close()
    await receiver?.close()
  })

  /** Sends a request in a trace of its own; answers its status and body, and the trace's spans once the HTTP server's has arrived. */
  async function traced(path: string, init: RequestInit = {}) {
    const traceId = randomBytes(16).toString('hex')
    const response = await fetch(`${app.baseURL}${path}`, { ...init, headers: { ...init.headers, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } })
    const text = await response.text()
    const body = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
    // the HTTP server's span ends last, once the answer is written; with SimpleSpanProcessor each span is sent as it ends
    const spans = await new Promise<ReceivedSpan[]>((resolve, reject) => {
      const deadline = Date.now() + 10_000
      const poll = () => {
        const inTrace = receiver.spans.filter(span => span.traceId === traceId)
        if (inTrace.some(span => span.kind === SPAN_KIND.SERVER && span.scope.includes('instrumentation-http'))) return resolve(inTrace)
        if (Date.now() > deadline) return reject(new Error(`no HTTP server span for ${path}; got ${inTrace.map(span => span.name).join(', ')}`))
        setTimeout(poll, 20)
      }
      poll()
    })
    const byName = (name: string) => {
      const found = spans.filter(span => span.name === name)
      expect(found, name).toHaveLength(1)
      return found[0]!
    }
    return { status: response.status, body, spans, byName }
  }

  it('makes the action a span named after its method and route, under the HTTP server span, with a child per step', async () => {
    const { status, body, spans, byName } = await traced('/api/todos/5', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'milk', secret: 'input-secret-hunter2' }),
    })
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, data: { id: 5, title: 'milk' } })

    const server = spans.find(span => span.kind === SPAN_KIND.SERVER)!
    const action = byName('POST /api/todos/:id')
    expect(action.kind).toBe(SPAN_KIND.INTERNAL)
    expect(action.scope).toBe('@action-route/runtime')
    expect(action.parentSpanId).toBe(server.spanId)
    expect(action.attributes).toEqual({
      'http.request.method': 'POST',
      'http.route': '/api/todos/:id',
      'url.path': '/api/todos/5',
      'http.response.status_code': 200,
    })
    expect(action.events).toEqual([])
    expect(action.status.code ?? 0).not.toBe(STATUS_ERROR)

    // the steps: top-level ones under the action, each middleware's span holding the rest of the chain
    const parentOf = (name: string) => spans.find(span => span.spanId === byName(name).parentSpanId)?.name
    expect(parentOf('parse')).toBe('POST /api/todos/:id')
    expect(parentOf('validate')).toBe('POST /api/todos/:id')
    expect(parentOf('middleware auth')).toBe('POST /api/todos/:id')
    expect(parentOf('middleware #2')).toBe('middleware auth')
    expect(parentOf('handler')).toBe('middleware #2')
    expect(parentOf('output')).toBe('POST /api/todos/:id')
    expect(parentOf('respond')).toBe('POST /api/todos/:id')
    // what the handler starts is the handler span's child (the app's own span, from context.active())
    expect(parentOf('load todo')).toBe('handler')
    expect(spans.filter(span => span.scope === '@action-route/runtime').map(span => span.name).sort()).toEqual([
      'POST /api/todos/:id', 'handler', 'middleware #2', 'middleware auth', 'output', 'parse', 'respond', 'validate',
    ])
    // steps follow each other in time: parse, validate, the chain, output, respond
    const startOf = (name: string) => BigInt(byName(name).startTimeUnixNano)
    const order = ['parse', 'validate', 'middleware auth', 'middleware #2', 'handler', 'output', 'respond']
    for (let i = 1; i < order.length; i++) expect(startOf(order[i]!) >= startOf(order[i - 1]!), order[i]).toBe(true)
  })

  it('exports no input or output value: the secret in the input is in no span', async () => {
    await traced('/api/todos/6', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'eggs', secret: 'input-secret-hunter2' }) })
    expect(receiver.bodies.join('\n')).not.toContain('input-secret-hunter2')
    expect(receiver.bodies.join('\n')).not.toContain('eggs')
  })

  it('records the exception of an unexpected error on the action span, with status ERROR and the envelope\'s code', async () => {
    const { status, body, byName } = await traced('/api/fail')
    expect(status).toBe(500)
    expect(body.error.code).toBe('INTERNAL_ERROR')
    const action = byName('GET /api/fail')
    expect(action.attributes).toMatchObject({
      'http.response.status_code': 500,
      'action_route.code': 'INTERNAL_ERROR',
      'error.type': 'INTERNAL_ERROR',
    })
    expect(action.status.code).toBe(STATUS_ERROR)
    expect(action.events).toHaveLength(1)
    expect(action.events[0]).toMatchObject({ name: 'exception', attributes: { 'exception.type': 'TypeError', 'exception.message': 'db password is hunter2' } })
    expect(action.events[0]!.attributes['exception.stacktrace']).toContain('TypeError')
  })

  it('marks an expected refusal with its code only: a 4xx is the client\'s, no exception and no error status', async () => {
    const { status, byName } = await traced('/api/forbidden')
    expect(status).toBe(403)
    const action = byName('GET /api/forbidden')
    expect(action.attributes).toMatchObject({ 'http.response.status_code': 403, 'action_route.code': 'FORBIDDEN' })
    expect(action.attributes['error.type']).toBeUndefined()
    expect(action.events).toEqual([])
    expect(action.status.code ?? 0).not.toBe(STATUS_ERROR)
  })

  it('adds no span to a request that reaches no action', async () => {
    const { spans } = await traced('/not-an-action')
    expect(spans.filter(span => span.scope === '@action-route/runtime')).toEqual([])
  })
})
