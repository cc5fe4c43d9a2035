import { createResolver, defineNuxtModule } from './internal/nuxt-kit'
import { nitroMajorOf } from './internal/nitro-major'
import { moduleDefaults } from './module-options'
import type { ModuleOptions } from './module-options'
import { setupServerApi } from './server-api/setup-server-api'
import { setupErrorReporting } from './error-reporting/setup-error-reporting'
import { setupTracing } from './tracing/setup-tracing'
import { setupClient } from './client/setup-client'
import { setupQueryLibraries } from './query-libraries/setup-query-libraries'
import { appSourceUses, SERVER_FEATURES, serverDirsOf } from './app-source/app-source-uses'
import { setupForms } from './forms/setup-forms'
import { setupSingleFlight } from './single-flight/setup-single-flight'
import { setupSharedStore } from './shared-store/setup-shared-store'
import { setupRouteMap } from './routes/setup-route-map'
import { setupTypedFetch } from './typed-fetch/setup-typed-fetch'
import { setupHeadRoutes } from './http-methods/head-routes'
import { setupMethodGuards } from './http-methods/method-guards'
import { setupOpenApi } from './openapi/setup-openapi'
import { setupStartupSummary } from './startup-summary/startup-summary'
import { setupActionRouteDevtools } from './devtools/setup-devtools'

export type { ModuleOptions } from './module-options'
export { serverAutoImports } from './server-api/setup-server-api'
export { clientAutoImports, clientTypeAutoImports } from './client/setup-client'

/** The Nuxt module: one setup call per capability, each in its own folder (docs/architecture.md). */
export default defineNuxtModule<ModuleOptions>({
  meta: {
    name: '@action-route/runtime',
    configKey: 'actionRoute',
    compatibility: { nuxt: '>=3.14.0' },
  },
  defaults: moduleDefaults,
  async setup(options, nuxt) {
    const resolver = createResolver(import.meta.url)
    const nitroMajor = nitroMajorOf(nuxt)
    // an app whose server has no streaming action gets defineAction without the streaming code; the option decides when set
    const streams = options.streaming ?? (nuxt.options.dev || (await appSourceUses(serverDirsOf(nuxt), SERVER_FEATURES)).streaming)
    // defineAction and the rest in server code, the module-wide defaults, the plugins every server runs
    const serverEntry = setupServerApi(nuxt, options, nitroMajor, resolver, streams)

    // unexpected errors: Nitro's error capture (its `error` hook), the app's `action-route:error` hook, the production log
    setupErrorReporting(nitroMajor, {
      nitro2: resolver.resolve('./runtime/server/plugins/report-errors'),
      nitro3: resolver.resolve('./runtime/server/plugins/report-errors.nitro3'),
    }, serverEntry)

    // OpenTelemetry spans per action, only when asked for: without it, the build holds no trace code
    setupTracing(nuxt, options.tracing === true, resolver.resolve('./runtime/server/plugins/tracing'))

    // the client: useAction, useActionQuery and $action, typed by a route map generated from the route files
    setupClient(nuxt, resolver)
    setupQueryLibraries(nuxt, resolver)

    // two server features a build adds only when the app's code uses them, so other servers stay small; `nuxi dev`
    // always has both, and the options decide when set
    const uses = nuxt.options.dev || (options.forms !== undefined && options.singleFlight !== undefined)
      ? { forms: true, singleFlight: true }
      : await appSourceUses(nuxt.options._layers.map(layer => layer.config.srcDir ?? layer.cwd))
    // useActionForm without JavaScript: a form posted to its page runs its action in-process before the page renders
    if (options.forms ?? uses.forms) setupForms(nitroMajor, resolver)
    // single flight: a mutation's answer carries the fresh data of the queries its caller names
    if (options.singleFlight ?? uses.singleFlight) setupSingleFlight(nuxt, nitroMajor, resolver)
    // rate limits' counters and idempotency keys on Nitro's storage, when the server's code uses rateLimit or idempotent
    await setupSharedStore(nuxt, options.storage, nitroMajor, options.memoryStore, {
      nitro2: resolver.resolve('./runtime/server/plugins/shared-store'),
      nitro3: resolver.resolve('./runtime/server/plugins/shared-store.nitro3'),
    })

    const routeMap = setupRouteMap(nuxt, resolver.resolve('./runtime/app/route-map'))
    // Nuxt 5: plain $fetch and useFetch typed from each action (its input, its envelope), through Nuxt's own route types
    setupTypedFetch(nuxt, resolver.resolve('./runtime/app/typed-fetch'))

    // HEAD answers like GET; in dev, a new scan of the route files refreshes the route map
    setupHeadRoutes(nuxt, () => {
      if (nuxt.options.dev) void routeMap.refresh()
    })
    // a method a route's files do not answer: METHOD_NOT_ALLOWED 405 and `Allow`, not the page renderer's answer
    setupMethodGuards(nuxt, nitroMajor, resolver)

    // the OpenAPI document: in dev from the DevTools endpoint, in a build only when asked for (made at build time)
    setupOpenApi(nuxt, options.openapi, resolver.resolve('./runtime/openapi'), nitroMajor)
    // one line at `nuxi dev` and `nuxi build`: the action count and where the OpenAPI document is
    setupStartupSummary(nuxt, { openapi: options.openapi, devEndpoints: options.devtools?.enabled !== false })

    // dev only: the Actions tab in Nuxt DevTools, its endpoints under /__action-route/ and the request recorder
    if (nuxt.options.dev) setupActionRouteDevtools(nuxt, options.devtools, resolver.resolve('./runtime/devtools'), nitroMajor)
  },
})
