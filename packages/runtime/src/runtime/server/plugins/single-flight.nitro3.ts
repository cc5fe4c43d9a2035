// Nitro 3 plugin (Nuxt 5): turns single flight on at start-up, for the app's GET actions (the module writes their
// route patterns, and the other GET routes', into the virtual module at build), with the app's base URL, since h3
// v2's in-process fetch routes the URL as a browser sends it (under app.baseURL). It imports from `nitro/*` only;
// the module adds it only when the app's code names queries to refresh (or `actionRoute.singleFlight: true`).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, nothing to import at run time
/// <reference path="./nitro-runtime-config.d.ts" />
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, nothing to import at run time
/// <reference path="./single-flight-routes.d.ts" />
import { useRuntimeConfig } from 'nitro/runtime-config'
import routes, { others } from '#action-route/single-flight-routes'
import { enableSingleFlight } from '../single-flight/single-flight'

export default function singleFlightPlugin() {
  enableSingleFlight({ routes, otherRoutes: others, baseURL: (useRuntimeConfig() as { app?: { baseURL?: string } }).app?.baseURL })
}
