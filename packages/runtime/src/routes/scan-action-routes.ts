import { glob } from 'tinyglobby'
import { join } from 'pathe'

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
const ROUTE_FILES = '**/*.{js,mjs,cjs,ts,mts,cts,tsx,jsx}'

/**
 * The route pattern and method of a file below `api/` or `routes/`, by
 * Nitro's rules: `index` is dropped, `[id]` is `:id`, `[...slug]` is `**:slug`,
 * `(group)/` folders vanish, and a `.get`/`.post`/... suffix sets the method.
 * @example
 * fileToRoute('todos/[id].patch.ts', '/api') // { route: '/api/todos/:id', method: 'patch' }
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

/**
 * Lists the route files of every server directory (the app's and each
 * layer's): `api/` under `apiBaseURL`, `routes/` at the root. The first
 * directory wins when two define the same route and method, as in Nitro.
 */
export async function scanActionRoutes(serverDirs: string[], apiBaseURL = '/api'): Promise<ScannedRoute[]> {
  const routes: ScannedRoute[] = []
  const seen = new Set<string>()
  for (const serverDir of serverDirs) {
    for (const [folder, prefix] of [['api', apiBaseURL], ['routes', '']] as const) {
      const cwd = join(serverDir, folder)
      const files = await glob(ROUTE_FILES, { cwd, ignore: ['**/*.d.ts', '**/*.test.*', '**/*.spec.*'] })
      for (const file of files.sort()) {
        const { route, method } = fileToRoute(file, prefix)
        const key = `${method ?? '*'} ${route}`
        if (seen.has(key)) continue
        seen.add(key)
        routes.push({ route, method, file: join(cwd, file) })
      }
    }
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route) || (a.method ?? '').localeCompare(b.method ?? ''))
}
