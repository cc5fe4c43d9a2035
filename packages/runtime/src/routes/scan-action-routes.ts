// Shared with the CLI: packages/cli bundles this file into its dist at build
// time, so it imports only what the CLI ships too (pathe, tinyglobby).
import { glob } from 'tinyglobby'
import { join } from 'pathe'
import { fileToRoute } from './file-to-route'
import type { ScannedRoute } from './file-to-route'

export { fileToRoute } from './file-to-route'
export type { ScannedRoute } from './file-to-route'

const ROUTE_FILES = '**/*.{js,mjs,cjs,ts,mts,cts,tsx,jsx}'

/**
 * Lists the route files of every server directory (the app's and each
 * layer's): `api/` under `apiBaseURL`, `routes/` at the root. The first
 * directory wins when two define the same route and method, as in Nitro.
 * @example
 * await scanActionRoutes(['/app/server'], '/api')
 * // [{ route: '/api/todos/:id', method: 'patch', file: '/app/server/api/todos/[id].patch.ts' }]
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
