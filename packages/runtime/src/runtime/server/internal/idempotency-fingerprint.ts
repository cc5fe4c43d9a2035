const encoder = new TextEncoder()

/**
 * SHA-256 of a text or bytes as lower-case hex, through Web Crypto (Node and
 * Workers alike).
 * @example
 * await sha256Hex('order-7') // 'a1f3...'
 */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource))
  let hex = ''
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0')
  return hex
}

/**
 * What makes two requests the same request, as a hash: the method, the path
 * (the route and its params) and the validated input, written canonically
 * (object keys sorted) so that key order does not matter; a file counts by
 * its name, type and content.
 * @example
 * await requestFingerprint('POST', '/api/orders', { item: 'tea', qty: 2 }) === await requestFingerprint('POST', '/api/orders', { qty: 2, item: 'tea' }) // true
 */
export async function requestFingerprint(method: string, path: string, input: unknown): Promise<string> {
  return sha256Hex(JSON.stringify([method, path, await canonical(input, new Set())]))
}

/** A value as plain JSON data that says the same whatever order its keys were written in; tags keep kinds apart. */
async function canonical(value: unknown, seen: Set<object>): Promise<unknown> {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : { $number: String(value) }
  if (typeof value === 'bigint') return { $bigint: value.toString() }
  if (typeof value !== 'object') return { $type: typeof value }
  if (seen.has(value)) return { $circular: true }
  seen.add(value)
  try {
    if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? null : value.toISOString() }
    if (typeof Blob !== 'undefined' && value instanceof Blob) {
      return { $file: (value as { name?: string }).name ?? null, type: value.type, sha256: await sha256Hex(new Uint8Array(await value.arrayBuffer())) }
    }
    if (ArrayBuffer.isView(value)) return { $bytes: await sha256Hex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) }
    if (value instanceof ArrayBuffer) return { $bytes: await sha256Hex(new Uint8Array(value)) }
    if (Array.isArray(value)) return Promise.all(value.map(item => canonical(item, seen)))
    if (value instanceof Map) return { $map: await Promise.all([...value].map(entry => canonical(entry, seen))) }
    if (value instanceof Set) return { $set: await Promise.all([...value].map(item => canonical(item, seen))) }
    const entries: [string, unknown][] = []
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key]
      if (item !== undefined) entries.push([key, await canonical(item, seen)])
    }
    return { $object: entries }
  }
  finally {
    seen.delete(value)
  }
}
