import { readFileSync } from 'node:fs'
import type { Nuxt } from '@nuxt/schema'

/** The virtual module that holds the route patterns of the app's GET actions, for single flight's server plugin. */
export const SINGLE_FLIGHT_ROUTES_MODULE = '#action-route/single-flight-routes'

/** A route Nitro scanned from `server/api/` and `server/routes/`. */
export interface ScannedHandler {
  route?: string
  method?: string
  handler?: string
  middleware?: boolean
}

/** Whether a route file's source makes an action: it calls `defineAction`, or a `createActionClient` builder's `.handler(`. */
const ACTION_SOURCE = /\bdefineAction\s*\(|\.handler\s*\(/

/**
 * The route patterns of the scanned routes that answer GET with an action: a
 * `.get` file, or one without a method, whose source calls `defineAction` or
 * a builder's `.handler(`. Pages, static files, plain `defineEventHandler`
 * routes and handlers added by other modules are not listed.
 * @example
 * actionGetRoutes(nitro.scannedHandlers) // ['/api/profile', '/api/todos', '/api/todos/:id']
 */
export function actionGetRoutes(handlers: readonly ScannedHandler[], readSource = (file: string) => readFileSync(file, 'utf8')): string[] {
  const routes = new Set<string>()
  for (const { route, method, handler, middleware } of handlers) {
    if (middleware || !route || !handler || (method !== undefined && method !== 'get')) continue
    let source: string
    try {
      source = readSource(handler)
    }
    catch {
      continue
    }
    if (ACTION_SOURCE.test(source)) routes.add(route)
  }
  return [...routes].sort()
}

/**
 * Gives Nitro the virtual module `#action-route/single-flight-routes`: the
 * route patterns of the app's GET actions, read from Nitro's scanned routes
 * each time the server is bundled (so `nuxi dev` follows added files), which
 * single flight's server plugin passes to `enableSingleFlight`.
 * @example
 * setupSingleFlightRoutes(nuxt)
 */
export function setupSingleFlightRoutes(nuxt: Nuxt): void {
  let scanned: () => readonly ScannedHandler[] = () => []
  const hook = nuxt.hook as unknown as (name: 'nitro:init', run: (nitro: { scannedHandlers: ScannedHandler[] }) => void) => void
  hook('nitro:init', (nitro) => {
    scanned = () => nitro.scannedHandlers
  })
  // typed by Nuxt's Nitro package, not by @nuxt/schema
  const options = nuxt.options as { nitro?: { virtual?: Record<string, string | (() => string)> } }
  const nitroOptions = options.nitro ||= {}
  nitroOptions.virtual ||= {}
  nitroOptions.virtual[SINGLE_FLIGHT_ROUTES_MODULE] = () => `export default ${JSON.stringify(actionGetRoutes(scanned()))}`
}
