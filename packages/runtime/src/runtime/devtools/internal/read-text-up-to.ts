/**
 * A request body as UTF-8 text, or `undefined` as soon as it passes `limit`
 * bytes: the stream is then cancelled, nothing more kept (a chunked body
 * declares no length to refuse it by).
 * @example
 * const text = await readTextUpTo(request.body, 64 * 1024)
 * if (text === undefined) return tooLarge()
 */
export async function readTextUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<string | undefined> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}
