import type { Context, Exception, Span, TextMapGetter, Tracer, TracerProvider } from '@opentelemetry/api'
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { LifecycleStep, LifecycleTiming } from '@action-route/devtools/types'
import type { ActionHost } from '../lifecycle/action-host'
import type { LifecycleTrace, LifecycleTracer } from './lifecycle-trace'
import { teeTraces } from './internal/tee-traces'

/** A span begun for a middleware or the handler, and the context its children start in. */
interface OpenSpan extends LifecycleTiming {
  span: Span
  context: Context
}

/** Reads a request header for the app's propagator (W3C `traceparent` by default), when no span is active. */
const headerGetter: TextMapGetter<{ event: unknown, host: ActionHost<unknown> }> = {
  keys: () => [],
  get: ({ event, host }, key) => host.header(event, key.toLowerCase()),
}

/**
 * One action's request as OpenTelemetry spans: the action's span, named
 * `METHOD /route/:pattern`, and a child per step (parse, validate,
 * `middleware <name>`, handler, output, respond), each middleware's span
 * holding the rest of the chain. The action's span is a child of the span
 * active when the action starts (the HTTP server span of the app's
 * instrumentation), kind INTERNAL; with none active it is the request's
 * SERVER span, continuing the caller's trace from its headers. Attributes
 * follow the HTTP semantic conventions, plus `action_route.code` for an error
 * answer; input and output values are never read. A 5xx answer sets the
 * status ERROR with `error.type` (the envelope's code) and records what was
 * thrown; a 4xx answer is the client's, as the conventions say of server spans.
 */
class OtelActionTrace<TEvent> implements LifecycleTrace {
  private root!: Span
  private rootContext!: Context
  private running: Span | undefined
  private readonly open: OpenSpan[] = []
  private thrown: unknown
  private failed = false
  /** A stream's events so far; `undefined` for an answer that did not stream. */
  private events: number | undefined
  /** The status of the error a stream ended with, read from its `end` envelope. */
  private endStatus: number | undefined
  /** Settles what a stream handed the platform's `waitUntil`, once the action's span has ended. */
  private ended: (() => void) | undefined

  constructor(
    private readonly tracer: Tracer,
    private readonly flush: () => Promise<void>,
    private readonly event: TEvent,
    private readonly host: ActionHost<TEvent>,
  ) {}

  start(): void {
    const { event, host } = this
    let parent = context.active()
    const local = trace.getSpan(parent) !== undefined
    if (!local) parent = propagation.extract(parent, { event, host: host as ActionHost<unknown> }, headerGetter)
    const method = host.method(event)
    const route = host.route(event)
    this.root = this.tracer.startSpan(`${method} ${route}`, {
      kind: local ? SpanKind.INTERNAL : SpanKind.SERVER,
      attributes: { 'http.request.method': method, 'http.route': route, 'url.path': host.path(event) },
    }, parent)
    this.rootContext = trace.setSpan(parent, this.root)
  }

  step(step?: LifecycleStep): void {
    this.running?.end()
    this.running = step === undefined ? undefined : this.tracer.startSpan(step, undefined, this.rootContext)
  }

  beginSpan(step: LifecycleStep, name?: string): LifecycleTiming {
    // `middleware auth`; an unnamed one is already `middleware #2`
    return this.openSpan(step, name === undefined ? step : name.startsWith(`${step} `) ? name : `${step} ${name}`)
  }

  endSpan(timing: LifecycleTiming): void {
    const index = this.open.indexOf(timing as OpenSpan)
    if (index === -1) return
    this.open.splice(index, 1)
    ;(timing as OpenSpan).span.end()
  }

  within<TArg, TResult>(timing: LifecycleTiming, run: (arg: TArg) => TResult, arg: TArg): TResult {
    return context.with((timing as OpenSpan).context, run, undefined, arg)
  }

  timeHandler(run: () => unknown): unknown {
    const timing = this.openSpan('handler', 'handler')
    const end = () => this.endSpan(timing)
    let result: unknown
    try {
      result = context.with(timing.context, run)
    }
    catch (error) {
      end()
      throw error
    }
    if (!(result instanceof Promise)) {
      end()
      return result
    }
    return result.finally(end)
  }

  fail(thrown: unknown): void {
    this.failed = true
    this.thrown = thrown
  }

  streamed(kind: 'event' | 'end', data: string): void {
    if (kind === 'event') {
      this.events = (this.events ?? 0) + 1
      return
    }
    this.events ??= 0
    // a failure's status (500 for INTERNAL_ERROR) says whether the stream ended in a server fault
    if (data.startsWith('{"success":false')) this.endStatus = (JSON.parse(data) as { error: { statusCode: number } }).error.statusCode
  }

  /**
   * A stream's spans end with the stream, after the app's end-of-answer hook flushed the provider: where the
   * platform ends a request's work with its answer (Workers), its `waitUntil` keeps the request alive until the
   * action's span has ended and the provider has flushed.
   */
  streaming(): void {
    const keepAlive = this.host.platformWaitUntil?.(this.event)
    if (!keepAlive) return
    const ended = new Promise<void>((resolve) => {
      this.ended = resolve
    })
    keepAlive(ended.then(this.flush).catch(ignore))
  }

  finish(status: number, code?: string): undefined {
    this.step()
    const root = this.root
    root.setAttribute('http.response.status_code', status)
    if (code !== undefined) root.setAttribute('action_route.code', code)
    if (this.events !== undefined) root.setAttribute('action_route.stream.events', this.events)
    if (status >= 500 || (this.endStatus ?? 0) >= 500) {
      root.setAttribute('error.type', code ?? String(status))
      if (this.failed) root.recordException(asException(this.thrown))
      root.setStatus({ code: SpanStatusCode.ERROR })
    }
    root.end()
    this.ended?.()
    return undefined
  }

  /** A span under the innermost one still open (a middleware's), else under the action's. */
  private openSpan(step: LifecycleStep, name: string): OpenSpan {
    const parent = this.open.at(-1)?.context ?? this.rootContext
    const span = this.tracer.startSpan(name, undefined, parent)
    const timing: OpenSpan = { step, start: 0, duration: 0, span, context: trace.setSpan(parent, span) }
    this.open.push(timing)
    return timing
  }
}

/**
 * Sends what the app's tracer provider holds (the SDK's `forceFlush`, through the API's proxy to it), and resolves
 * once it is exported; at once for a provider without one (the API's no-op).
 */
function flushTracerProvider(): Promise<void> {
  let provider = trace.getTracerProvider() as TracerProvider & { getDelegate?: () => TracerProvider }
  if (typeof provider.getDelegate === 'function') provider = provider.getDelegate()
  const flushable = provider as { forceFlush?: () => Promise<unknown> }
  return typeof flushable.forceFlush === 'function' ? flushable.forceFlush().then(ignore) : Promise.resolve()
}

function ignore() {}

/** What `recordException` takes: an Error or a string as they are; anything else by its type only. */
function asException(thrown: unknown): Exception {
  if (thrown instanceof Error || typeof thrown === 'string') return thrown
  return { name: typeof thrown, message: 'A non-Error value was thrown in an action' }
}

/**
 * The tracer the Nuxt module's tracing plugin sets: each action's request as
 * OpenTelemetry spans of the app's tracer provider (none registered: the
 * API's no-op spans). With the dev recorder on the same request, both get
 * the same steps. `flush` (the provider's `forceFlush` by default) runs when
 * a stream ends on a platform that ends a request with its answer (Workers),
 * inside that request's `waitUntil`. Without a `tracer`, it asks the API for one
 * at each request, so a provider an app's Nitro plugin registers after this
 * plugin is used (on Node, the API's ES module copy would keep a no-op proxy).
 * @example
 * setLifecycleTracer(createOtelTracer())
 */
export function createOtelTracer(tracer?: Tracer, flush: () => Promise<void> = flushTracerProvider): LifecycleTracer {
  return (event, host, recorded) => {
    const otel = new OtelActionTrace(tracer ?? trace.getTracer('@action-route/runtime'), flush, event, host)
    return recorded ? teeTraces(recorded, otel) : otel
  }
}
