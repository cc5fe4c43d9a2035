// A Nitro 2 dev server in miniature, in process, for the recorder's meetings with other features: an h3 1 app whose
// onRequest and onBeforeResponse call the Nitro plugins' hooks in the order the module registers them (the caller's
// address first, then the DevTools recorder), `event.$fetch` and the global `$fetch` calling the app itself as
// Nitro's in-app fetch does, the form-post middleware before the routes, and real HTTP on 127.0.0.1. The route
// table the recorder reads ('#action-route/devtools-routes', a virtual module of the dev build) is the test's mock.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp, createRouter, fetchWithEvent, toNodeListener } from 'h3'
import type { EventHandler, H3Event } from 'h3'
import { createFetch } from 'ofetch'
import recordActionRequests from '../../src/runtime/devtools/plugins/record-requests'
import callerAddressPlugin from '../../src/runtime/server/plugins/caller-address'
import formPostMiddleware from '../../src/runtime/form-post/nitro2'

/** A running dev app. */
export interface DevApp {
  url: string
  close: () => Promise<void>
}

type Hook = (event: H3Event, response?: { body?: unknown }) => unknown

/**
 * Serves `routes` (`'POST /api/todos'`: handler) behind the recorder, as `nuxi dev` of a Nuxt 4 app does.
 * @example
 * const app = await serveDevApp({ 'GET /api/todos': listTodos })
 */
export async function serveDevApp(routes: Record<string, EventHandler>): Promise<DevApp> {
  const hooks: Record<'request' | 'beforeResponse', Hook[]> = { request: [], beforeResponse: [] }
  const nitroApp = { hooks: { hook: (name: 'request' | 'beforeResponse', run: Hook) => void hooks[name].push(run) } }
  // the module's order: caller-address before the recorder (setup-devtools runs last)
  callerAddressPlugin(nitroApp as Parameters<typeof callerAddressPlugin>[0])
  recordActionRequests(nitroApp as Parameters<typeof recordActionRequests>[0])

  let origin = ''
  // Nitro's localFetch: a path of the app is answered by the app itself
  const localFetch = (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(String(input).startsWith('/') ? new URL(String(input), origin) : input, init)
  const $fetch = createFetch({ fetch: localFetch as typeof fetch, defaults: { baseURL: '/' } })
  const app = createApp({
    onRequest: async (event) => {
      Object.assign(event, { $fetch: (request: string, init: RequestInit) => fetchWithEvent(event, request, init, { fetch: $fetch as never }) })
      for (const run of hooks.request) await run(event)
    },
    onBeforeResponse: async (event, response) => {
      for (const run of hooks.beforeResponse) await run(event, response)
    },
  })
  app.use(formPostMiddleware)
  const router = createRouter()
  for (const [route, handler] of Object.entries(routes)) {
    const [method, path] = route.split(' ') as [string, string]
    router.use(path, handler, method.toLowerCase() as 'get')
  }
  app.use(router)

  const previous = (globalThis as { $fetch?: unknown }).$fetch
  ;(globalThis as { $fetch?: unknown }).$fetch = $fetch
  const server = createServer(toNodeListener(app))
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: origin,
    close: async () => {
      ;(globalThis as { $fetch?: unknown }).$fetch = previous
      server.closeAllConnections()
      await new Promise(resolve => server.close(resolve))
    },
  }
}
