import type { ActionHandler } from '../../types'
import type { ActionCall } from '../action-call'
import { isPromiseLike } from '../../internal/is-promise-like'
import type { LifecycleTrace } from '../../tracing/lifecycle-trace'
import type { EventStreamStart } from '../../streaming/event-stream-start'
import { startEventStream } from '../../streaming/event-stream-start'

/**
 * Step 4: calls the handler with `{ input, params, event, ctx }` and gives
 * what it returned, `undefined` included: the output schema (step 5) checks
 * that value, and only the answer (step 6) writes `undefined` as `null`.
 * A synchronous handler gets a synchronous result (no promise on the hot path);
 * a promise or other thenable (a query builder) gets a promise.
 * @example
 * const data = runHandler(({ input }) => input, call)
 */
export function runHandler(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: ActionHandler<unknown, unknown, Record<string, unknown>, unknown, any>,
  call: ActionCall,
): unknown {
  const data = handler(call)
  // a thenable that is not a Promise (a query builder) is awaited like one
  return isPromiseLike(data) && !(data instanceof Promise) ? Promise.resolve(data) : data
}

/**
 * Step 4 for an `async function*` handler: calls it and pulls its first
 * event, so that what it throws before that fails the request as any
 * handler's error does. Traced, the handler's span covers the whole stream:
 * it ends when the stream does.
 * @example
 * const start = await runStreamingHandler(handler, call, traceOf(call.event, host))
 */
export function runStreamingHandler(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: ActionHandler<unknown, unknown, Record<string, unknown>, unknown, any>,
  call: ActionCall,
  trace: LifecycleTrace | undefined,
): Promise<EventStreamStart> {
  if (!trace) return startEventStream(runHandler(handler, call) as AsyncGenerator<unknown, unknown, undefined>, call)
  const timing = trace.beginSpan('handler')
  try {
    const generator = trace.within(timing, (args: ActionCall) => runHandler(handler, args), call)
    return startEventStream(generator as AsyncGenerator<unknown, unknown, undefined>, call, { trace, timing })
  }
  catch (error) {
    trace.endSpan(timing)
    throw error
  }
}
