/** The part of a Nitro scanned handler entry the module reads. */
export interface ScannedHandler {
  route?: string
  method?: string
  handler?: string
  middleware?: boolean
  [key: string]: unknown
}

/**
 * The route files worth listing (in DevTools, in the OpenAPI document): no middleware, and no HEAD twin of a GET file.
 * @example
 * listedHandlers(nitro.scannedHandlers) // [{ route: '/api/todos', method: 'get', handler: '/app/server/api/todos.get.ts' }]
 */
export function listedHandlers(handlers: readonly ScannedHandler[]): (ScannedHandler & { route: string, handler: string })[] {
  const getFiles = new Set(handlers.filter(entry => entry.method === 'get').map(entry => `${entry.route} ${entry.handler}`))
  return handlers.filter((entry): entry is ScannedHandler & { route: string, handler: string } =>
    !entry.middleware && typeof entry.route === 'string' && typeof entry.handler === 'string'
    && !(entry.method === 'head' && getFiles.has(`${entry.route} ${entry.handler}`)))
}
