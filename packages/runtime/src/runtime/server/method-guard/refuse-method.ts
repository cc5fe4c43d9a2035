import type { ActionErrorData } from '../types'
import type { RefusedRoute } from './guard-routes'

/** The guard's answer to a method a route's files do not answer: its status, its `Allow` header and its body. */
export interface MethodRefusal {
  status: 204 | 405
  allow: string
  body: { success: false, error: ActionErrorData } | null
}

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

/**
 * How the guard answers a method its route's files do not answer: OPTIONS
 * with 204, `Allow` and no body; any other with 405, `Allow` and the
 * METHOD_NOT_ALLOWED envelope.
 * @example
 * answerRefusedMethod({ pattern: '/api/todos', allowed: ['GET', 'HEAD', 'POST'] }, 'OPTIONS')
 * // { status: 204, allow: 'GET, HEAD, POST', body: null }
 */
export function answerRefusedMethod(route: RefusedRoute, method: string): MethodRefusal {
  const allow = route.allowed.join(', ')
  if (method === 'OPTIONS') return { status: 204, allow, body: null }
  return { status: 405, allow, body: refuseMethod(route.pattern, method, route.allowed) }
}
