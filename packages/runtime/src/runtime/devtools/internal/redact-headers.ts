import { CALLER_HEADER } from '../../server/client-address/caller-address'
import { createSensitiveNameTest } from '../../server/sensitive-names'

/** Headers that are never stored, whatever the options say (the sensitive-name rule redacts more: `x-api-key`, `x-csrf-token`...). */
export const ALWAYS_REDACTED = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization'] as const

/**
 * Headers the sensitive-name rule would redact (`key` is one of their words) that are kept: they name a request
 * and grant nothing. `idempotent()` scopes an `Idempotency-Key` per caller, so knowing one returns no one else's
 * answer, and a replay needs it to get the stored answer rather than run the mutation again. Naming one in
 * `redactHeaders` or `redactFields` redacts it all the same.
 */
export const REQUEST_IDENTITY_HEADERS = ['idempotency-key'] as const

/** What replaces a redacted header value. */
export const REDACTED = '[redacted]'

/**
 * A copy of the headers with sensitive values replaced, before anything is
 * stored: the names the sensitive-name rule or `extra` names (the same rule
 * as body fields: case, `_`, `-` and spaces ignored), except an
 * `Idempotency-Key` that `extra` does not name. The in-process caller header
 * is left out. Names are lowercased; repeated headers are joined.
 * @example
 * redactHeaders({ 'X-Api-Key': 'k', 'accept': ['a', 'b'] }) // { 'x-api-key': '[redacted]', 'accept': 'a, b' }
 */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, extra: readonly string[] = []): Record<string, string> {
  const isSensitive = createSensitiveNameTest(extra)
  // the same comparison as the rule's: case, `_`, `-`, `.` and spaces left out
  const named = new Set(extra.map(joined))
  const safe: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const key = name.toLowerCase()
    // the process's own token for in-process calls: left out by the caller-address plugin running first, and here whatever the order
    if (key === CALLER_HEADER) continue
    const kept = (REQUEST_IDENTITY_HEADERS as readonly string[]).includes(key) && !named.has(joined(key))
    safe[key] = isSensitive(key) && !kept ? REDACTED : Array.isArray(value) ? value.join(', ') : value
  }
  return safe
}

function joined(name: string): string {
  return name.toLowerCase().replace(/[\s._-]/g, '')
}
