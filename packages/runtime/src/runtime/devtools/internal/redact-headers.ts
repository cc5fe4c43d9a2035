import { createSensitiveNameTest } from '../../server/internal/sensitive-names'

/** Headers that are never stored, whatever the options say (the sensitive-name rule redacts more: `x-api-key`, `x-csrf-token`...). */
export const ALWAYS_REDACTED = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization'] as const

/** What replaces a redacted header value. */
export const REDACTED = '[redacted]'

/**
 * A copy of the headers with sensitive values replaced, before anything is
 * stored: the names the sensitive-name rule or `extra` names (the same rule
 * as body fields: case, `_`, `-` and spaces ignored). Names are lowercased;
 * repeated headers are joined.
 * @example
 * redactHeaders({ 'X-Api-Key': 'k', 'accept': ['a', 'b'] }) // { 'x-api-key': '[redacted]', 'accept': 'a, b' }
 */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, extra: readonly string[] = []): Record<string, string> {
  const isSensitive = createSensitiveNameTest(extra)
  const safe: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const key = name.toLowerCase()
    safe[key] = isSensitive(key) ? REDACTED : Array.isArray(value) ? value.join(', ') : value
  }
  return safe
}
