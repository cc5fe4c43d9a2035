// Nitro 3 middleware (Nuxt 5): a method a route's files do not answer gets METHOD_NOT_ALLOWED (405) and `Allow`,
// OPTIONS gets 204 and `Allow`, as nitro2.ts does on Nitro 2. Nitro 3's router (rou3) also hands such a request to
// a less specific route (the page renderer's `/**`), so this matches the URL first against the same patterns,
// under the app's base URL as Nitro registers them, with an h3 v2 router (rou3 as well): the route Nitro's router
// would pick decides, and a URL no route matches passes on (its 404 stays). Route rules have run before it, and
// the answer keeps the headers they set (CORS). It imports h3 only as Nitro bundles it (`nitro/h3`).
/* eslint-disable @typescript-eslint/triple-slash-reference -- ambient module declarations, nothing to import at run time */
/// <reference path="./allowed-methods.d.ts" />
/// <reference path="./nitro-h3.d.ts" />
/// <reference path="../plugins/nitro-runtime-config.d.ts" />
/* eslint-enable @typescript-eslint/triple-slash-reference */
import { H3 } from 'nitro/h3'
import { useRuntimeConfig } from 'nitro/runtime-config'
import routes from '#action-route/allowed-methods'
import { addGuardRoutes } from './guard-routes'
import type { RefusedRoute } from './guard-routes'
import { answerRefusedMethod } from './refuse-method'

interface H3v2Event {
  req: Request
  res: { status?: number, headers: Headers }
  context: Record<string, unknown>
}

const passOn = () => undefined
const refuse = (route: RefusedRoute) => (event: H3v2Event) => {
  const { status, allow, body } = answerRefusedMethod(route, event.req.method)
  event.res.headers.set('allow', allow)
  event.res.status = status
  return body
}

let router: H3 | undefined
/** The guard's router, made at the first request, once the runtime config (the base URL) is there. */
function routerOf(): H3 {
  if (router) return router
  const baseURL = (useRuntimeConfig() as { app?: { baseURL?: string } }).app?.baseURL ?? '/'
  const base = baseURL.endsWith('/') ? baseURL.slice(0, -1) : baseURL
  const made = new H3()
  addGuardRoutes(routes, (pattern, method, refused) => made.on(method ?? '', base + pattern, refused ? refuse(refused) : passOn))
  return router = made
}

export default (event: H3v2Event) => {
  // the router names its match on the event; Nitro's own router names the route that answers
  const { matchedRoute, params } = event.context
  const answer = routerOf().handler(event)
  event.context.matchedRoute = matchedRoute
  event.context.params = params
  // a symbol: no pattern matches the URL, and Nitro answers it as before
  return typeof answer === 'symbol' ? undefined : answer
}
