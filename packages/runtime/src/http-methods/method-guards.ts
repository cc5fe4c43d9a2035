import type { Nuxt } from '@nuxt/schema'
import { addServerHandler } from '../internal/nuxt-kit'
import type { Resolver } from '../internal/nuxt-kit'
import { pickServerFile } from '../internal/nitro-major'
import type { NitroMajor } from '../internal/nitro-major'
import { addServerRoutesModule } from '../internal/server-routes-module'
import type { NitroWithHandlers } from '../internal/server-routes-module'
import { compileWithNitroRouter } from '../internal/nitro3-router'
import type { NitroRoute } from '../internal/nitro3-router'
import { addGuardRoutes } from '../runtime/server/method-guard/guard-routes'
import type { RefusedRoute } from '../runtime/server/method-guard/guard-routes'

/**
 * The virtual module of the server's route patterns and their methods: on Nitro 2 the list (`allowedMethodsOf`),
 * on Nitro 3 `findRoute`, the guard's routes compiled by Nitro's own router (`guardRoutesOf`).
 */
export const ALLOWED_METHODS_MODULE = '#action-route/allowed-methods'

/** A route Nitro scanned from `server/api/` and `server/routes/`, or a handler a module added. */
export interface RouteHandlerEntry {
  route?: string
  method?: string
  middleware?: boolean
  /** Where Nitro serves it (`'dev'`, `'prod'`, `'prerender'`, a preset); unset, everywhere. */
  env?: string | string[]
}

/** A route pattern and the methods it answers, upper case, or `null` when a handler of it takes every method. */
export type AllowedMethods = [pattern: string, methods: string[] | null]

/**
 * Every route pattern the server routes, each with the methods its handlers
 * answer (HEAD is there wherever GET is, since the module adds HEAD twins),
 * or `null` when one of its handlers has no method. Every pattern is listed,
 * so the server matches a URL against the same patterns as Nitro's router
 * does. A handler with an `env` counts only where one of its environments is
 * in `servedIn`, as Nitro's router leaves the others out.
 * @example
 * allowedMethodsOf([{ route: '/api/todos', method: 'get' }, { route: '/api/todos', method: 'head' }, { route: '/**' }])
 * // [['/**', null], ['/api/todos', ['GET', 'HEAD']]]
 */
export function allowedMethodsOf(handlers: readonly RouteHandlerEntry[], servedIn: ReadonlySet<string> = new Set()): AllowedMethods[] {
  const methods = new Map<string, Set<string> | null>()
  for (const { route, method, middleware, env } of handlers) {
    if (middleware || !route) continue
    if (env !== undefined && ![env].flat().some(name => servedIn.has(name))) continue
    const known = methods.get(route)
    if (method === undefined) methods.set(route, null)
    else if (known !== null) methods.set(route, (known ?? new Set()).add(method.toUpperCase()))
  }
  for (const known of methods.values()) {
    if (known?.has('GET')) known.add('HEAD')
  }
  return [...methods].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
    .map(([route, known]) => [route, known ? [...known].sort() : null])
}

/**
 * The guard's routes as Nitro 3's router takes them: for each pattern, each
 * method it answers with `null` (passed on), then every other method with
 * the route to refuse; a pattern that takes every method, `null` for all.
 * @example
 * guardRoutesOf([['/api/todos', ['GET', 'HEAD']]])
 * // [{ route: '/api/todos', method: 'GET', data: null }, { route: '/api/todos', method: 'HEAD', data: null },
 * //  { route: '/api/todos', method: '', data: { pattern: '/api/todos', allowed: ['GET', 'HEAD'] } }]
 */
export function guardRoutesOf(patterns: readonly AllowedMethods[]): NitroRoute<RefusedRoute | null>[] {
  const routes: NitroRoute<RefusedRoute | null>[] = []
  addGuardRoutes(patterns, (route, method, refused) => routes.push({ route, method: method ?? '', data: refused ?? null }))
  return routes
}

/** The virtual module's source: the list on Nitro 2; on Nitro 3, the guard's routes compiled by Nitro's router. */
function renderAllowedMethods(handlers: readonly RouteHandlerEntry[], servedIn: ReadonlySet<string>, nitro?: NitroWithHandlers<RouteHandlerEntry>): string {
  const patterns = allowedMethodsOf(handlers, servedIn)
  if (!nitro?.routing) return `export default ${JSON.stringify(patterns)}\n`
  return `export const findRoute = ${compileWithNitroRouter({ options: nitro.options, routing: nitro.routing }, guardRoutesOf(patterns))}\n`
}

/**
 * Answers a method a route's files do not answer with METHOD_NOT_ALLOWED
 * (405) and an `Allow` header, and OPTIONS with 204 and `Allow`, where the
 * host's router would hand the request to a less specific route (the page
 * renderer). The patterns reach the middleware `handler` through the virtual
 * module `#action-route/allowed-methods`, written each time the server is
 * bundled (so `nuxi dev` follows added files); on Nitro 3 as a matcher Nitro's
 * own router compiled, so the server bundles no router for it.
 * @example
 * setupMethodGuards(nuxt, nitroMajor, resolver)
 */
export function setupMethodGuards(nuxt: Nuxt, nitroMajor: NitroMajor, resolver: Resolver): void {
  addServerRoutesModule<RouteHandlerEntry>(nuxt, ALLOWED_METHODS_MODULE, renderAllowedMethods)
  addServerHandler({
    middleware: true,
    handler: pickServerFile(nitroMajor, {
      nitro2: resolver.resolve('./runtime/server/method-guard/nitro2'),
      nitro3: resolver.resolve('./runtime/server/method-guard/nitro3'),
    }),
  })
}
