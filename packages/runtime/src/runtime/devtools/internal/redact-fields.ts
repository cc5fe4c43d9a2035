import { createSensitiveNameTest, SENSITIVE_NAMES } from '../../server/sensitive-names'
import { REDACTED } from './redact-headers'

/** Names whose values are never stored, whatever the options say (the rule also redacts names containing `token`, `secret`...). */
export const DEFAULT_REDACTED_FIELDS = SENSITIVE_NAMES

/**
 * A test that says whether a body field, query parameter or header must be
 * redacted: the sensitive-name rule plus `extra`, compared case-insensitively
 * and ignoring `_`, `-`, `.` and spaces.
 * @example
 * const redact = createFieldRedactor(['member_number'])
 * redact('newPassword') // true
 * redact('x-api-key') // true
 * redact('memberNumber') // true
 */
export function createFieldRedactor(extra: readonly string[] = []): (name: string) => boolean {
  return createSensitiveNameTest(extra)
}

/**
 * The path and query of a URL with the values of sensitive parameters
 * replaced by `[redacted]`; other parameters stay exactly as written.
 * @example
 * redactQueryString('/api/login?user=ann&password=x', createFieldRedactor())
 * // '/api/login?user=ann&password=[redacted]'
 */
export function redactQueryString(url: string, redact: (name: string) => boolean): string {
  const start = url.indexOf('?')
  if (start === -1) return url
  const pairs = url.slice(start + 1).split('&').map((pair) => {
    const equals = pair.indexOf('=')
    const rawName = equals === -1 ? pair : pair.slice(0, equals)
    return equals !== -1 && redact(safeDecode(rawName)) ? `${rawName}=${REDACTED}` : pair
  })
  return `${url.slice(0, start)}?${pairs.join('&')}`
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  }
  catch {
    return text
  }
}
