import type { RouteInfo } from '../../shared/types'

/** The parts of the OpenAPI document the panel reads. */
export interface OpenApiDocumentLike {
  paths: Record<string, Record<string, unknown>>
  [key: string]: unknown
}

/**
 * The document narrowed to one route's operations (its path, its methods: a
 * GET route's HEAD twin too, every method for a file without one), with the
 * shared parts (`info`, `components`) kept so its `$ref`s still resolve.
 * @example
 * openApiOfRoute(document, { route: '/api/todos/:id', method: 'PATCH' })
 * // { ...document, paths: { '/api/todos/{id}': { patch: { ... } } } }
 */
export function openApiOfRoute(document: OpenApiDocumentLike, route: Pick<RouteInfo, 'route' | 'method'>): OpenApiDocumentLike {
  const path = route.route.split('/').map(segment => segment.startsWith('**') ? `{${segment.slice(3) || '_'}}` : segment.startsWith(':') ? `{${segment.slice(1)}}` : segment).join('/')
  const methods = route.method === 'ANY' ? undefined : route.method === 'GET' ? ['get', 'head'] : [route.method.toLowerCase()]
  const operations = Object.entries(document.paths[path] ?? {}).filter(([method]) => !methods || methods.includes(method))
  return { ...document, paths: operations.length > 0 ? { [path]: Object.fromEntries(operations) } : {} }
}
