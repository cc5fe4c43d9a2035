/**
 * Whether a value can be the HTTP status of a failure envelope: an integer
 * from 400 to 599. Anything else would contradict `success: false` (2xx), need
 * headers the runtime does not send (3xx), or be refused by Node.
 */
export function isErrorStatus(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 400 && (value as number) <= 599
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object'
  return String(value)
}

/**
 * The first field that keeps error data from being sent as it is (`statusCode:
 * 200`), or `undefined` when code is a non-empty string, message a string and
 * statusCode an error status. Checked where an answer is sent: ActionError
 * fields are only read-only in TypeScript, and a branded error may come from
 * another copy of the runtime.
 */
export function invalidErrorField(error: { code: unknown, message: unknown, statusCode: unknown }): string | undefined {
  if (typeof error.code !== 'string' || error.code === '') return `code: ${describeValue(error.code)}`
  if (typeof error.message !== 'string') return `message: ${describeValue(error.message)}`
  if (!isErrorStatus(error.statusCode)) return `statusCode: ${describeValue(error.statusCode)}`
  return undefined
}
