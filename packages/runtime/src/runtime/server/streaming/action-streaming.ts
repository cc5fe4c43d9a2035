import type { ActionStreaming } from '../lifecycle/action-streaming'
import type { SendEventStream } from './event-sink'
import type { StreamOptions } from './event-stream-source'
import { EventStreamStart, startEventStream } from './event-stream-start'
import { respondWithStream } from './respond-with-stream'
import { runStreamingHandler } from './run-streaming-handler'
import { streamOptionsOf } from './stream-options'

/**
 * Streaming for one host, given how that host sends an event stream: what an
 * adapter passes to `createActionCore` so that an `async function*` handler
 * answers `text/event-stream`. Made once per adapter, never per request.
 * @example
 * const handle = createActionCore(options, h3V2Host, createActionStreaming(sendEventStream))
 */
export function createActionStreaming<TEvent>(send: SendEventStream<TEvent>): ActionStreaming<TEvent> {
  return {
    optionsOf: streamOptionsOf,
    run: runStreamingHandler,
    start: startEventStream,
    isStarted: value => value instanceof EventStreamStart,
    respond: (event, host, call, started, options) => respondWithStream(event, host, call, started as EventStreamStart, options as StreamOptions, send),
  }
}
