/**
 * The pattern a router left on the event's context (`matchedRoute.path` on
 * h3 v1 and Nitro 2, `matchedRoute.route` on h3 v2 and Nitro 3), when it is one.
 * @example
 * routePatternOf(event.context.matchedRoute, 'path') // '/api/todos/:id'
 */
export function routePatternOf(matchedRoute: unknown, key: 'path' | 'route'): string | undefined {
  const pattern = (matchedRoute as Record<string, unknown> | undefined)?.[key]
  return typeof pattern === 'string' ? pattern : undefined
}
