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

/** A segment that moves around the tree once a server or proxy normalises the path. */
const isDotSegment = (segment: string) => segment === '.' || segment === '..'

/**
 * A test of whether a URL, as the client calls it (`/api/todos/3?page=2`,
 * without the app's base URL), names one of the given GET route patterns
 * (`/api/todos/:id`, `/api/files/**:path`). The path must fit a pattern both
 * as sent and URI-decoded (h3 1 routes on the decoded path, h3 2 on the path
 * as sent), with no empty, `.` or `..` segment and no backslash, so no
 * spelling of a path reaches a route the list does not hold.
 * @example
 * const isActionGet = matchActionGetRoutes(['/api/todos', '/api/todos/:id'])
 * isActionGet('/api/todos/3?x=1') // true
 * isActionGet('/api/internal/ip') // false
 */
export function matchActionGetRoutes(patterns: readonly string[]): (url: string) => boolean {
  const compiled: Pattern[] = patterns.filter(pattern => pattern.startsWith('/')).map(segmentsOf)
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
    return compiled.some(pattern => fits(sent, pattern) && fits(read, pattern))
  }
}
