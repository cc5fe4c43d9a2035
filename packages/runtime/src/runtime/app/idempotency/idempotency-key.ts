/** The request header of the IETF httpapi draft that makes a retried mutation run once. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A new random key (a version 4 UUID). `crypto.randomUUID` exists only in
 * secure contexts (https, localhost): a page served over plain http on a
 * network address gets one from `crypto.getRandomValues`, which every
 * context has.
 * @example
 * newIdempotencyKey() // '1b4e28ba-2fa1-4d2e-883f-0016d3cca427'
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // one random byte per hex digit: x takes its low four bits, y (the variant) one of 8, 9, a, b
  const bytes = crypto.getRandomValues(new Uint8Array(31))
  let next = 0
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, digit => (digit === 'x' ? bytes[next++]! & 15 : (bytes[next++]! & 3) | 8).toString(16))
}

/**
 * A call's headers with its `Idempotency-Key`, as the draft writes it (a
 * structured-field string: quoted). A mutation (POST, PUT, PATCH, DELETE)
 * carries one when it is given `idempotencyKey` or may be retried
 * (`retry` above 0): the given key, else a new one for this logical call,
 * which every attempt sends. A call whose own headers already name the
 * header keeps them; any other call's headers are returned as they are.
 * @example
 * withIdempotencyKey('POST', { retry: 2 }) // { 'Idempotency-Key': '"1b4e28ba-..."' }
 * withIdempotencyKey('POST', { headers: { a: '1' } }) // { a: '1' }
 */
export function withIdempotencyKey(method: string, options: { headers?: Record<string, string>, retry?: number, idempotencyKey?: string }): Record<string, string> | undefined {
  const { headers, idempotencyKey } = options
  if (!MUTATIONS.has(method) || (idempotencyKey === undefined && !options.retry)) return headers
  if (headers && Object.keys(headers).some(name => name.toLowerCase() === 'idempotency-key')) return headers
  const key = idempotencyKey ?? newIdempotencyKey()
  return { ...headers, [IDEMPOTENCY_KEY_HEADER]: `"${key.replace(/[\\"]/g, '\\$&')}"` }
}
