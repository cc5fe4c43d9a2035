import type { IncomingMessage } from 'node:http'

/**
 * A Node request's body as a web stream that reads only as fast as it is read
 * (h3 v1's `getRequestWebStream` queues the whole body and throws once
 * cancelled). Cancelling stops reading and leaves the socket alone, so the
 * refusal can still be sent (with `connection: close`, so the rest is never read).
 * @example
 * const text = await readTextUpTo(nodeBodyStream(event.node.req), 64 * 1024)
 */
export function nodeBodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  const onData = (chunk: Buffer) => {
    controller?.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
    if ((controller?.desiredSize ?? 1) <= 0) request.pause()
  }
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  return new ReadableStream<Uint8Array>({
    start(given) {
      controller = given
      // read already (an earlier handler took it): nothing will come
      if (request.readableEnded) return given.close()
      request.on('data', onData)
      request.once('end', () => controller?.close())
      request.once('error', error => controller?.error(error))
      request.pause()
    },
    pull() {
      request.resume()
    },
    cancel() {
      request.off('data', onData)
      request.pause()
      controller = undefined
    },
  }, { highWaterMark: 1 })
}
