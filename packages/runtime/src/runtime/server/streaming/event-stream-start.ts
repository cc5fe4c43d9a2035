import type { LifecycleTiming } from '@action-route/devtools/types'
import type { LifecycleTrace } from '../tracing/lifecycle-trace'
import { ActionCall } from '../lifecycle/action-call'

/**
 * A streaming handler once its first event is ready: the generator, what its
 * first `next()` gave (an event, or its return value when it yielded none),
 * and the handler's span when the request is traced (it covers the whole
 * stream, so it ends with it). This is what the middleware chain resolves to
 * for a stream (`next()`'s `data`); the answer (step 6) writes it as events.
 */
export class EventStreamStart {
  #spanEnded = false

  constructor(
    readonly generator: AsyncGenerator<unknown, unknown, undefined>,
    readonly first: IteratorResult<unknown, unknown>,
    readonly span?: { trace: LifecycleTrace, timing: LifecycleTiming },
  ) {}

  /** The generator's next event or return value; traced, it runs inside the handler's span, as the handler did. */
  next(): Promise<IteratorResult<unknown, unknown>> {
    return this.span ? this.span.trace.within(this.span.timing, pullNext, this.generator) : this.generator.next()
  }

  /** Ends the handler's span, when traced, once: when the stream ends, or is closed unanswered. */
  endSpan(): void {
    if (this.#spanEnded) return
    this.#spanEnded = true
    this.span?.trace.endSpan(this.span.timing)
  }
}

/**
 * Pulls a generator's first event, so that whatever it throws before it
 * (a declared error, a failed check) answers as any handler's failure does.
 * The call holds the generator from its first pull: a client that leaves
 * before the first event has it returned at its first `yield` (its `finally`
 * runs). Then it holds the started stream until it is answered, so a failure
 * after this (in a middleware) closes it.
 * @example
 * const start = await startEventStream(generator, call)
 */
export async function startEventStream<TEvent>(
  generator: AsyncGenerator<unknown, unknown, undefined>,
  call: ActionCall<TEvent>,
  span?: { trace: LifecycleTrace, timing: LifecycleTiming },
): Promise<EventStreamStart> {
  try {
    const pending = span ? span.trace.within(span.timing, pullNext, generator) : generator.next()
    // queued behind the pending pull: an async generator takes a `return()` at its next `yield`
    ActionCall.holdStream(call, { close: () => generator.return(undefined).catch(ignore) })
    const first = await pending
    const start = new EventStreamStart(generator, first, span)
    ActionCall.holdStream(call, { close: () => closeEventStream(start) })
    return start
  }
  catch (error) {
    if (span) span.trace.endSpan(span.timing)
    throw error
  }
}

function pullNext(generator: AsyncGenerator<unknown, unknown, undefined>): Promise<IteratorResult<unknown, unknown>> {
  return generator.next()
}

/**
 * Closes a stream that will not be answered (a middleware failed after its
 * first event was ready): the generator's `finally` runs.
 * @example
 * closeEventStream(start)
 */
export function closeEventStream(start: EventStreamStart): void {
  start.endSpan()
  start.generator.return(undefined).catch(ignore)
}

function ignore() {}
