import type { IncomingMessage } from 'node:http'

/**
 * A Node request's body as a web stream that reads only as fast as it is read
 * (h3 v1's `getRequestWebStream` queues the whole body and throws once
 * cancelled). Cancelling keeps none of the rest: it is read and dropped as it
 * comes, so the refusal is answered at once where the dev server relays it
 * (Nuxt 4's), and still answered where a proxy waits for the whole upload
 * before it relays anything (Nuxt 3's and Nuxt 5's `nuxi dev`).
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
      controller = undefined
      // flowing with no listener: each chunk is dropped as it arrives
      request.resume()
    },
  }, { highWaterMark: 1 })
}
