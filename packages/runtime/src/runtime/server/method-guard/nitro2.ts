// Nitro 2 middleware (Nuxt 3 and 4): a method a route's files do not answer gets METHOD_NOT_ALLOWED (405) and
// `Allow`, OPTIONS gets 204 and `Allow`. h3 v1's router hands such a request to a less specific route (the page
// renderer's `/**`), so this matches the URL first against the same patterns with h3's own router: the route
// Nitro's router would pick decides, and a URL no route matches passes on (its 404 stays). Route rules have run
// before it, so CORS headers are on the answer. '#action-route/allowed-methods' only exists inside a Nuxt
// server build, so this file is type-checked there. Nitro 3 gets nitro3.ts.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, nothing to import at run time
/// <reference path="./allowed-methods.d.ts" />
import { createRouter, defineEventHandler, sendNoContent, setResponseHeader, setResponseStatus } from 'h3'
import type { H3Event, RouterMethod } from 'h3'
import routes from '#action-route/allowed-methods'
import { addGuardRoutes } from './guard-routes'
import type { RefusedRoute } from './guard-routes'
import { answerRefusedMethod } from './refuse-method'

const passOn = defineEventHandler(() => undefined)
const refuse = (route: RefusedRoute) => defineEventHandler((event: H3Event) => {
  const { status, allow, body } = answerRefusedMethod(route, event.method)
  setResponseHeader(event, 'allow', allow)
  if (status === 204) return sendNoContent(event, 204)
  setResponseStatus(event, status)
  return body
})

const router = createRouter()
addGuardRoutes(routes, (pattern, method, refused) => {
  router.use(pattern, refused ? refuse(refused) : passOn, method?.toLowerCase() as RouterMethod | undefined)
})

export default defineEventHandler(async (event) => {
  // the router names its match on the event; Nitro's own router names the route that answers
  const { matchedRoute, params } = event.context
  const answer = await router.handler(event)
  event.context.matchedRoute = matchedRoute
  event.context.params = params
  return answer
})
