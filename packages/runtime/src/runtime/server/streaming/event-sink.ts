// The stream contract between a host and the lifecycle, in a file of its own: the host contract
// (lifecycle/action-host.ts) and the stream's source both import it, and neither imports the other.

/**
 * Where a host writes an event stream: its connection (Node's response) or
 * a web `ReadableStream` the host answers with.
 */
export interface EventSink {
  /** Writes one chunk; `false` when the connection is full: wait for `drained` before the next. */
  write: (chunk: string) => boolean
  /** Resolves once the connection takes more, or has closed. */
  drained: () => Promise<void>
  /** Ends the answer. */
  end: () => void
}

/**
 * An action's event stream, as a host drives it: `run` writes it into the
 * host's sink, pulling each event from the generator only once the sink has
 * drained; `cancel` is the host's word that the client went away.
 */
export interface EventStreamSource {
  run: (sink: EventSink) => Promise<void>
  cancel: () => void
}

/**
 * How a host answers with an event stream: `status`, the SSE headers (never compressed, no length), and a body
 * the source writes as the connection drains; the host calls the source's `cancel` when the client goes away
 * before its end. Returns what the host's handler returns. Each adapter has one.
 */
export type SendEventStream<TEvent> = (event: TEvent, status: number, source: EventStreamSource) => unknown
