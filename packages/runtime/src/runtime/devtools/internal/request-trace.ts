import type { LifecycleStep, LifecycleTiming } from '@action-route/devtools/types'
import type { LifecycleTrace } from '../../server/tracing/lifecycle-trace'
import { LIFECYCLE_TRACE } from '../../server/tracing/lifecycle-trace'
import { serverTimingHeader } from './server-timing'

function rounded(ms: number): number {
  return Math.round(ms * 100) / 100
}

/** Who hears of a streamed answer's events and end: the recorder's record of the request. */
export interface StreamListener {
  /** An event's data (`event`) or the end envelope (`end`) was written, `at` ms from the action's start. */
  streamed: (kind: 'event' | 'end', data: string, at: number) => void
  /** The action ended, answered with `status` (and the envelope's `code` on failure); for a stream, when it ended. */
  finished: (status: number, code?: string) => void
}

/**
 * The timings of one request's lifecycle, in ms from the moment the action
 * started: the dev recorder's trace (see LifecycleTrace). Top-level steps
 * (parse, validate, output, respond) run one after the other: entering one
 * ends the one before. A middleware and the handler
 * are spans: a middleware's span wraps the rest of the chain, so the
 * waterfall shows them nested, each starting inside the one before.
 * @example
 * const trace = new RequestTrace()
 * trace.start()
 * trace.step('parse')
 * trace.end() // [{ step: 'parse', start: 0, duration: 0.02 }]
 *
 * A streamed answer's events reach the recorder through `streamed`, each
 * with its time; `finish` comes once the stream has ended.
 */
export class RequestTrace implements LifecycleTrace {
  readonly timings: LifecycleTiming[] = []
  private origin = 0
  private open: LifecycleTiming | undefined
  private listener: StreamListener | undefined

  /** Tells `listener` of a streamed answer's events and of the action's end. */
  listen(listener: StreamListener): void {
    this.listener = listener
  }

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

  /** Runs a middleware: the recorder needs no more than its span's start and end. */
  within<TArg, TResult>(_timing: LifecycleTiming, run: (arg: TArg) => TResult, arg: TArg): TResult {
    return run(arg)
  }

  /** The waterfall shows no thrown value: the record holds the answer's envelope. */
  fail(): void {}

  /** Runs the handler in a span: a synchronous one ends it at once, a promise when it settles. */
  timeHandler(run: () => unknown): unknown {
    const timing = this.beginSpan('handler')
    let result: unknown
    try {
      result = run()
    }
    catch (error) {
      this.endSpan(timing)
      throw error
    }
    if (!(result instanceof Promise)) {
      this.endSpan(timing)
      return result
    }
    return result.finally(() => this.endSpan(timing))
  }

  /** Ends the last step and gives every timing, in the order the steps started. */
  end(): LifecycleTiming[] {
    this.step()
    return this.timings
  }

  /** A streamed answer wrote an event (its data's JSON) or its end envelope: the record shows it with its time. */
  streamed(kind: 'event' | 'end', data: string): void {
    this.listener?.streamed(kind, data, rounded(this.now()))
  }

  /** Ends the last step and gives the timings as a `Server-Timing` header value; for a stream, called at its end. */
  finish(status: number, code?: string): string {
    const header = serverTimingHeader(this.end())
    this.listener?.finished(status, code)
    return header
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
export function traceRequest(context: object): RequestTrace {
  const trace = new RequestTrace()
  ;(context as { [LIFECYCLE_TRACE]?: LifecycleTrace })[LIFECYCLE_TRACE] = trace
  return trace
}
