import type { Nuxt } from '@nuxt/schema'
import { addNitroPlugin, addServerHandler, useLogger } from '../internal/nuxt-kit'
import { join } from 'pathe'
import { joinURL } from 'ufo'
import { devAuthTokenFile, devtoolsMajorOf, isDevtoolsAuthorizationDisabled, viteDevtoolsAuthFile } from './internal/devtools-auth'
import { renderRoutesModule, ROUTES_MODULE_ID } from './internal/render-routes-module'
import type { ScannedHandler } from '../routes/listed-handlers'
import type { NitroMajor } from '../internal/nitro-major'

/** Options under `actionRoute.devtools` in nuxt.config. */
export interface DevtoolsModuleOptions {
  /** Set to false to leave out the endpoints, the recorder and the tab. Default true (in dev only). */
  enabled: boolean
  /** How many requests the recorder keeps. Default 200. */
  maxRecords: number
  /** Header names to redact on top of authorization, cookie, set-cookie and proxy-authorization. */
  redactHeaders: string[]
  /** Body and query field names to redact on top of the defaults (password, token, otp, cvv...); any case, `_`, `-` and spaces ignored. */
  redactFields: string[]
}

/** Defaults of `actionRoute.devtools`. */
export const devtoolsDefaults: DevtoolsModuleOptions = { enabled: true, maxRecords: 200, redactHeaders: [], redactFields: [] }

/** Prefix of every dev-only endpoint; the panel is served under `${DEVTOOLS_BASE}/client/`. */
export const DEVTOOLS_BASE = '/__action-route'

interface NitroWithScan {
  scannedHandlers: ScannedHandler[]
  options?: { apiBaseURL?: string }
}
interface NitroConfigWithVirtual {
  virtual?: Record<string, string | (() => string | Promise<string>)>
}

/**
 * Wires the DevTools side in `nuxi dev`: the registry, records and stream
 * endpoints and the recording plugin in Nitro, and the DevTools tab with its
 * client. Does nothing outside development, so a production build holds none of it.
 * `runtimeDir` is the folder of the Nitro-side files (`runtime/devtools`), resolved by the module;
 * Nitro 3 (Nuxt 5) gets the h3-free files of `runtime/devtools/nitro3`, Nitro 2 the h3 v1 ones.
 * @example
 * setupActionRouteDevtools(nuxt, { maxRecords: 50 }, resolver.resolve('./runtime/devtools'), 3)
 */
export function setupActionRouteDevtools(nuxt: Nuxt, options: Partial<DevtoolsModuleOptions> | undefined, runtimeDir: string, nitroMajor: NitroMajor = 2): void {
  const settings = { ...devtoolsDefaults, ...options }
  if (!nuxt.options.dev || !settings.enabled) return

  // read once: which DevTools the app runs decides how its tab is added and whom the endpoints let in
  const devtoolsMajor = devtoolsMajorOf(nuxt)
  // the routes module is rendered from nitro.scannedHandlers at every (re)build
  let nitro: NitroWithScan | undefined
  const hook = nuxt.hook as unknown as {
    (name: 'nitro:config', run: (config: NitroConfigWithVirtual) => void): void
    (name: 'nitro:init', run: (instance: NitroWithScan) => void): void
  }
  hook('nitro:config', (config) => {
    config.virtual ||= {}
    config.virtual[ROUTES_MODULE_ID] = () => renderRoutesModule(nitro?.scannedHandlers ?? [], {
      base: DEVTOOLS_BASE,
      rootDir: nuxt.options.rootDir,
      appBase: nuxt.options.app.baseURL || '/',
      apiBase: nitro?.options?.apiBaseURL || '/api',
      recordsFile: join(nuxt.options.buildDir, 'action-route/records.json'),
      maxRecords: settings.maxRecords,
      redactHeaders: settings.redactHeaders,
      redactFields: settings.redactFields,
      tokenFile: devAuthTokenFile(),
      // DevTools 4 writes no token file: the browsers it authorised with its printed code are let in instead
      ...((devtoolsMajor ?? 0) >= 4 && { trustedTokensFile: viteDevtoolsAuthFile() }),
      requireToken: !isDevtoolsAuthorizationDisabled(nuxt),
    })
  })
  hook('nitro:init', (instance) => {
    nitro = instance
  })

  const files = nitroMajor === 3
    ? { guard: 'nitro3/guard-endpoints', recorder: 'nitro3/record-requests', routes: 'nitro3/routes', records: 'nitro3/records', stream: 'nitro3/stream', scaffold: 'nitro3/scaffold', actions: 'nitro3/actions', openapi: 'nitro3/openapi', openInEditor: 'nitro3/open-in-editor' }
    : { guard: 'middleware/guard-endpoints', recorder: 'plugins/record-requests', routes: 'handlers/routes.get', records: 'handlers/records', stream: 'handlers/stream.get', scaffold: 'handlers/scaffold.get', actions: 'handlers/actions.post', openapi: 'handlers/openapi.get', openInEditor: 'handlers/open-in-editor' }
  // one guard for the whole prefix, endpoints added later included: only the developer gets an answer
  addServerHandler({ middleware: true, handler: join(runtimeDir, files.guard) })
  if (isDevtoolsAuthorizationDisabled(nuxt)) {
    useLogger('action-route').warn('Nuxt DevTools\' `disableAuthorization` is set: the Actions endpoints under /__action-route/ answer without a token, so anyone who can reach this dev server can read the recorded requests.')
  }
  addNitroPlugin(join(runtimeDir, files.recorder))
  addNitroPlugin(join(runtimeDir, 'plugins/keep-records'))
  addServerHandler({ route: `${DEVTOOLS_BASE}/api/routes`, method: 'get', handler: join(runtimeDir, files.routes) })
  addServerHandler({ route: `${DEVTOOLS_BASE}/api/records`, handler: join(runtimeDir, files.records) })
  addServerHandler({ route: `${DEVTOOLS_BASE}/api/stream`, method: 'get', handler: join(runtimeDir, files.stream) })
  // the "New action" form: create-action's own library writes the files, under the app's rootDir
  addServerHandler({ route: `${DEVTOOLS_BASE}/api/scaffold`, method: 'get', handler: join(runtimeDir, files.scaffold) })
  addServerHandler({ route: `${DEVTOOLS_BASE}/api/actions`, method: 'post', handler: join(runtimeDir, files.actions) })
  // the OpenAPI 3.1 document of the actions, made from the route files as they are now (docs/openapi.md)
  addServerHandler({ route: `${DEVTOOLS_BASE}/api/openapi.json`, method: 'get', handler: join(runtimeDir, files.openapi) })
  // the panel's "Open in editor": POST only (it answers 405 to the rest itself), files under rootDir only; not Vite's
  // `__open-in-editor`, which any page the developer visits can call
  addServerHandler({ route: `${DEVTOOLS_BASE}/api/open-in-editor`, handler: join(runtimeDir, files.openInEditor) })

  void addDevtoolsTab(nuxt, nitroMajor, devtoolsMajor)
}

/** The tab needs @action-route/devtools built; the endpoints work without it. */
async function addDevtoolsTab(nuxt: Nuxt, nitroMajor: NitroMajor, devtoolsMajor: number | undefined): Promise<void> {
  try {
    const { setupDevtoolsTab } = await import('@action-route/devtools')
    // Nitro serves the endpoints under app.baseURL; the panel sits beside them and finds them relative to its own URL
    setupDevtoolsTab(nuxt, { base: joinURL(nuxt.options.app.baseURL || '/', DEVTOOLS_BASE), nitroMajor, devtoolsMajor })
  }
  catch (error) {
    useLogger('action-route').warn(`The Actions DevTools tab is off: @action-route/devtools could not be loaded (${error instanceof Error ? error.message : String(error)}). Build it with \`pnpm --filter @action-route/devtools build\`.`)
  }
}
