import { readFileSync } from 'node:fs'
import type { Nuxt } from '@nuxt/schema'
import { addServerRoutesModule } from '../../internal/server-routes-module'

/** The virtual module that holds the route patterns of the app's GET actions, for single flight's server plugin. */
export const SINGLE_FLIGHT_ROUTES_MODULE = '#action-route/single-flight-routes'

/** A route Nitro scanned from `server/api/` and `server/routes/`, or a handler a module added. */
export interface ScannedHandler {
  route?: string
  method?: string
  handler?: string
  middleware?: boolean
  /** Where Nitro serves it (`'dev'`, `'prod'`, `'prerender'`, a preset); unset, everywhere. */
  env?: string | string[]
}

/** Whether a route file's source makes an action: it calls `defineAction`, or a `createActionClient` builder's `.handler(`. */
const ACTION_SOURCE = /\bdefineAction\s*\(|\.handler\s*\(/

/** The GET routes of an app, split: those a single-flight caller may name, and the rest. */
export interface GetRoutes {
  /** Route patterns of GET actions. */
  actions: string[]
  /** Route patterns of every other handler that answers GET (plain handlers, other modules', the renderer). */
  others: string[]
}

/**
 * The route patterns of the handlers that answer GET (a `.get` file, or one
 * without a method), split by whether the handler's source makes an action:
 * it calls `defineAction` or a builder's `.handler(`. A handler whose source
 * cannot be read (a virtual module) counts as another route. A handler with
 * an `env` is left out unless one of its environments is in `servedIn` (the
 * build's `dev` or `prod` and its preset), as Nitro's router leaves it out:
 * the OpenAPI step's prerender-only route is no route of the production server.
 * @example
 * getRoutesOf(nitro.scannedHandlers) // { actions: ['/api/profile', '/api/todos'], others: ['/api/internal/ip'] }
 * getRoutesOf(handlers, undefined, new Set(['prod', 'node-server']))
 */
export function getRoutesOf(handlers: readonly ScannedHandler[], readSource = (file: string) => readFileSync(file, 'utf8'), servedIn: ReadonlySet<string> = new Set()): GetRoutes {
  const actions = new Set<string>()
  const others = new Set<string>()
  for (const { route, method, handler, middleware, env } of handlers) {
    if (middleware || !route || (method !== undefined && method.toLowerCase() !== 'get')) continue
    if (env !== undefined && ![env].flat().some(name => servedIn.has(name))) continue
    let source = ''
    try {
      source = typeof handler === 'string' ? readSource(handler) : ''
    }
    catch {
      // a virtual module or a file gone since the scan
    }
    if (ACTION_SOURCE.test(source)) actions.add(route)
    else others.add(route)
  }
  return { actions: [...actions].sort(), others: [...others].sort() }
}

/**
 * Gives Nitro the virtual module `#action-route/single-flight-routes`: the
 * route patterns of the app's GET actions (its default export) and of its
 * other GET routes (`others`), read from Nitro's scanned routes and the
 * handlers modules added, each time the server is bundled (so `nuxi dev`
 * follows added files). Single flight's server plugin runs only URLs that
 * name one of the actions and no more specific other route.
 * @example
 * setupSingleFlightRoutes(nuxt)
 */
export function setupSingleFlightRoutes(nuxt: Nuxt): void {
  addServerRoutesModule<ScannedHandler>(nuxt, SINGLE_FLIGHT_ROUTES_MODULE, (handlers, servedIn) => {
    const { actions, others } = getRoutesOf(handlers, undefined, servedIn)
    return `export default ${JSON.stringify(actions)}\nexport const others = ${JSON.stringify(others)}\n`
  })
}
