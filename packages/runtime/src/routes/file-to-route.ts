// Shared with the CLI, which bundles it into its dist: no imports, so the
// CLI's add command can name a route's URL without loading a glob library.

/** One server route file, as Nitro would register it. */
export interface ScannedRoute {
  /** Route pattern: `/api/todos/:id`, `/api/files/**:path`. */
  route: string
  /** Lower-case method from the file suffix, or `undefined` for a route that takes every method. */
  method: string | undefined
  /** Absolute path of the file. */
  file: string
}

const METHOD_SUFFIX = /\.(connect|delete|get|head|options|patch|post|put|trace)(?:\.(?:dev|prod|prerender))?$/

/**
 * The route pattern and method of a file below `api/` or `routes/`, by
 * Nitro's rules: `index` is dropped, `[id]` is `:id`, `[...slug]` is `**:slug`,
 * `(group)/` folders vanish, and a `.get`/`.post`/... suffix sets the method,
 * before an optional environment suffix (`.dev`, `.prod`, `.prerender`).
 * @example
 * fileToRoute('todos/[id].patch.ts', '/api') // { route: '/api/todos/:id', method: 'patch' }
 * fileToRoute('todos.get.dev.ts', '/api') // { route: '/api/todos', method: 'get' }
 */
export function fileToRoute(relativePath: string, prefix: string): Pick<ScannedRoute, 'route' | 'method'> {
  let path = relativePath.replace(/\.[a-z]+$/i, '')
  let method: string | undefined
  const suffix = path.match(METHOD_SUFFIX)
  if (suffix) {
    method = suffix[1]
    path = path.slice(0, suffix.index)
  }
  const segments = path.split('/')
    .filter(segment => !/^\(.+\)$/.test(segment))
    .map(segment => segment
      .replace(/^\[\.{3}\]$/, '**')
      .replace(/^\[\.{3}(\w+)\]$/, '**:$1')
      .replace(/\[([^/\]]+)\]/g, ':$1'))
  if (segments.at(-1) === 'index') segments.pop()
  const route = `/${[...prefix.split('/'), ...segments].filter(Boolean).join('/')}`
  return { route, method }
}
