// Nitro 2 plugin (Nuxt 3 and 4): turns single flight on at start-up, for the app's GET actions (the module writes
// their route patterns, and the other GET routes', into the virtual module at build), with the app's base URL
// (Nitro 2's in-app `$fetch` puts it before the queries' URLs itself; single flight matches cookie paths under it).
// Each in-process GET carries the caller's address, which the caller-address plugin applies. '#imports' only exists
// inside a Nuxt server build, so this file is type-checked there. The module adds it only when the app's code names
// queries to refresh (or `actionRoute.singleFlight: true`); Nitro 3 gets single-flight.nitro3.ts.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, nothing to import at run time
/// <reference path="./single-flight-routes.d.ts" />
import { useRuntimeConfig } from '#imports'
import routes, { others } from '#action-route/single-flight-routes'
import { enableSingleFlight } from '../single-flight/single-flight'

export default function singleFlightPlugin() {
  enableSingleFlight({ routes, otherRoutes: others, baseURL: (useRuntimeConfig() as { app?: { baseURL?: string } }).app?.baseURL })
}
