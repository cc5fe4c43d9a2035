import { readFile } from 'node:fs/promises'
import { join, relative } from 'pathe'
import { glob } from 'tinyglobby'
import { routeUrl } from './route-spec'

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

const methodSuffix = /\.(connect|delete|get|head|options|patch|post|put|trace)$/

/**
 * Reads every route file of the app and tells actions from plain routes.
 * Sorted by route, then method.
 * @example
 * await scanActionRoutes({ rootDir: '/app', serverDir: '/app/server' })
 * // [{ method: 'PATCH', route: '/api/todos/:id', file: 'server/api/todos/[id].patch.ts', action: true }]
 */
export async function scanActionRoutes(project: { rootDir: string, serverDir: string }): Promise<ScannedRoute[]> {
  const found: ScannedRoute[] = []
  for (const [folder, prefix] of [['api', '/api'], ['routes', '']] as const) {
    const base = join(project.serverDir, folder)
    const files = await glob(['**/*.{ts,mts,cts,js,mjs,cjs}'], { cwd: base, ignore: ['**/*.d.ts', '**/*.d.mts', '**/*.d.cts'] })
    for (const path of files) {
      const withoutExtension = path.replace(/\.[cm]?[jt]s$/, '')
      const method = withoutExtension.match(methodSuffix)?.[1]
      const source = await readFile(join(base, path), 'utf8')
      found.push({
        method: method ? method.toUpperCase() : '*',
        route: routeUrl(prefix, method ? withoutExtension.slice(0, -method.length - 1) : withoutExtension),
        file: relative(project.rootDir, join(base, path)),
        action: source.includes('defineAction(') || source.includes('.handler('),
      })
    }
  }
  return found.sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method))
}
