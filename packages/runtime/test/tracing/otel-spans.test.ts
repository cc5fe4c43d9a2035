// The OpenTelemetry tracer on both h3 majors, in plain apps (no build): the same span tree as a Nuxt build gets
// (otlp-spans.test.ts), the SERVER span an app without HTTP instrumentation gets, and the dev recorder's waterfall
// and the spans holding the same steps when both trace one request.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node'
import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import { setLifecycleTracer } from '../../src/runtime/server/tracing/lifecycle-trace'
import { createOtelTracer } from '../../src/runtime/server/tracing/otel-trace'
import type { RequestTrace } from '../../src/runtime/devtools/internal/request-trace'
import { traceRequest } from '../../src/runtime/devtools/internal/request-trace'
import type { TestServer } from '../helpers/serve'
import { postJson } from '../helpers/serve'
import type { AnyHandler } from '../helpers/hosts'
import { hosts } from '../helpers/hosts'

const exporter = new InMemorySpanExporter()
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })

beforeAll(() => {
  // the context manager (AsyncLocalStorage) and the global provider, as an app's SDK registers them
  provider.register()
  setLifecycleTracer(createOtelTracer())
})
afterAll(async () => {
  setLifecycleTracer(undefined)
  await provider.shutdown()
})
afterEach(() => exporter.reset())

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c'

function tree(spans: ReadableSpan[]): Record<string, string | undefined> {
  const names = new Map(spans.map(span => [span.spanContext().spanId, span.name]))
  return Object.fromEntries(spans.map(span => [span.name, span.parentSpanContext ? names.get(span.parentSpanContext.spanId) ?? 'remote' : undefined]))
}

describe.each(hosts)('OpenTelemetry spans on $name', (host) => {
  let server: TestServer
  let recorded: RequestTrace | undefined

  beforeAll(async () => {
    const auth = host.defineActionMiddleware('auth', ({ next }) => next({ ctx: { user: 1 } }))
    const todo = host.defineAction({
      input: z.object({ title: z.string() }),
      outputSchema: z.object({ title: z.string() }),
      middleware: [auth, host.defineActionMiddleware(({ next }) => next())],
      handler: async ({ input }) => ({ title: input.title }),
    }) as AnyHandler
    server = await host.serve({
      '/todos/:id': todo,
      '/recorded': host.plainHandler((event) => {
        recorded = traceRequest(event.context)
        return todo(event)
      }),
      '/boom': host.defineAction({
        handler: () => {
          throw new RangeError('out of range')
        },
      }) as AnyHandler,
    })
  })
  afterAll(() => server.close())

  it('makes the action the request\'s SERVER span when no span is active, continuing the caller\'s traceparent', async () => {
    const response = await postJson(`${server.url}/todos/3`, { title: 'secret milk' }, 'POST')
    expect(response.status).toBe(200)
    const spans = exporter.getFinishedSpans()
    expect(tree(spans)).toEqual({
      'POST /todos/:id': undefined,
      'parse': 'POST /todos/:id',
      'validate': 'POST /todos/:id',
      'middleware auth': 'POST /todos/:id',
      'middleware #2': 'middleware auth',
      'handler': 'middleware #2',
      'output': 'POST /todos/:id',
      'respond': 'POST /todos/:id',
    })
    const action = spans.find(span => span.name === 'POST /todos/:id')!
    expect(action.kind).toBe(SpanKind.SERVER)
    expect(action.attributes).toEqual({ 'http.request.method': 'POST', 'http.route': '/todos/:id', 'url.path': '/todos/3', 'http.response.status_code': 200 })
    expect(JSON.stringify(spans.map(span => [span.attributes, span.events]))).not.toContain('milk')

    const withParent = await fetch(`${server.url}/todos/4`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'traceparent': `00-${TRACE_ID}-b7ad6b7169203331-01` },
      body: JSON.stringify({ title: 'x' }),
    })
    expect(withParent.status).toBe(200)
    const continued = exporter.getFinishedSpans().find(span => span.attributes['url.path'] === '/todos/4')!
    expect(continued.spanContext().traceId).toBe(TRACE_ID)
    expect(continued.parentSpanContext?.spanId).toBe('b7ad6b7169203331')
  })

  it('records what an unexpected error threw, with status ERROR', async () => {
    const response = await fetch(`${server.url}/boom`)
    expect(response.status).toBe(500)
    const action = exporter.getFinishedSpans().find(span => span.name === 'GET /boom')!
    expect(action.status.code).toBe(SpanStatusCode.ERROR)
    expect(action.attributes).toMatchObject({ 'action_route.code': 'INTERNAL_ERROR', 'error.type': 'INTERNAL_ERROR', 'http.response.status_code': 500 })
    expect(action.events.map(event => [event.name, event.attributes?.['exception.type'], event.attributes?.['exception.message']]))
      .toEqual([['exception', 'RangeError', 'out of range']])
  })

  it('gives the dev recorder\'s waterfall and the spans the same steps when both trace a request', async () => {
    const response = await postJson(`${server.url}/recorded`, { title: 'x' }, 'POST')
    expect(response.status).toBe(200)
    // the recorder's Server-Timing still goes out
    expect(response.headers.get('server-timing')).toContain('handler')
    const waterfall = recorded!.timings.map(timing => timing.step === 'middleware' ? `middleware ${timing.name?.replace(/^middleware /, '')}` : timing.step)
    const spans = exporter.getFinishedSpans().filter(span => span.name !== 'POST /recorded')
    expect(spans.map(span => span.name).sort()).toEqual([...waterfall].sort())
    expect(waterfall).toEqual(['parse', 'validate', 'middleware auth', 'middleware #2', 'handler', 'output', 'respond'])
  })
})
