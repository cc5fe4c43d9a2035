// Nitro 2 plugin (Nuxt 3 and 4): turns single flight on at start-up, for the app's GET actions (the module writes
// their route patterns, and the other GET routes', into the virtual module at build), with the app's base URL
// (Nitro 2's in-app `$fetch` puts it before the queries' URLs itself; single flight matches cookie paths under it),
// and gives each in-process GET the caller's address. '#imports' only exists inside a Nuxt server build, so this
// file is type-checked there. The module adds it only when the app's code names queries to refresh (or
// `actionRoute.singleFlight: true`); Nitro 3 gets single-flight.nitro3.ts.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, nothing to import at run time
/// <reference path="./single-flight-routes.d.ts" />
import type { H3Event } from 'h3'
import { useRuntimeConfig } from '#imports'
import routes, { others } from '#action-route/single-flight-routes'
import { enableSingleFlight } from '../single-flight'
import { takeCallerAddress } from '../internal/single-flight-caller'

export default function singleFlightPlugin(nitroApp: { hooks: { hook: (name: 'request', run: (event: H3Event) => void) => void } }) {
  enableSingleFlight({ routes, otherRoutes: others, baseURL: (useRuntimeConfig() as { app?: { baseURL?: string } }).app?.baseURL })
  nitroApp.hooks.hook('request', event => takeCallerAddress(event.node.req))
}
