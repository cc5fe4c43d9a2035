import { clientError } from '../../action-result'
import type { ActionErrorData } from '../../../server/types'

/** Route pattern → the methods it answers, upper case, or `null` for every method (see `#build/action-route-methods.mjs`). */
export type RouteMethods = Record<string, readonly string[] | null>

/**
 * The METHOD_NOT_ALLOWED failure (405) of a call whose route is known and
 * does not answer its method, naming the methods it does answer; undefined
 * when the route takes the method, or is not in the map (a route another
 * module adds is not scanned: the server decides).
 * @example
 * methodNotAllowed('/api/todos', 'PUT', { '/api/todos': ['GET', 'HEAD', 'POST'] })
 * // { success: false, error: { code: 'METHOD_NOT_ALLOWED', message: 'PUT /api/todos: ...', statusCode: 405 } }
 */
export function methodNotAllowed(path: string, method: string, routes: RouteMethods): { success: false, error: ActionErrorData } | undefined {
  if (!Object.hasOwn(routes, path)) return undefined
  const allowed = routes[path]
  if (!allowed || allowed.includes(method)) return undefined
  return clientError('METHOD_NOT_ALLOWED', `${path} does not answer ${method}: it answers ${allowed.join(', ')}`, 405)
}

/** Edit distance between two strings (insertions, deletions, substitutions), for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

/**
 * The development hint for a call to a path that is no action route: names
 * the nearest route when one is close. Undefined for a known route, and
 * when the map is empty (no route files scanned).
 * @example
 * unknownRouteHint('/api/todoz', { '/api/todos': ['GET'] }) // 'No action route /api/todoz; did you mean /api/todos?'
 */
export function unknownRouteHint(path: string, routes: RouteMethods): string | undefined {
  const known = Object.keys(routes)
  if (known.length === 0 || Object.hasOwn(routes, path)) return undefined
  let nearest: string | undefined
  let best = Math.max(2, Math.floor(path.length / 4)) + 1
  for (const route of known) {
    const far = distance(path, route)
    if (far < best) {
      best = far
      nearest = route
    }
  }
  return nearest ? `No action route ${path}; did you mean ${nearest}?` : `No action route ${path} among the app's route files`
}
