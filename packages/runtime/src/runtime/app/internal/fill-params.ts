// a segment the URL resolver would drop or climb out of: the request would reach another route
const UNSAFE_SEGMENTS = new Set(['', '.', '..'])

/**
 * Fills `:name` and `**:name` segments. Each value is URL-encoded, so `/`,
 * `?`, `#` and `%` stay inside its segment; a catch-all value keeps its
 * slashes. A missing value, or one that would reach another route (an
 * empty, `.` or `..` segment, also inside a catch-all), throws a TypeError
 * naming the param: no URL is built and nothing is sent.
 * @example
 * fillParams('/api/todos/:id', { id: 'a b' }) // '/api/todos/a%20b'
 * fillParams('/api/files/**:path', { path: 'docs/a.md' }) // '/api/files/docs/a.md'
 * fillParams('/api/todos/:id', { id: '' }) // throws TypeError
 */
export function fillParams(path: string, params: Record<string, string | number> = {}): string {
  // a name starts with a letter or _, so a port in an absolute URL is left alone
  return path.replace(/(\*\*)?:([a-z_]\w*)/gi, (_segment, catchAll: string | undefined, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined
    if (value === undefined || value === null) throw new TypeError(`Missing route param "${name}" for ${path}`)
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`Route param "${name}" for ${path} must be a string or a number, got ${typeof value}`)
    }
    const text = String(value)
    const segments = catchAll ? text.split('/') : [text]
    if (segments.some(segment => UNSAFE_SEGMENTS.has(segment))) {
      throw new TypeError(`Route param "${name}" for ${path} is ${JSON.stringify(text)}: an empty, "." or ".." segment would reach another route`)
    }
    try {
      return segments.map(encodeURIComponent).join('/')
    }
    catch {
      throw new TypeError(`Route param "${name}" for ${path} is not well-formed Unicode (it holds a lone surrogate)`)
    }
  })
}
