import type { LifecycleStep, LifecycleTiming } from '@action-route/devtools/types'

/**
 * The key on `event.context` that asks the lifecycle to time a request. Only
 * the dev request recorder sets it; a request without it runs no timing code.
 * A registered symbol, so every copy of the runtime in one process agrees on it.
 */
export const LIFECYCLE_TRACE = Symbol.for('action-route.lifecycle-trace')

/** What a marked `event.context` holds: the trace the lifecycle fills in. */
interface TracedContext {
  [LIFECYCLE_TRACE]?: LifecycleTrace
}

function rounded(ms: number): number {
  return Math.round(ms * 100) / 100
}

/**
 * The timings of one request's lifecycle, in ms from the moment the action
 * started. Top-level steps (parse, validate, output, respond) run one after
 * the other: entering one ends the one before. A middleware and the handler
 * are spans: a middleware's span wraps the rest of the chain, so the
 * waterfall shows them nested, each starting inside the one before.
 * @example
 * const trace = new LifecycleTrace()
 * trace.start()
 * trace.step('parse')
 * trace.end() // [{ step: 'parse', start: 0, duration: 0.02 }]
 */
export class LifecycleTrace {
  readonly timings: LifecycleTiming[] = []
  private origin = 0
  private open: LifecycleTiming | undefined

  /** Sets the origin: the action starts now. */
  start(): void {
    this.origin = performance.now()
    this.open = undefined
    this.timings.length = 0
  }

  /** Ends the step running (if any) and, when given, starts `step` (unless it is the one running). */
  step(step?: LifecycleStep): void {
    if (step !== undefined && this.open?.step === step) return
    const now = this.now()
    if (this.open) this.open.duration = rounded(now - this.open.start)
    this.open = step === undefined ? undefined : this.push(step, now)
  }

  /**
   * Starts a span (a middleware, the handler); the returned timing is ended
   * with `endSpan` and carries what else the span learns (its `ctxKeys`).
   */
  beginSpan(step: LifecycleStep, name?: string): LifecycleTiming {
    const timing = this.push(step, this.now())
    if (name !== undefined) timing.name = name
    return timing
  }

  /** Ends a span begun with `beginSpan`. */
  endSpan(timing: LifecycleTiming): void {
    timing.duration = rounded(this.now() - timing.start)
  }

  /** Ends the last step and gives every timing, in the order the steps started. */
  end(): LifecycleTiming[] {
    this.step()
    return this.timings
  }

  private now(): number {
    return performance.now() - this.origin
  }

  private push(step: LifecycleStep, at: number): LifecycleTiming {
    const timing: LifecycleTiming = { step, start: rounded(at), duration: 0 }
    this.timings.push(timing)
    return timing
  }
}

/**
 * Marks a request for tracing (development only): the action it reaches
 * fills in the returned trace and answers with a `Server-Timing` header.
 * @example
 * const trace = traceRequest(event.context)
 * // once answered
 * record.finish(status, body, trace.timings)
 */
export function traceRequest(context: object): LifecycleTrace {
  const trace = new LifecycleTrace()
  ;(context as TracedContext)[LIFECYCLE_TRACE] = trace
  return trace
}

/**
 * The request's trace, started now, or `undefined` when nobody asked for one
 * (always in production): one property read.
 * @example
 * const trace = startTrace(event.context)
 * trace?.step('parse')
 */
export function startTrace(context: object | undefined): LifecycleTrace | undefined {
  const trace = (context as TracedContext | undefined)?.[LIFECYCLE_TRACE]
  trace?.start()
  return trace
}

/**
 * Times the handler: a synchronous one ends its span at once, a promise when it settles.
 * @example
 * let data = trace ? timeHandler(trace, () => runHandler(handler, call)) : runHandler(handler, call)
 */
export function timeHandler(trace: LifecycleTrace, run: () => unknown): unknown {
  const timing = trace.beginSpan('handler')
  let result: unknown
  try {
    result = run()
  }
  catch (error) {
    trace.endSpan(timing)
    throw error
  }
  if (!(result instanceof Promise)) {
    trace.endSpan(timing)
    return result
  }
  return result.finally(() => trace.endSpan(timing))
}
