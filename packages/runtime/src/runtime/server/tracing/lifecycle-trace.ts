import type { LifecycleStep, LifecycleTiming } from '@action-route/devtools/types'
import type { ActionHost } from '../lifecycle/action-host'

/**
 * The key on `event.context` that asks the lifecycle to time a request. Only
 * the dev request recorder sets it (runtime/devtools/internal/request-trace.ts);
 * a request without it (and without the module's `tracing`) runs no timing code.
 * A registered symbol, so every copy of the runtime in one process agrees on it.
 */
export const LIFECYCLE_TRACE = Symbol.for('action-route.lifecycle-trace')

/**
 * What the lifecycle calls on a traced request: the dev recorder's timings
 * (runtime/devtools/internal/request-trace.ts) and, with the module's
 * `tracing` on, OpenTelemetry spans (otel-trace.ts), or both. Its code lives
 * there, so the core only calls these. Top-level steps (parse, validate,
 * output, respond) follow each other; a middleware and the handler are spans,
 * a middleware's wrapping the rest.
 */
export interface LifecycleTrace {
  /** Sets the origin: the action starts now. */
  start: () => void
  /** Ends the step running (if any) and, when given, starts `step`. */
  step: (step?: LifecycleStep) => void
  /** Starts a span (a middleware); `endSpan` ends it, and the lifecycle adds its `ctxKeys`. */
  beginSpan: (step: LifecycleStep, name?: string) => LifecycleTiming
  /** Ends a span begun with `beginSpan`. */
  endSpan: (timing: LifecycleTiming) => void
  /** Runs a middleware inside the span begun for it, so what it starts (a query, a fetch) is the span's child. */
  within: <TArg, TResult>(timing: LifecycleTiming, run: (arg: TArg) => TResult, arg: TArg) => TResult
  /** Runs the handler in a span that ends when its result settles. */
  timeHandler: (run: () => unknown) => unknown
  /** What was thrown, for an error answer (not called for a refusal nothing threw). */
  fail: (thrown: unknown) => void
  /**
   * Ends the last step and the action, answered with `status` (and the envelope's `code` on failure);
   * gives a `Server-Timing` header value to send, if any.
   */
  finish: (status: number, code?: string) => string | undefined
  /**
   * A stream's progress: called after each event is written (`'event'`, with its JSON) and with the `end`
   * event's envelope JSON (`'end'`). `finish` follows once the stream has ended (with the end envelope's
   * error code on a failure; with no code, and no `'end'`, when the client went away first). Its
   * `Server-Timing` cannot be sent then: the headers are gone.
   */
  streamed?: (kind: 'event' | 'end', data: string) => void
  /**
   * The answer is an event stream, about to start: `finish` comes once it has ended, after the answer started
   * (and after the platform's own end-of-answer hooks ran).
   */
  streaming?: () => void
}

/**
 * Makes the trace of one action's request, given the dev recorder's when it
 * asked for one; the Nuxt module's tracing plugin sets it (`setLifecycleTracer`).
 */
export type LifecycleTracer = <TEvent>(event: TEvent, host: ActionHost<TEvent>, recorded: LifecycleTrace | undefined) => LifecycleTrace

declare global {
  interface ImportMeta {
    /**
     * The Nuxt module's `tracing` option, which Nitro writes into the server code in place of this read
     * (see TRACEABLE below); `undefined` where no build tool replaced it. Declared here, beside its one
     * reader, so every program that compiles this file (an app's typecheck too) knows it.
     */
    actionRouteTracing?: boolean
  }
}

/** Where `startTrace` keeps the request's trace for the steps that follow; apart from the recorder's mark. */
const ACTIVE_TRACE = Symbol.for('action-route.active-trace')

interface TracedContext {
  [LIFECYCLE_TRACE]?: LifecycleTrace
  [ACTIVE_TRACE]?: LifecycleTrace
}

/**
 * False in a production build without tracing, where Nitro replaces
 * `import.meta.dev` with `false` and the Nuxt module `import.meta.actionRouteTracing`
 * with its `tracing` option: `traceOf` is then always `undefined`, the
 * lifecycle's few `trace?.` calls do nothing, and the bundler drops the
 * tracer, span and channel code. Without a build tool's
 * word (a plain Node app), tracing stays possible. Written without a cast:
 * Nitro replaces the text before it compiles TypeScript, and a cast hid it.
 * Read here rather than shared with dev-logger.ts: imported from another
 * module, the constant is not folded, and a Nuxt 5 server kept every timing
 * call (+0.3 kB gzip, measured).
 */
const TRACEABLE: boolean = import.meta.dev !== false || import.meta.actionRouteTracing === true

let tracer: LifecycleTracer | undefined

/**
 * Sets (or, with `undefined`, removes) what traces every action's request:
 * the Nuxt module's tracing plugin calls it once at start-up with the
 * OpenTelemetry tracer. Requests that reach no action never meet it.
 * @example
 * setLifecycleTracer(createOtelTracer())
 */
export function setLifecycleTracer(next: LifecycleTracer | undefined): void {
  tracer = next
}

/**
 * The request's trace, or `undefined` when nobody asked for one (always in
 * a production build without tracing): one property read. Each step asks for
 * it where it times itself, so no step passes a trace on, and such a build
 * keeps no trace code.
 * @example
 * traceOf(event, host)?.step('respond')
 */
export function traceOf<TEvent>(event: TEvent, host: ActionHost<TEvent>): LifecycleTrace | undefined {
  if (!TRACEABLE) return undefined
  return (host.context(event) as TracedContext | undefined)?.[ACTIVE_TRACE]
}

/**
 * Starts the action's trace: the dev recorder's, the tracer's, or one that
 * gives both the same steps; `undefined` when there is neither.
 * @example
 * const trace = startTrace(event, host)
 * trace?.step('parse')
 */
export function startTrace<TEvent>(event: TEvent, host: ActionHost<TEvent>): LifecycleTrace | undefined {
  if (!TRACEABLE) return undefined
  const context = host.context(event) as TracedContext | undefined
  if (!context) return undefined
  const recorded = context[LIFECYCLE_TRACE]
  const trace = tracer ? tracer(event, host, recorded) : recorded
  context[ACTIVE_TRACE] = trace
  trace?.start()
  return trace
}
