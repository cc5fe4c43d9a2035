// A streaming action as the trace hears it, on both h3 majors over real HTTP: each event and the end reach
// the trace's `streamed`, `finish` comes once when the stream ends, and the OpenTelemetry action span ends
// with it, counting the events and marking a stream that ended in a server fault.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node'
import { SpanStatusCode } from '@opentelemetry/api'
import { LIFECYCLE_TRACE, setLifecycleTracer } from '../../src/runtime/server/tracing/lifecycle-trace'
import type { LifecycleTrace } from '../../src/runtime/server/tracing/lifecycle-trace'
import { createOtelTracer } from '../../src/runtime/server/tracing/otel-trace'
import { teeTraces } from '../../src/runtime/server/tracing/internal/tee-traces'
import type { TestServer } from '../helpers/serve'
import type { AnyHandler } from '../helpers/hosts'
import { hosts } from '../helpers/hosts'

const exporter = new InMemorySpanExporter()
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })

/** What the lifecycle told the recorded trace of the last request, in order. */
let heard: string[] = []

/** A trace as the dev recorder's would be given it, noting each `streamed` and `finish` call. */
function listeningTrace(): LifecycleTrace {
  return {
    start: () => {},
    step: () => {},
    beginSpan: step => ({ step, start: 0, duration: 0 }),
    endSpan: () => {},
    within: (_timing, run, arg) => run(arg),
    timeHandler: run => run(),
    fail: () => {},
    streamed: (kind, data) => void heard.push(`${kind} ${data}`),
    finish: (status, code) => {
      heard.push(`finish ${status}${code ? ` ${code}` : ''}`)
      return undefined
    },
  }
}

beforeAll(() => {
  provider.register()
  setLifecycleTracer((event, host, recorded) => {
    const otel = createOtelTracer()(event, host, undefined)
    return recorded ? teeTraces(recorded, otel) : otel
  })
})
afterAll(async () => {
  setLifecycleTracer(undefined)
  await provider.shutdown()
})
afterEach(() => {
  exporter.reset()
  heard = []
})

describe.each(hosts)('a streamed request\'s trace on $name', (host) => {
  let server: TestServer

  /** The action, each request marked as the dev recorder marks it. */
  const recorded = (action: AnyHandler): AnyHandler => host.plainHandler((event) => {
    ;(event.context as Record<symbol, unknown>)[LIFECYCLE_TRACE] = listeningTrace()
    return action(event)
  })

  beforeAll(async () => {
    server = await host.serve({
      '/tokens': recorded(host.defineAction({
        async* handler() {
          yield 'a'
          yield 'b'
          return 2
        },
      }) as AnyHandler),
      '/breaks': recorded(host.defineAction({
        async* handler() {
          yield 'a'
          throw new Error('lost the model')
        },
      }) as AnyHandler),
    })
  })
  afterAll(() => server.close())

  it('hears each event and the end, then finishes once, and the span counts the events', async () => {
    const text = await (await fetch(`${server.url}/tokens`)).text()
    expect(text).toContain('event: end')
    expect(heard).toEqual(['event "a"', 'event "b"', 'end {"success":true,"data":2}', 'finish 200'])
    const action = exporter.getFinishedSpans().find(span => span.name === 'GET /tokens')!
    expect(action.attributes['action_route.stream.events']).toBe(2)
    expect(action.status.code).not.toBe(SpanStatusCode.ERROR)
    const spans = exporter.getFinishedSpans()
    const handler = spans.find(span => span.name === 'handler' && span.parentSpanContext?.spanId === action.spanContext().spanId)!
    const respond = spans.find(span => span.name === 'respond' && span.spanContext().traceId === action.spanContext().traceId)!
    // the handler's span covers the whole stream: it ends after the answer began, with the last event
    const nanos = (time: [number, number]) => time[0] * 1e9 + time[1]
    expect(nanos(handler.endTime)).toBeGreaterThanOrEqual(nanos(respond.startTime))
  })

  it('finishes a stream that failed after its first event with the end envelope\'s code, as a server fault', async () => {
    await (await fetch(`${server.url}/breaks`)).text()
    expect(heard.at(-1)).toBe('finish 200 INTERNAL_ERROR')
    const action = exporter.getFinishedSpans().find(span => span.name === 'GET /breaks')!
    expect(action.attributes).toMatchObject({ 'action_route.stream.events': 1, 'action_route.code': 'INTERNAL_ERROR' })
    expect(action.status.code).toBe(SpanStatusCode.ERROR)
    expect(action.events.some(event => event.name === 'exception')).toBe(true)
  })
})

describe.each(hosts)('a stream\'s spans where the platform ends a request with its answer (Workers), on $name', (host) => {
  let server: TestServer
  /** What the action handed the platform's `waitUntil`. */
  let kept: Promise<unknown>[] = []
  /** For each flush, whether the stream's action span had ended by then. */
  let flushes: boolean[] = []

  /** Marks each request as a Worker's: Nitro 2 puts the platform's `waitUntil` on the context, Nitro 3 on the request. */
  const onWorker = (action: AnyHandler): AnyHandler => host.plainHandler((event) => {
    const waitUntil = (promise: Promise<unknown>) => void kept.push(promise)
    if (host.name === 'h3 v1') event.context.waitUntil = waitUntil
    else {
      Object.defineProperty(event.req, 'waitUntil', { value: waitUntil, configurable: true })
      // srvx's Node request keeps its Node objects under `runtime`, which the answer still needs
      Object.defineProperty(event.req, 'runtime', { value: { ...event.req.runtime, name: 'cloudflare' }, configurable: true })
    }
    return action(event)
  })
  const tokens = () => host.defineAction({
    async* handler() {
      yield 'a'
      await new Promise(resolve => setTimeout(resolve, 50))
      yield 'b'
    },
  }) as AnyHandler

  beforeAll(async () => {
    setLifecycleTracer(createOtelTracer(undefined, async () => {
      flushes.push(exporter.getFinishedSpans().some(span => span.name.endsWith('/tokens')))
    }))
    server = await host.serve({ '/worker/tokens': onWorker(tokens()), '/node/tokens': tokens() })
  })
  afterAll(async () => {
    await server.close()
    setLifecycleTracer((event, eventHost, recorded) => {
      const otel = createOtelTracer()(event, eventHost, undefined)
      return recorded ? teeTraces(recorded, otel) : otel
    })
  })
  afterEach(() => {
    kept = []
    flushes = []
  })

  it('keeps the request open until the stream has ended and the provider has flushed its spans', async () => {
    const response = await fetch(`${server.url}/worker/tokens`)
    // handed over before the answer started, while the platform still takes it
    expect(kept).toHaveLength(1)
    expect(flushes).toEqual([])
    expect(await response.text()).toContain('event: end')
    await kept[0]
    expect(flushes).toEqual([true])
  })

  it('keeps a stream its client left open until its spans are flushed too', async () => {
    const controller = new AbortController()
    const response = await fetch(`${server.url}/worker/tokens`, { signal: controller.signal })
    await response.body!.getReader().read()
    controller.abort()
    await kept[0]
    expect(flushes).toEqual([true])
  })

  it('hands nothing over and flushes nothing on a server that outlives its requests', async () => {
    expect(await (await fetch(`${server.url}/node/tokens`)).text()).toContain('event: end')
    expect(kept).toEqual([])
    expect(flushes).toEqual([])
  })
})
