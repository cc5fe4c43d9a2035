import { sha256Hex } from './idempotency-sha256'

/**
 * What makes two requests the same request, as a hash: the method, the path
 * (the route and its params) and the validated input, written canonically
 * (object keys sorted) so that key order does not matter; a file counts by
 * its name, type and content.
 * @example
 * await requestFingerprint('POST', '/api/orders', { item: 'tea', qty: 2 }) === await requestFingerprint('POST', '/api/orders', { qty: 2, item: 'tea' }) // true
 */
export function requestFingerprint(method: string, path: string, input: unknown): string | Promise<string> {
  // plain JSON data (what a body or query gives, and most schemas): its canonical text at once, one walk and no copy
  const plain = plainText(input, 0)
  if (plain !== undefined) return sha256Hex(`[${JSON.stringify(method)},${JSON.stringify(path)},${plain}]`)
  const later: Promise<void>[] = []
  const value = canonical(input, new Set(), later)
  const digest = () => sha256Hex(JSON.stringify([method, path, value]))
  // only a file's content (and bytes, where hashing is asynchronous) is waited for
  return later.length === 0 ? digest() : Promise.all(later).then(digest)
}

// deeper than this, the general walk below takes over (it knows a value that holds itself)
const MAX_PLAIN_DEPTH = 32

/**
 * The text `JSON.stringify(canonical(value))` gives, written in one walk, for
 * plain data only (strings, finite numbers, booleans, null, arrays, plain
 * objects); `undefined` for anything else, which `canonical` then writes.
 */
function plainText(value: unknown, depth: number): string | undefined {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string': return JSON.stringify(value)
    case 'boolean': return value ? 'true' : 'false'
    case 'number': return Number.isFinite(value) ? JSON.stringify(value) : undefined
    case 'object': break
    default: return undefined
  }
  if (depth === MAX_PLAIN_DEPTH) return undefined
  if (Array.isArray(value)) {
    let text = '['
    for (let index = 0; index < value.length; index++) {
      const item = plainText(value[index], depth + 1)
      if (item === undefined) return undefined
      text += index === 0 ? item : `,${item}`
    }
    return `${text}]`
  }
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return undefined
  let text = '{"$object":['
  let first = true
  for (const key of sortedKeys(value)) {
    const field = (value as Record<string, unknown>)[key]
    if (field === undefined) continue
    const item = plainText(field, depth + 1)
    if (item === undefined) return undefined
    text += `${first ? '' : ','}[${JSON.stringify(key)},${item}]`
    first = false
  }
  return `${text}]}`
}

/**
 * An object's own keys in `sort()`'s order (UTF-16 code units). A few keys are
 * sorted in place by insertion: `sort()` allocates about 1 KB of work space
 * for each call, whatever the length.
 */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value)
  if (keys.length > 16) return keys.sort()
  for (let index = 1; index < keys.length; index++) {
    const key = keys[index]!
    let at = index - 1
    while (at >= 0 && keys[at]! > key) {
      keys[at + 1] = keys[at]!
      at--
    }
    keys[at + 1] = key
  }
  return keys
}

/**
 * A value as plain JSON data that says the same whatever order its keys were written in; tags keep kinds apart.
 * The hash of a file or bytes is written into its entry once known: `later` holds what is still coming.
 */
function canonical(value: unknown, seen: Set<object>, later: Promise<void>[]): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : { $number: String(value) }
  if (typeof value === 'bigint') return { $bigint: value.toString() }
  if (typeof value !== 'object') return { $type: typeof value }
  if (seen.has(value)) return { $circular: true }
  seen.add(value)
  try {
    if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? null : value.toISOString() }
    if (typeof Blob !== 'undefined' && value instanceof Blob) {
      const file = { $file: (value as { name?: string }).name ?? null, type: value.type, sha256: '' }
      later.push(value.arrayBuffer().then(buffer => sha256Hex(new Uint8Array(buffer))).then((hex) => {
        file.sha256 = hex
      }))
      return file
    }
    if (ArrayBuffer.isView(value)) return bytesOf(new Uint8Array(value.buffer, value.byteOffset, value.byteLength), later)
    if (value instanceof ArrayBuffer) return bytesOf(new Uint8Array(value), later)
    if (Array.isArray(value)) return value.map(item => canonical(item, seen, later))
    if (value instanceof Map) return { $map: [...value].map(entry => canonical(entry, seen, later)) }
    if (value instanceof Set) return { $set: [...value].map(item => canonical(item, seen, later)) }
    const entries: [string, unknown][] = []
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key]
      if (item !== undefined) entries.push([key, canonical(item, seen, later)])
    }
    return { $object: entries }
  }
  finally {
    seen.delete(value)
  }
}

function bytesOf(bytes: Uint8Array, later: Promise<void>[]): { $bytes: string } {
  const hash = sha256Hex(bytes)
  if (typeof hash === 'string') return { $bytes: hash }
  const entry = { $bytes: '' }
  later.push(hash.then((hex) => {
    entry.$bytes = hex
  }))
  return entry
}
