/** The header that makes a mutation run once per key (lowercase, as records and parsed header lines hold it). */
export const IDEMPOTENCY_KEY = 'idempotency-key'

const REDACTED = '[redacted]'

/**
 * How a replay sends the `Idempotency-Key` its record carried: `same` sends it again (an action with
 * `idempotent()` answers what it stored and runs nothing), `new` sends a fresh one (the mutation runs again).
 */
export type IdempotencyKeyChoice = 'same' | 'new'

/** What a record says of its `Idempotency-Key`: none, the key as sent, or that the app's `redactHeaders` hid it. */
export type RecordedIdempotencyKey = { state: 'none' } | { state: 'kept', key: string } | { state: 'redacted' }

/**
 * The `Idempotency-Key` among a record's headers.
 * @example
 * recordedIdempotencyKey({ 'idempotency-key': 'k-1' }) // { state: 'kept', key: 'k-1' }
 * recordedIdempotencyKey({ 'idempotency-key': '[redacted]' }) // { state: 'redacted' }
 */
export function recordedIdempotencyKey(headers: Record<string, string>): RecordedIdempotencyKey {
  const key = headers[IDEMPOTENCY_KEY]
  if (key === undefined) return { state: 'none' }
  return key === REDACTED ? { state: 'redacted' } : { state: 'kept', key }
}

/**
 * Headers with the `Idempotency-Key` as chosen: `new` puts a fresh key in place of the recorded one,
 * `same` (or no choice) leaves them as they are. Headers without the key are returned as they are.
 * @example
 * withChosenIdempotencyKey({ 'idempotency-key': 'k-1' }, 'new') // { 'idempotency-key': '5f0c...' }
 */
export function withChosenIdempotencyKey(headers: Record<string, string>, choice: IdempotencyKeyChoice | undefined, newKey: () => string = newIdempotencyKey): Record<string, string> {
  if (choice !== 'new' || !(IDEMPOTENCY_KEY in headers)) return headers
  return { ...headers, [IDEMPOTENCY_KEY]: newKey() }
}

/**
 * Throws a TypeError when the headers hold a redacted `Idempotency-Key`: sending the request without its key,
 * or with `[redacted]` as one, would run the mutation again without anyone having asked for it.
 * @example
 * assertIdempotencyKeyChosen({ 'idempotency-key': '[redacted]' }) // throws
 */
export function assertIdempotencyKeyChosen(headers: Record<string, string>): void {
  if (recordedIdempotencyKey(headers).state === 'redacted') {
    throw new TypeError('The recorded Idempotency-Key was redacted: choose a new key (the mutation runs again), or type the original in Edit & replay')
  }
}

/**
 * A new random key (a version 4 UUID), from `crypto.getRandomValues` where `crypto.randomUUID` is missing
 * (a dev server opened over plain http on a network address is not a secure context).
 * @example
 * newIdempotencyKey() // '1b4e28ba-2fa1-4d2e-883f-0016d3cca427'
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0F) | 0x40
  bytes[8] = (bytes[8]! & 0x3F) | 0x80
  const hex = Array.from(bytes, byte => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
