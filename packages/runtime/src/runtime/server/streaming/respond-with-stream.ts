import type { ActionHost } from '../lifecycle/action-host'
import { ActionCall } from '../lifecycle/action-call'
import type { EventStreamStart } from './event-stream-start'
import type { StreamOptions } from './event-stream-source'
import { createEventStreamSource } from './event-stream-source'
import { traceOf } from '../tracing/lifecycle-trace'
import { isSuccessStatusWithBody } from '../lifecycle/steps/respond'
import type { SendEventStream } from './event-sink'

/**
 * Step 6, for a streaming handler whose first event is ready: answers
 * `text/event-stream` with 200 (or the 2xx the handler set), one SSE message
 * per event and an `end` event with the envelope of the return value (step 5,
 * the output schema, runs on it then) or of a failure thrown after the first
 * event. A stream is never stored by `idempotent()`: a retry with the same
 * key gets IDEMPOTENCY_KEY_IN_PROGRESS while the stream runs, and runs again
 * once it has ended. Single flight does not apply to a stream. From here
 * the call holds the stream's source: a client that leaves cancels it, one
 * that already left has it cancelled before the answer starts.
 * @example
 * if (data instanceof EventStreamStart) return respondWithStream(event, host, call, data, streamOptions, send)
 */
export function respondWithStream<TEvent>(
  event: TEvent,
  host: ActionHost<TEvent>,
  call: ActionCall<TEvent>,
  start: EventStreamStart,
  options: StreamOptions,
  send: SendEventStream<TEvent>,
): unknown {
  const trace = traceOf(event, host)
  trace?.step('respond')
  trace?.streaming?.()
  let status = host.status(event)
  if (!isSuccessStatusWithBody(status)) status = 200
  const source = createEventStreamSource(event, host, call, start, options, status)
  ActionCall.holdStream(call, { close: source.cancel })
  return send(event, status, source)
}
