/**
 * Whether a Nitro route (`/api/todos/:id`, `/api/files/**:path`) matches a
 * pattern of `actionRoute.openapi.exclude`. Segment by segment: `**` matches
 * any number of segments (none included), `*` exactly one, a param (`:id` or
 * `{id}`) any param of the route whatever its name, anything else itself. A
 * trailing slash is ignored.
 * @example
 * matchesRoutePattern('/api/admin/stats', '/api/admin/**') // true
 * matchesRoutePattern('/api/todos/:id', '/api/todos/{todoId}') // true
 */
export function matchesRoutePattern(route: string, pattern: string): boolean {
  return matchSegments(segmentsOf(route), 0, segmentsOf(pattern), 0)
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean)
}

function isParam(segment: string): boolean {
  return segment.startsWith(':') || (segment.startsWith('{') && segment.endsWith('}'))
}

function matchSegments(route: string[], at: number, pattern: string[], from: number): boolean {
  if (from === pattern.length) return at === route.length
  const part = pattern[from]!
  if (part === '**') {
    for (let rest = at; rest <= route.length; rest++) {
      if (matchSegments(route, rest, pattern, from + 1)) return true
    }
    return false
  }
  if (at === route.length) return false
  const segment = route[at]!
  const same = part === '*' || part === segment || (isParam(part) && isParam(segment))
  return same && matchSegments(route, at + 1, pattern, from + 1)
}
