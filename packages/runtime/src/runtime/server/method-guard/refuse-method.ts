import type { ActionErrorData } from '../types'

/**
 * The METHOD_NOT_ALLOWED envelope (405) of a request whose route answers
 * other methods, naming them as the `Allow` header does.
 * @example
 * refuseMethod('/api/todos', 'PUT', ['GET', 'HEAD', 'POST'])
 * // { success: false, error: { code: 'METHOD_NOT_ALLOWED', message: '/api/todos does not answer PUT: it answers GET, HEAD, POST', statusCode: 405 } }
 */
export function refuseMethod(pattern: string, method: string, allowed: readonly string[]): { success: false, error: ActionErrorData } {
  return {
    success: false,
    error: { code: 'METHOD_NOT_ALLOWED', message: `${pattern} does not answer ${method}: it answers ${allowed.join(', ')}`, statusCode: 405 },
  }
}
