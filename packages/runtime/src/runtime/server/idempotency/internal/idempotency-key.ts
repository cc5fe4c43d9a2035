/** The longest key accepted, in characters: enough for any UUID or ULID with a prefix, short enough to index. */
export const MAX_KEY_LENGTH = 255

const PRINTABLE = /^[\x20-\x7E]+$/

/**
 * The key an `Idempotency-Key` header carries: the IETF draft writes it as a
 * structured-field string (`"8e03978e-..."`, `\"` and `\\` escaped), and many
 * clients send it bare (Stripe's `8e03978e-...`); both name the same key.
 * `undefined` for no header; `null` for a value that is no key: empty, over
 * 255 characters, or not printable ASCII.
 * @example
 * readIdempotencyKey('"order-7"') // 'order-7'
 * readIdempotencyKey('order-7') // 'order-7'
 * readIdempotencyKey('') // null
 */
export function readIdempotencyKey(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined
  let key = header.trim()
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    const quoted = key.slice(1, -1)
    // a structured-field string: only \" and \\ are escapes, and a lone quote or backslash ends it early
    if (!/^(?:[^"\\]|\\["\\])*$/.test(quoted)) return null
    key = quoted.replace(/\\(["\\])/g, '$1')
  }
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && PRINTABLE.test(key) ? key : null
}
