// a name starts with a letter or _, so a port in an absolute URL is left alone
const PARAM = /(\*\*)?:([a-z_]\w*)/gi

/**
 * The `:name` and `**:name` params of a pattern that `params` gives no
 * value for (undefined or null), in order.
 * @example
 * missingParams('/api/todos/:id/files/**:path', { id: 1 }) // ['path']
 */
export function missingParams(path: string, params: Record<string, unknown> = {}): string[] {
  return [...path.matchAll(PARAM)].map(match => match[2]!).filter(name => !Object.hasOwn(params, name) || params[name] === undefined || params[name] === null)
}

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
  return path.replace(PARAM, (_segment, catchAll: string | undefined, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined
    const refuse = (problem: string): never => {
      throw new TypeError(`Route param "${name}" for ${path} ${problem}`)
    }
    if (value === undefined || value === null) refuse(`is missing: pass params: { ${name} }`)
    if (typeof value !== 'string' && typeof value !== 'number') refuse(`must be a string or a number, got ${typeof value}`)
    const text = String(value)
    const segments = catchAll ? text.split('/') : [text]
    // a segment the URL resolver would drop or climb out of: the request would reach another route
    if (segments.some(segment => segment === '' || segment === '.' || segment === '..')) {
      refuse(`is ${JSON.stringify(text)}: an empty, "." or ".." segment would reach another route`)
    }
    try {
      return segments.map(encodeURIComponent).join('/')
    }
    catch {
      return refuse('holds a lone surrogate')
    }
  })
}
