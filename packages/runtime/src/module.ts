import { addImports, addNitroPlugin, addPlugin, addServerHandler, addServerImports, createResolver, defineNuxtModule, hasNuxtModule } from './internal/nuxt-kit'
import { existsSync } from 'node:fs'
import { defu } from 'defu'
import { answerHeadLikeGet } from './head-routes'
import { setupMethodGuards } from './method-guards'
import type { NitroLike } from './head-routes'
import { setupRouteMap } from './routes/setup-route-map'
import { setupSingleFlightRoutes } from './routes/single-flight-routes'
import { setupActionRouteDevtools } from './devtools/setup-devtools'
import { nitroMajorOf, pickServerFile } from './internal/nitro-major'
import { setupClientFetch } from './internal/client-fetch'
import { appSourceUses, SERVER_FEATURES, serverDirsOf } from './internal/app-source-uses'
import { setupStartupSummary } from './internal/startup-summary'
import { setupOpenApi } from './openapi/setup-openapi'
import { setupErrorReporting } from './internal/setup-error-reporting'
import { setupTracing } from './internal/setup-tracing'
import { setupSharedStore } from './setup-shared-store'
import { setupTypedFetch } from './typed-fetch'
import type { OpenApiModuleOptions } from './openapi/setup-openapi'
import type { DevtoolsModuleOptions } from './devtools/setup-devtools'
import {
  assertInputLimits,
  DEFAULT_MAX_BODY_SIZE,
  DEFAULT_MAX_FORM_FIELDS,
  DEFAULT_MAX_FORM_FILES,
  DEFAULT_MAX_JSON_DEPTH,
} from './runtime/server/body/action-defaults'
import { trustedOriginsOf } from './runtime/server/cross-origin/trusted-origins'
import type { LogErrors } from './runtime/server/errors/nitro-error-reporter'
import { logErrorsOf } from './runtime/server/errors/nitro-error-reporter'
import type { MemoryStoreLimits } from './runtime/server/shared-store/shared-store-memory'

/** Options under `actionRoute` in nuxt.config. */
export interface ModuleOptions {
  /** Largest accepted request body in bytes, for every action that does not set its own. Default 1 MiB. */
  maxBodySize: number
  /** Most entries of a urlencoded or multipart body (files included), for every action that does not set its own. Default 1000. */
  maxFormFields: number
  /** Most files of a multipart body, for every action that does not set its own. Default 10. */
  maxFormFiles: number
  /** Deepest nesting of a JSON body (`[]` and `{}` are one level), for every action that does not set its own. Default 128. */
  maxJsonDepth: number
  /**
   * Origins whose pages may post to every action, as browsers send them (`['https://admin.example']`; `['*']` for any). Left out (`[]`),
   * a POST, PUT, PATCH or DELETE that a browser marks as from another origin answers CROSS_ORIGIN_REQUEST 403
   * before its body is read; an action adds its own with `defineAction({ trustedOrigins })`. At run time,
   * `NUXT_ACTION_ROUTE_TRUSTED_ORIGINS` (comma-separated) replaces the list.
   */
  trustedOrigins: string[]
  /**
   * What a production server logs of the actions' error answers: `'unexpected'` (default: INTERNAL_ERROR,
   * OUTPUT_VALIDATION_ERROR, what handleServerError mapped, each once with its route and stack), `'all'` (also one
   * line per other error answer) or `'off'`. Nitro's error capture and the `action-route:error` hook see unexpected
   * errors whatever this says. `NUXT_ACTION_ROUTE_LOG_ERRORS` overrides it (docs/production.md).
   */
  logErrors: LogErrors
  /** The DevTools tab, its endpoints (answering only the DevTools auth token) and the request recorder, in `nuxi dev` only: `{ enabled: true, maxRecords: 200, redactHeaders: [], redactFields: [] }`. */
  devtools?: Partial<DevtoolsModuleOptions>
  /** The OpenAPI 3.1 document of the actions in production, made at build time: `{ route: '/openapi.json', info, servers }`. Off by default; `nuxi dev` always serves it under `/__action-route/api/openapi.json` (docs/openapi.md). */
  openapi?: OpenApiModuleOptions | false
  /**
   * The middleware that runs `useActionForm` posts without JavaScript. Left out, a build adds it when the
   * app's code calls `useActionForm` (`nuxi dev` always does); `true` or `false` decides.
   */
  forms?: boolean
  /**
   * Single flight: a mutation's answer carries the fresh data of the queries its caller names (`useAction`'s
   * `refreshes` and `optimistic`). Left out, a build turns it on when the app's code uses those options (`nuxi dev`
   * always does); `true` or `false` decides. Off, the client refetches those queries itself.
   */
  singleFlight?: boolean
  /**
   * Streaming actions (an `async function*` handler). Left out, a build holds the streaming code only when a
   * file of the app has an `async function*` or an `eventSchema` (`nuxi dev` always has it); `true` or `false`
   * decides. Without it, a handler that streams answers INTERNAL_ERROR, and the log says to set this option.
   */
  streaming?: boolean
  /**
   * The Nitro storage base where rate limits and idempotency keys keep their state (default `'action-route'`): mount it on Redis
   * in `nitro.storage` to hold across servers (docs/production.md). `NUXT_ACTION_ROUTE_STORAGE` overrides it.
   */
  storage?: string
  /**
   * The bound of the memory store (Nitro's default driver): `{ maxEntries, maxBytes }`, default 100,000 entries and
   * 32 MiB; past either, the least recently used keys and counters go first (docs/production.md, Storage).
   * `NUXT_ACTION_ROUTE_MEMORY_STORE_MAX_BYTES` and `..._MAX_ENTRIES` override it.
   */
  memoryStore?: MemoryStoreLimits
  /**
   * Each action's request as OpenTelemetry spans (the action, then parse, validate, each middleware, handler,
   * output, respond) of the tracer provider the app's SDK registers; needs `@opentelemetry/api` in the app.
   * Default `false`: the build then holds no tracing code at all (docs/production.md, Tracing).
   */
  tracing?: boolean
}

/** The server API the module auto-imports: an explicit list, so no internal helper leaks. */
export const serverAutoImports = [
  'defineAction',
  'defineActionMiddleware',
  'createActionClient',
  'createActionError',
  'isActionError',
  'rateLimit',
  'idempotent',
] as const

/** The server API that has a leaner twin without streaming (`defineActionWithoutStreaming`...) in each adapter. */
const WITHOUT_STREAMING = new Set<string>(['defineAction', 'createActionClient'])

/** The client API the module auto-imports in app code. */
export const clientAutoImports = ['useAction', 'useActionQuery', 'useActionForm', 'useActionStream', 'refreshActionQueries', '$action', 'useRequestAction'] as const

/** Types the module auto-imports in app code, for a typed `switch` over a call's `error.code` (docs/errors.md). */
export const clientTypeAutoImports = ['ActionCallError', 'ActionErrorCode'] as const

export default defineNuxtModule<ModuleOptions>({
  meta: {
    name: '@action-route/runtime',
    configKey: 'actionRoute',
    compatibility: { nuxt: '>=3.14.0' },
  },
  defaults: {
    maxBodySize: DEFAULT_MAX_BODY_SIZE,
    maxFormFields: DEFAULT_MAX_FORM_FIELDS,
    maxFormFiles: DEFAULT_MAX_FORM_FILES,
    maxJsonDepth: DEFAULT_MAX_JSON_DEPTH,
    trustedOrigins: [],
    logErrors: 'unexpected',
  },
  async setup(options, nuxt) {
    assertInputLimits(options, 'actionRoute')
    const trustedOrigins = [...trustedOriginsOf(options.trustedOrigins, 'actionRoute')]
    const logErrors = logErrorsOf(options.logErrors, 'actionRoute')
    const resolver = createResolver(import.meta.url)
    // one set of server files per Nitro major: h3 v1 for Nitro 2 (Nuxt 3 and 4), h3 v2 for Nitro 3 (Nuxt 5),
    // so Nuxt 5 runs no file through its Nitro v2 compatibility layer (docs/compatibility.md)
    const nitroMajor = nitroMajorOf(nuxt)
    const serverEntry = pickServerFile(nitroMajor, {
      nitro2: resolver.resolve('./runtime/server/index'),
      nitro3: resolver.resolve('./runtime/server/h3-v2'),
    })

    // module-wide defaults go through runtime config, so NUXT_ACTION_ROUTE_MAX_BODY_SIZE can override them
    // (typed loosely: an app's generated RuntimeConfig also holds the `storage` that setupSharedStore adds below)
    const runtimeConfig = nuxt.options.runtimeConfig as { actionRoute?: Partial<ModuleOptions> }
    runtimeConfig.actionRoute = defu(runtimeConfig.actionRoute, {
      maxBodySize: options.maxBodySize,
      maxFormFields: options.maxFormFields,
      maxFormFiles: options.maxFormFiles,
      maxJsonDepth: options.maxJsonDepth,
      trustedOrigins,
      logErrors,
    })
    addNitroPlugin(pickServerFile(nitroMajor, {
      nitro2: resolver.resolve('./runtime/server/plugins/action-defaults'),
      nitro3: resolver.resolve('./runtime/server/plugins/action-defaults.nitro3'),
    }))
    // an in-process request (an action a page calls during SSR, a single-flight GET) gets the address of the request
    // it acts for, so rateLimit counts the page's client; the header that carries it is taken off every request
    addNitroPlugin(pickServerFile(nitroMajor, {
      nitro2: resolver.resolve('./runtime/server/plugins/caller-address'),
      nitro3: resolver.resolve('./runtime/server/plugins/caller-address.nitro3'),
    }))

    // unexpected errors: Nitro's error capture (its `error` hook), the app's `action-route:error` hook, the production log
    setupErrorReporting(nitroMajor, {
      nitro2: resolver.resolve('./runtime/server/plugins/report-errors'),
      nitro3: resolver.resolve('./runtime/server/plugins/report-errors.nitro3'),
    }, serverEntry)

    // OpenTelemetry spans per action, only when asked for: without it, the build holds no trace code
    setupTracing(nuxt, options.tracing === true, resolver.resolve('./runtime/server/plugins/tracing'))

    // the client: useAction, useActionQuery and $action, typed by a route map generated from the route files
    addImports([
      ...clientAutoImports.map(name => ({ name, from: resolver.resolve('./runtime/app/index') })),
      ...clientTypeAutoImports.map(name => ({ name, from: resolver.resolve('./runtime/app/index'), type: true })),
    ])
    setupClientFetch(nuxt)
    // the query libraries' subpaths from this module's source when the app loads that (the reference app: `pnpm dev`
    // needs no build); an installed module leaves them to its package's exports, since on Nuxt 5 an alias into a
    // module's folder puts that folder in Nitro's scope and turns on its Nitro 2 compatibility layer (NUXT_B9003).
    // Vite's dev server serves them as it serves the composables, never pre-bundled: they import #imports, and a
    // pre-bundle made on a page's first visit would reload every open page
    const subpaths = ['colada', 'vue-query'].map(library => `@action-route/runtime/${library}`)
    for (const subpath of subpaths) {
      const source = resolver.resolve(`./runtime/${subpath.split('/').pop()}/index.ts`)
      if (existsSync(source)) nuxt.options.alias[subpath] ??= source.slice(0, -'.ts'.length)
    }
    nuxt.options.vite.optimizeDeps = { ...nuxt.options.vite.optimizeDeps, exclude: [...nuxt.options.vite.optimizeDeps?.exclude ?? [], ...subpaths] }
    // Pinia Colada's Nuxt module puts a query's error in the SSR payload: an ActionQueryError needs a reducer there
    nuxt.hook('modules:done', () => {
      if (!hasNuxtModule('@pinia/colada-nuxt', nuxt)) return
      addPlugin(resolver.resolve('./runtime/colada/error-payload'))
      // useAction's and useActionForm's refreshes reach Colada's cache too
      addPlugin({ src: resolver.resolve('./runtime/colada/link-refreshes'), mode: 'client' })
    })
    // two server features a build adds only when the app's code uses them, so other servers stay small; `nuxi dev`
    // always has both, and the options decide when set
    const uses = nuxt.options.dev || (options.forms !== undefined && options.singleFlight !== undefined)
      ? { forms: true, singleFlight: true }
      : await appSourceUses(nuxt.options._layers.map(layer => layer.config.srcDir ?? layer.cwd))
    // the server API; with no streaming action in the server's files, `defineAction` and `createActionClient` come
    // without the streaming code
    const streams = options.streaming ?? (nuxt.options.dev || (await appSourceUses(serverDirsOf(nuxt), SERVER_FEATURES)).streaming)
    const adapter = pickServerFile(nitroMajor, {
      nitro2: resolver.resolve('./runtime/server/adapters/h3-v1'),
      nitro3: resolver.resolve('./runtime/server/adapters/h3-v2'),
    })
    addServerImports(serverAutoImports.map(name => streams || !WITHOUT_STREAMING.has(name)
      ? { name, from: serverEntry }
      : { name: `${name}WithoutStreaming`, as: name, from: adapter }))
    // useActionForm without JavaScript: a form posted to its page runs its action in-process before the page renders
    if (options.forms ?? uses.forms) {
      addServerHandler({
        middleware: true,
        handler: pickServerFile(nitroMajor, {
          nitro2: resolver.resolve('./runtime/form-post/nitro2'),
          nitro3: resolver.resolve('./runtime/form-post/nitro3'),
        }),
      })
    }
    // single flight: a mutation's answer carries the fresh data of the queries its caller names
    if (options.singleFlight ?? uses.singleFlight) {
      // only the app's GET actions can be named: their route patterns reach the plugin through a virtual module
      setupSingleFlightRoutes(nuxt)
      addNitroPlugin(pickServerFile(nitroMajor, {
        nitro2: resolver.resolve('./runtime/server/plugins/single-flight'),
        nitro3: resolver.resolve('./runtime/server/plugins/single-flight.nitro3'),
      }))
    }
    // rate limits' counters and idempotency keys on Nitro's storage, when the server's code uses rateLimit or idempotent
    await setupSharedStore(nuxt, options.storage, nitroMajor, options.memoryStore, {
      nitro2: resolver.resolve('./runtime/server/plugins/shared-store'),
      nitro3: resolver.resolve('./runtime/server/plugins/shared-store.nitro3'),
    })
    const routeMap = setupRouteMap(nuxt, resolver.resolve('./runtime/app/route-map'))
    // Nuxt 5: plain $fetch and useFetch typed from each action (its input, its envelope), through Nuxt's own route types
    setupTypedFetch(nuxt, resolver.resolve('./runtime/app/typed-fetch'))

    // HEAD answers like GET (docs/decisions.md); the hook is typed by Nuxt's Nitro package, not by @nuxt/schema
    const hook = nuxt.hook as unknown as (name: 'nitro:init', run: (nitro: NitroLike) => void) => void
    hook('nitro:init', nitro => answerHeadLikeGet(nitro, () => {
      if (nuxt.options.dev) void routeMap.refresh()
    }))
    // a method a route's files do not answer: METHOD_NOT_ALLOWED 405 and `Allow`, not the page renderer's answer
    setupMethodGuards(nuxt, pickServerFile(nitroMajor, {
      nitro2: resolver.resolve('./runtime/server/method-guard/nitro2'),
      nitro3: resolver.resolve('./runtime/server/method-guard/nitro3'),
    }))

    // the OpenAPI document: in dev from the DevTools endpoint, in a build only when asked for (made at build time)
    setupOpenApi(nuxt, options.openapi, resolver.resolve('./runtime/openapi'), nitroMajor)
    // one line at `nuxi dev` and `nuxi build`: the action count and where the OpenAPI document is
    setupStartupSummary(nuxt, { openapi: options.openapi, devEndpoints: options.devtools?.enabled !== false })

    // dev only: the Actions tab in Nuxt DevTools, its endpoints under /__action-route/ and the request recorder
    if (nuxt.options.dev) setupActionRouteDevtools(nuxt, options.devtools, resolver.resolve('./runtime/devtools'), nitroMajor)
  },
})
