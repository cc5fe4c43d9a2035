// Nitro 3 middleware (Nuxt 5): a method a route's files do not answer gets METHOD_NOT_ALLOWED (405) and `Allow`,
// OPTIONS gets 204 and `Allow`, as nitro2.ts does on Nitro 2. Nitro 3's router (rou3) also hands such a request to
// a less specific route (the page renderer's `/**`), so the module has Nitro's own router compile the same
// patterns at build time (method-guards.ts): the route it picks for the URL decides, and a URL no route matches
// passes on (its 404 stays). A plain h3 v2 handler on web standards that imports nothing at run time. Route rules
// have run before it, and the answer keeps the headers they set (CORS).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, nothing to import at run time
/// <reference path="./allowed-methods.d.ts" />
import { findRoute } from '#action-route/allowed-methods'
import { answerRefusedMethod } from './refuse-method'

interface H3v2Event {
  req: Request
  url: URL
  res: { status?: number, headers: Headers }
}

export default (event: H3v2Event) => {
  const refused = findRoute(event.req.method, event.url.pathname)?.data
  if (!refused) return
  const { status, allow, body } = answerRefusedMethod(refused, event.req.method)
  event.res.headers.set('allow', allow)
  event.res.status = status
  return body
}
