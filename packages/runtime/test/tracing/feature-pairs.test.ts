// Tracing meets the other production features, in a production build of fixtures/tracing whose server runs with a
// real OpenTelemetry SDK (otel-setup.mjs) exporting over OTLP/HTTP to a receiver this test starts: an idempotent
// replay, a rate limit's 429, a declared error, a mutation's single flight, a query run during SSR and a form posted
// without JavaScript, each as its spans show it.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuiltApp } from '../helpers/built-app'
import { startBuiltServer } from '../helpers/built-app'
import type { OtlpReceiver, ReceivedSpan } from './otlp-receiver'
import { startOtlpReceiver } from './otlp-receiver'

const appDir = fileURLToPath(new URL('../fixtures/tracing', import.meta.url))
const setupFile = fileURLToPath(new URL('./otel-setup.mjs', import.meta.url))
const SPAN_KIND = { SERVER: 2 }
const STATUS_ERROR = 2
const RUNTIME = '@action-route/runtime'

let receiver: OtlpReceiver
let app: BuiltApp

beforeAll(async () => {
  // the build with tracing on, made once for the project by global-setup.ts
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

/** Sends a request in a trace of its own; answers its status, headers and body, and the trace's spans once the HTTP server's has arrived. */
async function traced(path: string, init: RequestInit = {}) {
  const traceId = randomBytes(16).toString('hex')
  const response = await fetch(`${app.baseURL}${path}`, { redirect: 'manual', ...init, headers: { ...init.headers, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } })
  // a page answers HTML
  const body = /json/.test(response.headers.get('content-type') ?? '') ? await response.json() : await response.text()
  // the HTTP server span ends last, once the answer is written; with SimpleSpanProcessor each span is sent as it ends
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
  const ours = () => spans.filter(span => span.scope === RUNTIME).map(span => span.name).sort()
  return { status: response.status, headers: response.headers, body, spans, byName, ours }
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  traced(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

/** The spans whose parent is `parent`, by name, sorted. */
const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) => spans.filter(span => span.parentSpanId === parent.spanId).map(span => span.name).sort()

describe('tracing with the other production features', () => {
  it('idempotency: a replayed answer has its status on the span but no action_route.code, and no handler span', async () => {
    const key = `"traced-${randomBytes(6).toString('hex')}"`
    const first = await postJson('/api/pairs/orders', { item: 'sold-out' }, { 'idempotency-key': key })
    expect(first.status).toBe(409)
    expect(first.byName('POST /api/pairs/orders').attributes).toMatchObject({ 'http.response.status_code': 409, 'action_route.code': 'SOLD_OUT' })
    expect(first.ours()).toEqual(['POST /api/pairs/orders', 'handler', 'middleware idempotent', 'parse', 'respond', 'validate'])

    const replay = await postJson('/api/pairs/orders', { item: 'sold-out' }, { 'idempotency-key': key })
    expect(replay.status).toBe(409)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    const action = replay.byName('POST /api/pairs/orders')
    expect(action.attributes['http.response.status_code']).toBe(409)
    expect(action.attributes['action_route.code']).toBeUndefined()
    expect(action.attributes['error.type']).toBeUndefined()
    expect(action.events).toEqual([])
    expect(action.status.code ?? 0).not.toBe(STATUS_ERROR)
    // nothing ran past idempotent(): its span, then the stored answer sent
    expect(replay.ours()).toEqual(['POST /api/pairs/orders', 'middleware idempotent', 'parse', 'respond', 'validate'])
  })

  it('rate limits: a 429 is the client\'s: RATE_LIMITED on the span, no exception, no error status, no handler span', async () => {
    expect((await traced('/api/pairs/limited')).status).toBe(200)
    const refused = await traced('/api/pairs/limited')
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('RATE_LIMITED')
    const action = refused.byName('GET /api/pairs/limited')
    expect(action.attributes).toMatchObject({ 'http.response.status_code': 429, 'action_route.code': 'RATE_LIMITED' })
    expect(action.attributes['error.type']).toBeUndefined()
    expect(action.events).toEqual([])
    expect(action.status.code ?? 0).not.toBe(STATUS_ERROR)
    expect(refused.ours()).toEqual(['GET /api/pairs/limited', 'middleware rateLimit(traced)', 'parse', 'respond', 'validate'])
  })

  it('declared errors: a declared 4xx marks the span with its code only: no exception, no error status', async () => {
    const { status, body, byName } = await traced('/api/pairs/declared')
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'No such note', statusCode: 404 } })
    const action = byName('GET /api/pairs/declared')
    expect(action.attributes).toMatchObject({ 'http.response.status_code': 404, 'action_route.code': 'NOT_FOUND' })
    expect(action.attributes['error.type']).toBeUndefined()
    expect(action.events).toEqual([])
    expect(action.status.code ?? 0).not.toBe(STATUS_ERROR)
  })

  it('single flight: the refreshed GET is an action span of its own in the mutation\'s trace, run while the mutation\'s respond span is open', async () => {
    const { body, spans, byName } = await postJson('/api/pairs/notes', {}, { 'x-action-refresh': JSON.stringify(['/api/pairs/notes']) })
    expect(body).toEqual({ success: true, data: { added: true }, refreshed: { '/api/pairs/notes': { success: true, data: ['first note'] } } })
    const server = spans.find(span => span.kind === SPAN_KIND.SERVER)!
    const mutation = byName('POST /api/pairs/notes')
    const query = byName('GET /api/pairs/notes')
    expect(query.attributes).toEqual({ 'http.request.method': 'GET', 'http.route': '/api/pairs/notes', 'url.path': '/api/pairs/notes', 'http.response.status_code': 200 })
    // each with its own steps; the in-process GET is no HTTP request, so it hangs under the span active then, the server's
    expect(childrenOf(spans, mutation)).toEqual(['handler', 'parse', 'respond', 'validate'])
    expect(childrenOf(spans, query)).toEqual(['handler', 'parse', 'respond', 'validate'])
    expect(mutation.parentSpanId).toBe(server.spanId)
    expect(query.parentSpanId).toBe(server.spanId)
    // the mutation's respond span holds the query's whole run: it ends once the fresh data is in the answer
    const respond = spans.find(span => span.name === 'respond' && span.parentSpanId === mutation.spanId)!
    expect(BigInt(query.startTimeUnixNano) >= BigInt(respond.startTimeUnixNano)).toBe(true)
    expect(BigInt(respond.endTimeUnixNano) >= BigInt(query.endTimeUnixNano)).toBe(true)
  })

  it('SSR: a query run while the page renders is an action span in the page\'s trace, under its HTTP server span, with its own steps', async () => {
    const { status, body, spans, byName, ours } = await traced('/ssr')
    expect(status).toBe(200)
    expect(body).toContain('first note')
    const server = spans.find(span => span.kind === SPAN_KIND.SERVER)!
    const query = byName('GET /api/pairs/notes')
    expect(query.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/api/pairs/notes', 'http.response.status_code': 200 })
    // the in-process call is no HTTP request of its own: one server span, the page's, holds the action's
    expect(spans.filter(span => span.kind === SPAN_KIND.SERVER)).toHaveLength(1)
    expect(query.parentSpanId).toBe(server.spanId)
    expect(childrenOf(spans, query)).toEqual(['handler', 'parse', 'respond', 'validate'])
    expect(ours()).toEqual(['GET /api/pairs/notes', 'handler', 'parse', 'respond', 'validate'])
  })

  it('forms without JavaScript: the posted action is an action span in the post\'s trace: a field error with its 422 and code, a success with its 200 under the 303', async () => {
    const post = (name: string) => traced('/form?__action=/api/pairs/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'origin': app.baseURL },
      body: new URLSearchParams({ name }).toString(),
    })
    const refused = await post('A')
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('At least 2 letters')
    const failed = refused.byName('POST /api/pairs/signup')
    expect(failed.attributes).toMatchObject({ 'http.response.status_code': 422, 'action_route.code': 'VALIDATION_ERROR' })
    expect(failed.status.code ?? 0).not.toBe(STATUS_ERROR)
    expect(failed.parentSpanId).toBe(refused.spans.find(span => span.kind === SPAN_KIND.SERVER)!.spanId)
    // refused by its input schema: no handler ran
    expect(refused.ours()).toEqual(['POST /api/pairs/signup', 'parse', 'respond', 'validate'])

    const signedUp = await post('Ada')
    expect(signedUp.status).toBe(303)
    const action = signedUp.byName('POST /api/pairs/signup')
    expect(action.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/api/pairs/signup', 'http.response.status_code': 200 })
    expect(action.attributes['action_route.code']).toBeUndefined()
    expect(signedUp.spans.filter(span => span.kind === SPAN_KIND.SERVER)).toHaveLength(1)
    expect(childrenOf(signedUp.spans, action)).toEqual(['handler', 'parse', 'respond', 'validate'])
  })
})
