import { relative } from 'pathe'
import { scanActionRoutes as scanRouteFiles } from '../../runtime/src/routes/scan-action-routes'

/** A route file that answers a route and method a new file would answer too. */
export interface RouteOwner {
  /** Absolute path. */
  file: string
  /** Relative to the app root: `server/api/todos/index.post.ts`. */
  path: string
}

// `/api/todos/:id` and `/api/todos/:todoId` are one route to the router
function routeShape(route: string): string {
  return route.replace(/\*\*(?::[\w-]+)?/g, '**').replace(/:[\w-]+/g, ':')
}

/**
 * The route file, other than `file`, that answers `method url` already: one with the same method, or none (it
 * answers every method), on the same route whatever its file is called (`todos.post.ts` and
 * `todos/index.post.ts` are both `POST /api/todos`), in server/api or server/routes. A second file would
 * leave one of them unreachable.
 * @example
 * await findRouteOwner({ rootDir: '/app', serverDir: '/app/server' }, { url: '/api/todos', method: 'post', file: '/app/server/api/todos.post.ts' })
 * // { file: '/app/server/api/todos/index.post.ts', path: 'server/api/todos/index.post.ts' }
 */
export async function findRouteOwner(
  project: { rootDir: string, serverDir: string },
  planned: { url: string, method: string, file: string },
): Promise<RouteOwner | undefined> {
  const shape = routeShape(planned.url)
  const routes = await scanRouteFiles([project.serverDir])
  const owner = routes.find(route => route.file !== planned.file
    && (route.method === undefined || route.method === planned.method)
    && routeShape(route.route) === shape)
  return owner && { file: owner.file, path: relative(project.rootDir, owner.file) }
}
