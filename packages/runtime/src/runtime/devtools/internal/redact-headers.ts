/** Headers that are never stored, whatever the options say. */
export const ALWAYS_REDACTED = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization'] as const

/** What replaces a redacted header value. */
export const REDACTED = '[redacted]'

/**
 * A copy of the headers with sensitive values replaced, before anything is
 * stored. Names compare case-insensitively; repeated headers are joined.
 */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, extra: readonly string[] = []): Record<string, string> {
  const hidden = new Set([...ALWAYS_REDACTED, ...extra.map(name => name.toLowerCase())])
  const safe: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const key = name.toLowerCase()
    safe[key] = hidden.has(key) ? REDACTED : Array.isArray(value) ? value.join(', ') : value
  }
  return safe
}
