import { createActionError } from '../errors/action-error'

/**
 * The PAYLOAD_TOO_LARGE 413 of a body over `maxBodySize`.
 * @example
 * throw bodyTooLarge(1024)
 */
export function bodyTooLarge(maxBodySize: number) {
  return createActionError({ code: 'PAYLOAD_TOO_LARGE', message: `Request body is larger than ${maxBodySize} bytes`, statusCode: 413 })
}

/**
 * Reads a body stream to its end (so the connection stays usable) keeping no
 * byte past `maxBodySize`; rejects with PAYLOAD_TOO_LARGE when it was longer.
 * A body in one chunk is used as is, not copied.
 * @example
 * const body = await readStreamWithLimit(request.body, 1024)
 */
export async function readStreamWithLimit(stream: ReadableStream<Uint8Array>, maxBodySize: number): Promise<Uint8Array> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size <= maxBodySize) chunks.push(value)
    }
  }
  finally {
    reader.releaseLock()
  }
  if (size > maxBodySize) throw bodyTooLarge(maxBodySize)
  return concatChunks(chunks, size)
}

function concatChunks(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}
