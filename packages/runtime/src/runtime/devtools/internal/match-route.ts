/**
 * Matches a path against a Nitro route pattern (`/api/todos/:id`,
 * `/api/files/**`, `/api/**:rest`) and returns the params, or undefined.
 * The recorder needs this before h3's router has run.
 */
export function matchRoute(pattern: string, path: string): Record<string, string> | undefined {
  const wanted = pattern.split('/').filter(Boolean)
  const given = path.split('/').filter(Boolean)
  const params: Record<string, string> = {}
  for (let index = 0; index < wanted.length; index++) {
    const segment = wanted[index]!
    if (segment.startsWith('**')) {
      const rest = given.slice(index).map(safeDecode).join('/')
      params[segment.slice(3) || '_'] = rest
      return params
    }
    const actual = given[index]
    if (actual === undefined) return undefined
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(actual)
    else if (segment === '*') params[`_${index}`] = safeDecode(actual)
    else if (segment !== actual) return undefined
  }
  return given.length === wanted.length ? params : undefined
}

/** Ranks patterns as h3's router does: static segments before dynamic ones, wildcards last. */
export function routeSpecificity(pattern: string): number[] {
  return pattern.split('/').filter(Boolean).map(segment => segment.startsWith('**') ? 0 : segment.startsWith(':') || segment === '*' ? 1 : 2)
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  }
  catch {
    return segment
  }
}
