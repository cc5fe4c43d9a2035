/** Names whose values are secret whatever their place: a body or query field, a header. Compared as written with case, `_`, `-`, `.` and spaces left out. */
export const SENSITIVE_NAMES = [
  'password', 'passwd', 'pwd', 'pass', 'passcode', 'passphrase',
  'secret', 'client_secret', 'token', 'access_token', 'refresh_token', 'id_token', 'auth_token', 'session_token',
  'csrf_token', 'xsrf_token', 'api_key', 'apikey', 'private_key', 'key', 'jwt', 'session', 'session_id', 'sid',
  'auth', 'authorization', 'sig', 'signature', 'cookie', 'set-cookie',
  'otp', 'totp', 'one_time_code', 'one_time_password', 'mfa_code', 'verification_code',
  'cvc', 'cvv', 'cvv2', 'card', 'card_number', 'cc_number', 'credit_card', 'credit_card_number', 'pan', 'pin', 'ssn',
] as const

// the end of a name, separators left out: newPassword, x-csrf-token, AUTHTOKEN, stripeSecret, sessionid, set-cookie
// (a name only starting so stays: tokenCount, tokens, secretary)
const SENSITIVE_ENDINGS = [
  'password', 'passwd', 'passphrase', 'passcode', 'secret', 'token', 'apikey', 'privatekey', 'jwt', 'cookie',
  'authorization', 'credential', 'credentials', 'sessionid', 'signature', 'cvc', 'cvv',
]

// a whole word of a name (camelCase, `_`, `-`, `.` or space between words): x-api-key, sessionId, authCode,
// cardNumber, x-hub-signature-256, passwordConfirmation; a longer word stays (keyboard, author, signal, cardinal, sessions)
const SENSITIVE_WORDS = new Set([
  'key', 'auth', 'oauth', 'session', 'sig', 'signature', 'card', 'otp', 'pin', 'pwd', 'jwt', 'csrf', 'xsrf',
  'cookie', 'secret', 'password', 'passcode', 'cvc', 'cvv', 'credentials',
])

function joined(name: string): string {
  return name.toLowerCase().replace(/[\s._-]/g, '')
}

function wordsOf(name: string): string[] {
  return name.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z\d]+/)
}

/**
 * Whether the value under `name` must not be stored or shown: one rule for body and query fields
 * and headers, ignoring case and `_`, `-`, `.` and spaces. A name is sensitive when it is one of
 * {@link SENSITIVE_NAMES} or of `extra`, when it ends in `token`, `secret`, `password`...
 * (`x-csrf-token`, `newPassword`), or when one of its words is `key`, `auth`, `session`, `sig`,
 * `card`... (so `x-api-key` and `sessionId` are, `keyboard`, `author` and `tokenCount` are not). It imports nothing, so
 * production code may use it as the dev recorder does.
 * @example
 * isSensitiveName('x-api-key') // true
 * isSensitiveName('keyboard') // false
 * isSensitiveName('member_number', ['memberNumber']) // true
 */
export function isSensitiveName(name: string, extra: readonly string[] = []): boolean {
  return createSensitiveNameTest(extra)(name)
}

/**
 * {@link isSensitiveName} with `extra` prepared once, for a caller that tests many names.
 * @example
 * const isSensitive = createSensitiveNameTest(['member_number'])
 * isSensitive('memberNumber') // true
 */
export function createSensitiveNameTest(extra: readonly string[] = []): (name: string) => boolean {
  const names = new Set([...SENSITIVE_NAMES, ...extra].map(joined))
  return (name) => {
    const whole = joined(name)
    return names.has(whole) || SENSITIVE_ENDINGS.some(ending => whole.endsWith(ending)) || wordsOf(name).some(word => SENSITIVE_WORDS.has(word))
  }
}
