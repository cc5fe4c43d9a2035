import type { ActionHandler } from '../types'
import type { ActionCall } from '../lifecycle/action-call'
import { runHandler } from '../lifecycle/steps/run-handler'
import type { LifecycleTrace } from '../tracing/lifecycle-trace'
import type { EventStreamStart } from './event-stream-start'
import { startEventStream } from './event-stream-start'

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
