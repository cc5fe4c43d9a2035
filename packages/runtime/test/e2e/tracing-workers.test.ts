import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { OtlpReceiver, ReceivedSpan } from '../tracing/otlp-receiver'
import { startOtlpReceiver } from '../tracing/otlp-receiver'

// Each action's request as OpenTelemetry spans on Cloudflare Workers. scripts/workers.mjs builds the fixture with
// `tracing` on and an SDK (server/tracing/otel-sdk.ts: AsyncLocalStorage context, the OTLP/HTTP exporter posting with
// fetch) that exports to ACTION_ROUTE_FIXTURE_OTLP_ENDPOINT, where this file starts a receiver; workerd serves the
// Worker. No HTTP instrumentation runs there, so the action's span is the request's SERVER span, continuing the
// caller's `traceparent`. The Node run builds the fixture without tracing, and skips this file.
const endpoint = process.env.ACTION_ROUTE_FIXTURE_OTLP_ENDPOINT
const runs = process.env.E2E_TARGET === 'workers' && endpoint !== undefined
const baseURL = inject('baseURL')
const SPAN_KIND = { INTERNAL: 1, SERVER: 2 }
const STATUS_ERROR = 2
const STEP_NAMES = new Set(['parse', 'validate', 'handler', 'output', 'respond'])

describe.runIf(runs)('action tracing on workerd, exported over OTLP/HTTP with fetch', () => {
  let receiver: OtlpReceiver

  beforeAll(async () => {
    receiver = await startOtlpReceiver(Number(new URL(endpoint!).port))
  })
  afterAll(() => receiver?.close())

  /**
   * Sends a request in a trace of its own; answers its status, body (read by `read`, JSON by default), the caller's
   * span id and the trace's spans once the action's has arrived.
   */
  async function traced(path: string, init: RequestInit = {}, read: (response: Response) => Promise<unknown> = response => response.json()) {
    const traceId = randomBytes(16).toString('hex')
    const callerSpanId = randomBytes(8).toString('hex')
    const response = await fetch(`${baseURL}${path}`, { ...init, headers: { ...init.headers, traceparent: `00-${traceId}-${callerSpanId}-01` } })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body: any = await read(response)
    // the action's span ends last (after respond); the app flushes the batch it is in at the answer's end
    const spans = await new Promise<ReceivedSpan[]>((resolve, reject) => {
      const deadline = Date.now() + 10_000
      const poll = () => {
        const inTrace = receiver.spans.filter(span => span.traceId === traceId)
        if (inTrace.some(span => span.kind === SPAN_KIND.SERVER)) return resolve(inTrace)
        if (Date.now() > deadline) return reject(new Error(`no action span for ${path}; got ${inTrace.map(span => span.name).join(', ') || 'nothing'}`))
        setTimeout(poll, 20)
      }
      poll()
    })
    const byName = (name: string) => {
      const found = spans.filter(span => span.name === name)
      expect(found, name).toHaveLength(1)
      return found[0]!
    }
    const parentOf = (name: string) => spans.find(span => span.spanId === byName(name).parentSpanId)?.name
    return { status: response.status, body, callerSpanId, spans, byName, parentOf }
  }

  it('makes the action the request\'s SERVER span, continuing the caller\'s traceparent, with a child per step', async () => {
    const { status, body, callerSpanId, spans, byName, parentOf } = await traced('/api/todos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'traced-title-secret' }),
    })
    expect(status).toBe(201)
    expect(body.data.title).toBe('traced-title-secret')

    const action = byName('POST /api/todos')
    expect(action.kind).toBe(SPAN_KIND.SERVER)
    expect(action.scope).toBe('@action-route/runtime')
    expect(action.parentSpanId).toBe(callerSpanId)
    expect(action.attributes).toEqual({
      'http.request.method': 'POST',
      'http.route': '/api/todos',
      'url.path': '/api/todos',
      'http.response.status_code': 201,
    })
    expect(action.events).toEqual([])
    expect(action.status.code ?? 0).not.toBe(STATUS_ERROR)
    expect(spans.map(span => span.name).sort()).toEqual(['POST /api/todos', 'handler', 'output', 'parse', 'respond', 'validate'])
    for (const step of STEP_NAMES) {
      expect(parentOf(step), step).toBe('POST /api/todos')
      expect(byName(step).kind, step).toBe(SPAN_KIND.INTERNAL)
    }
    const startOf = (name: string) => BigInt(byName(name).startTimeUnixNano)
    const order = ['parse', 'validate', 'handler', 'output', 'respond']
    for (let i = 1; i < order.length; i++) expect(startOf(order[i]!) >= startOf(order[i - 1]!), order[i]).toBe(true)
    // input and output values never reach a span
    expect(receiver.bodies.join('\n')).not.toContain('traced-title-secret')
  })

  it('nests the handler inside its middleware\'s span', async () => {
    const { status, parentOf } = await traced('/api/middleware/role', { headers: { 'x-role': 'admin' } })
    expect(status).toBe(200)
    expect(parentOf('middleware requireRole')).toBe('GET /api/middleware/role')
    expect(parentOf('handler')).toBe('middleware requireRole')
  })

  it('marks a refusal with its code only: a 4xx records no exception and no error status', async () => {
    const { status, byName } = await traced('/api/middleware/role', { headers: { 'x-role': 'guest' } })
    expect(status).toBe(403)
    const action = byName('GET /api/middleware/role')
    expect(action.attributes).toMatchObject({ 'http.response.status_code': 403, 'action_route.code': 'FORBIDDEN' })
    expect(action.attributes['error.type']).toBeUndefined()
    expect(action.events).toEqual([])
    expect(action.status.code ?? 0).not.toBe(STATUS_ERROR)
  })

  it('records the exception of an unexpected error on the action span, with status ERROR and the envelope\'s code', async () => {
    const { status, body, byName } = await traced('/api/errors/error')
    expect(status).toBe(500)
    expect(body.error.code).toBe('INTERNAL_ERROR')
    const action = byName('GET /api/errors/:kind')
    expect(action.attributes).toMatchObject({
      'url.path': '/api/errors/error',
      'http.response.status_code': 500,
      'action_route.code': 'INTERNAL_ERROR',
      'error.type': 'INTERNAL_ERROR',
    })
    expect(action.status.code).toBe(STATUS_ERROR)
    expect(action.events).toHaveLength(1)
    expect(action.events[0]).toMatchObject({ name: 'exception', attributes: { 'exception.type': 'Error', 'exception.message': 'SELECT * FROM users -- password=hunter2' } })
    expect(action.events[0]!.attributes['exception.stacktrace']).toContain('Error')
  })

  const post = (input: Record<string, unknown>) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) })

  // a stream's spans end with the stream, after the app's response hook handed its flush to waitUntil: the module
  // keeps the Worker's request open (waitUntil) until they are ended and flushed, or workerd cancels their export
  it('exports a streamed answer\'s spans once the stream has ended, the action\'s counting its events', async () => {
    const { status, body, spans, byName } = await traced('/api/stream/tokens', post({ run: randomBytes(8).toString('hex'), count: 5, delayMs: 150 }), response => response.text())
    expect(status).toBe(200)
    expect(body).toContain('event: end')
    const action = byName('POST /api/stream/tokens')
    expect(action.kind).toBe(SPAN_KIND.SERVER)
    expect(action.attributes).toMatchObject({ 'http.response.status_code': 200, 'action_route.stream.events': 5 })
    // the action's span ends last, when the stream does: its end is after the last event's delay
    expect(BigInt(action.endTimeUnixNano) - BigInt(action.startTimeUnixNano) >= 700_000_000n).toBe(true)
    expect(spans.map(span => span.name)).toContain('respond')
  })

  it('exports the spans of a stream its client left half-way, once the Worker hears it left', async () => {
    const controller = new AbortController()
    const leaveAfterTwoEvents = async (response: Response) => {
      const reader = response.body!.getReader()
      let text = ''
      while ((text.match(/^data: /gm) ?? []).length < 2) text += new TextDecoder().decode((await reader.read()).value)
      controller.abort()
      return text
    }
    const init = { ...post({ run: randomBytes(8).toString('hex'), count: 40, delayMs: 100 }), signal: controller.signal }
    const { status, byName } = await traced('/api/stream/tokens', init, leaveAfterTwoEvents)
    expect(status).toBe(200)
    const action = byName('POST /api/stream/tokens')
    expect(action.attributes['action_route.stream.events']).toBeLessThan(40)
    expect(action.attributes['action_route.code']).toBeUndefined()
  })
})
