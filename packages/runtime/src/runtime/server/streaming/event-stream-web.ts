import type { EventStreamSource } from './event-sink'

/**
 * An event stream as a web `ReadableStream` of UTF-8 bytes: the next event is
 * pulled only when the reader took the last one (`pull`, with one chunk of
 * queue), and cancelling the stream (the client went away) cancels the source.
 * @example
 * return new Response(eventStreamBody(source), { headers: SSE_HEADERS })
 */
export function eventStreamBody(source: EventStreamSource): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let waiting: (() => void) | undefined
  let closed = false
  const release = () => {
    const resolve = waiting
    waiting = undefined
    resolve?.()
  }
  return new ReadableStream<Uint8Array>({
    start(given) {
      controller = given
      // not awaited: `start` must return for the first read to be served
      void source.run({
        write: (chunk) => {
          if (closed) return false
          controller.enqueue(encoder.encode(chunk))
          return (controller.desiredSize ?? 0) > 0
        },
        drained: () => closed || (controller.desiredSize ?? 0) > 0
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              waiting = resolve
            }),
        end: () => {
          if (closed) return
          closed = true
          controller.close()
        },
      })
    },
    pull: release,
    cancel() {
      closed = true
      source.cancel()
      release()
    },
  }, { highWaterMark: 1 })
}
