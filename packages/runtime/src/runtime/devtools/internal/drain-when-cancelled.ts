/**
 * `body` as a stream whose cancel reads the rest of the request and keeps none
 * of it, for Nitro 3 in `nuxi dev`: its dev proxy relays no answer until the
 * upload has ended, so a refusal that stopped reading would never arrive.
 * Memory stays bounded by what was read before the cancel.
 * @example
 * await answerCreateAction(options.rootDir, { declaredLength, body: drainWhenCancelled(event.req.body) })
 */
export function drainWhenCancelled(body: ReadableStream<Uint8Array> | null): ReadableStream<Uint8Array> | null {
  if (!body) return null
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    async cancel() {
      try {
        while (!(await reader.read()).done) {
          // each chunk is dropped as soon as it is read
        }
      }
      catch {
        // the client went away: nothing left to read
      }
    },
  }, { highWaterMark: 0 })
}
