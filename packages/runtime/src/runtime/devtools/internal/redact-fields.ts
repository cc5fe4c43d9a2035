import { REDACTED } from './redact-headers'

/** Body and query fields whose values are never stored, whatever the options say. */
export const DEFAULT_REDACTED_FIELDS = [
  'password', 'passwd', 'pwd', 'pass', 'passcode', 'passphrase',
  'secret', 'client_secret', 'token', 'access_token', 'refresh_token', 'id_token', 'auth_token', 'session_token',
  'csrf_token', 'xsrf_token', 'api_key', 'apikey', 'private_key',
  'otp', 'totp', 'one_time_code', 'one_time_password', 'mfa_code', 'verification_code',
  'cvc', 'cvv', 'cvv2', 'card_number', 'cc_number', 'credit_card', 'credit_card_number', 'pan', 'pin', 'ssn',
] as const

// a name ending in one of these is sensitive too: newPassword, confirm_password, githubToken, stripeSecret...
const SENSITIVE_SUFFIXES = ['password', 'passwd', 'passphrase', 'passcode', 'secret', 'token', 'apikey', 'privatekey']

/** `Client_Secret`, `client-secret` and `clientSecret` all become `clientsecret`. */
function normaliseFieldName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '')
}

/**
 * A test that says whether a body or query field must be redacted: the
 * defaults plus `extra`, compared case-insensitively and ignoring `_`, `-`
 * and spaces.
 * @example
 * const redact = createFieldRedactor(['member_number'])
 * redact('newPassword') // true
 * redact('memberNumber') // true
 */
export function createFieldRedactor(extra: readonly string[] = []): (name: string) => boolean {
  const names = new Set([...DEFAULT_REDACTED_FIELDS, ...extra].map(normaliseFieldName))
  return (name) => {
    const normalised = normaliseFieldName(name)
    return names.has(normalised) || SENSITIVE_SUFFIXES.some(suffix => normalised.endsWith(suffix))
  }
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
