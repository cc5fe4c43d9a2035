import { listedHandlers } from '../../routes/listed-handlers'
import type { ScannedHandler } from '../../routes/listed-handlers'
import type { OpenApiDocumentOptions } from '../../runtime/openapi/types'

/** The virtual module of the document's options (info, servers, the app's base URL). */
export const OPENAPI_OPTIONS_ID = '#action-route/openapi-options'
/** The virtual module listing the route files of the build that renders the document. */
export const OPENAPI_ROUTES_ID = '#action-route/openapi-routes'

/**
 * Renders `#action-route/openapi-options`.
 * @example
 * renderOpenApiOptionsModule({ info: { title: 'Todos', version: '1.0.0' }, exclude: ['/api/admin/**'] }, '/')
 */
export function renderOpenApiOptionsModule(options: OpenApiDocumentOptions, appBase: string): string {
  return `export const options = ${JSON.stringify({ info: options.info, servers: options.servers, exclude: options.exclude, appBase })}\n`
}

/**
 * Renders `#action-route/openapi-routes`: one lazily imported entry per route
 * file (no middleware, no HEAD twin), from the scanning Nitro's handlers.
 * @example
 * renderOpenApiRoutesModule(nitro.scannedHandlers)
 */
export function renderOpenApiRoutesModule(handlers: readonly ScannedHandler[]): string {
  const entries = listedHandlers(handlers).map(entry =>
    `  { route: ${JSON.stringify(entry.route)}, method: ${JSON.stringify(entry.method ?? '')}, file: ${JSON.stringify(entry.handler)}, load: () => import(${JSON.stringify(entry.handler)}) },`)
  return ['export const routes = [', ...entries, ']', ''].join('\n')
}
