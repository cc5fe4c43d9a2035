import type { LifecycleStep, LifecycleTiming } from '@action-route/devtools/types'
import type { ActionHost } from './action-host'

/**
 * The key on `event.context` that asks the lifecycle to time a request. Only
 * the dev request recorder sets it (runtime/devtools/internal/request-trace.ts);
 * a request without it runs no timing code, and a production server holds none.
 * A registered symbol, so every copy of the runtime in one process agrees on it.
 */
export const LIFECYCLE_TRACE = Symbol.for('action-route.lifecycle-trace')

/**
 * What the lifecycle calls on a traced request. The dev recorder puts one on
 * `event.context`; its code lives there, so the core only reads the symbol.
 * Top-level steps (parse, validate, output, respond) follow each other; a
 * middleware and the handler are spans, a middleware's wrapping the rest.
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
  /** Runs the handler in a span that ends when its result settles. */
  timeHandler: (run: () => unknown) => unknown
  /** Ends the last step and gives the timings as a `Server-Timing` header value. */
  serverTiming: () => string
}

/**
 * False in a production build, where Nitro replaces `import.meta.dev` with
 * `false`: `traceOf` is then always `undefined`, and the bundler drops every
 * timing call of the lifecycle. Without a build tool's word, tracing stays possible.
 * Read here rather than shared with dev-logger.ts: imported from another
 * module, the constant is not folded, and a Nuxt 5 server kept every timing
 * call (+0.3 kB gzip, measured).
 */
const TRACEABLE: boolean = (import.meta as { dev?: boolean }).dev !== false

/**
 * The request's trace, or `undefined` when nobody asked for one (always in
 * production): one property read. Each step asks for it where it times
 * itself, so no step passes a trace on and production keeps no trace code.
 * @example
 * traceOf(event, host)?.step('respond')
 */
export function traceOf<TEvent>(event: TEvent, host: ActionHost<TEvent>): LifecycleTrace | undefined {
  if (!TRACEABLE) return undefined
  return (host.context(event) as { [LIFECYCLE_TRACE]?: LifecycleTrace } | undefined)?.[LIFECYCLE_TRACE]
}

/**
 * `traceOf`, with the trace's clock started: the action starts now.
 * @example
 * const trace = startTrace(event, host)
 * trace?.step('parse')
 */
export function startTrace<TEvent>(event: TEvent, host: ActionHost<TEvent>): LifecycleTrace | undefined {
  const trace = traceOf(event, host)
  trace?.start()
  return trace
}
