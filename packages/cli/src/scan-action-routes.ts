import { readFile } from 'node:fs/promises'
import { relative } from 'pathe'
// The module's own scanner, bundled into the CLI's dist at build time (see build.config.ts),
// so the CLI and the module read route files by the same Nitro rules.
import { scanActionRoutes as scanRouteFiles } from '../../runtime/src/routes/scan-action-routes'

/** One route file found under server/api or server/routes. */
export interface ScannedRoute {
  /** Upper-case method, or `*` for a file without a method suffix (it answers every method). */
  method: string
  /** The URL in h3 router syntax: `/api/todos/:id`. */
  route: string
  /** Relative to the project root. */
  file: string
  /** True when the file contains `defineAction(` or `.handler(`. */
  action: boolean
}

/**
 * Reads every route file of the app and tells actions from plain routes.
 * Sorted by route, then method.
 * @example
 * await scanActionRoutes({ rootDir: '/app', serverDir: '/app/server' })
 * // [{ method: 'PATCH', route: '/api/todos/:id', file: 'server/api/todos/[id].patch.ts', action: true }]
 */
export async function scanActionRoutes(project: { rootDir: string, serverDir: string }): Promise<ScannedRoute[]> {
  const routes = await scanRouteFiles([project.serverDir])
  return Promise.all(routes.map(async ({ method, route, file }) => {
    const source = await readFile(file, 'utf8')
    return {
      method: method ? method.toUpperCase() : '*',
      route,
      file: relative(project.rootDir, file),
      action: source.includes('defineAction(') || source.includes('.handler('),
    }
  }))
}
