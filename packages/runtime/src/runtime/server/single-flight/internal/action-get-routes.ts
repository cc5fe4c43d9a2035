/** A route pattern as Nitro writes it, cut into segments: `/api/todos/:id` is `['api', 'todos', ':id']`. */
type Pattern = readonly string[]

const segmentsOf = (path: string): string[] => path.split('/').slice(1)

/** Whether the path's segments fit the pattern's: a literal equals, `:name` takes one segment, `**` (or `**:name`) the rest. */
function fits(segments: readonly string[], pattern: Pattern): boolean {
  for (let index = 0; index < pattern.length; index++) {
    const part = pattern[index]!
    if (part.startsWith('**')) return true
    const segment = segments[index]
    if (segment === undefined) return false
    if (part.startsWith(':') ? segment === '' : segment !== part) return false
  }
  return segments.length === pattern.length
}

/** How specific a pattern's segment is, as h3's routers rank them: the path's end, a literal, `:name`, `**`. */
const kindOf = (part: string | undefined): number => part === undefined ? -1 : part.startsWith('**') ? 2 : part.startsWith(':') ? 1 : 0

/** Below 0 when `a` is the more specific of two patterns that fit the same path, 0 when neither is. */
function compareSpecificity(a: Pattern, b: Pattern): number {
  for (let index = 0; ; index++) {
    const kindA = kindOf(a[index])
    const kindB = kindOf(b[index])
    if (kindA !== kindB) return kindA - kindB
    if (kindA === -1 || kindA === 2) return 0
  }
}

/** A segment that moves around the tree once a server or proxy normalises the path. */
const isDotSegment = (segment: string) => segment === '.' || segment === '..'

/**
 * A test of whether a URL, as the client calls it (`/api/todos/3?page=2`,
 * without the app's base URL), names one of the given GET action route
 * patterns (`/api/todos/:id`, `/api/files/**:path`). The path must fit a
 * pattern both as sent and URI-decoded (h3 1 routes on the decoded path, h3 2
 * on the path as sent), with no empty, `.` or `..` segment and no backslash,
 * so no spelling of a path reaches a route the list does not hold. A path that
 * also fits one of `otherRoutes` (the app's GET routes that are not actions)
 * at least as specific is refused, since the router picks that one
 * (`/api/internal/ip` over an action at `/api/**`); a less specific one (the
 * page renderer's `/**`) is not.
 * @example
 * const isActionGet = matchActionGetRoutes(['/api/todos', '/api/todos/:id'])
 * isActionGet('/api/todos/3?x=1') // true
 * isActionGet('/api/internal/ip') // false
 */
export function matchActionGetRoutes(patterns: readonly string[], otherRoutes: readonly string[] = []): (url: string) => boolean {
  const compile = (list: readonly string[]): Pattern[] => list.filter(pattern => pattern.startsWith('/')).map(segmentsOf)
  const compiled = compile(patterns)
  const others = compile(otherRoutes)
  return (url) => {
    const end = url.search(/[?#]/)
    const path = end === -1 ? url : url.slice(0, end)
    let decoded: string
    try {
      decoded = decodeURIComponent(path)
    }
    catch {
      return false
    }
    if (!path.startsWith('/') || decoded.includes('\\')) return false
    const sent = segmentsOf(path)
    const read = segmentsOf(decoded)
    // `/` alone is the one path with an empty segment
    const clean = (segments: string[]) => (path === '/' || !segments.includes('')) && !segments.some(isDotSegment)
    if (!clean(sent) || !clean(read)) return false
    const rivals = others.filter(other => fits(sent, other) || fits(read, other))
    return compiled.some(pattern => fits(sent, pattern) && fits(read, pattern)
      && rivals.every(rival => compareSpecificity(pattern, rival) < 0))
  }
}
