import { readFileSync } from 'node:fs'
import type { Nuxt } from '@nuxt/schema'
import { join } from 'pathe'
import { withLeadingSlash } from 'ufo'
import type { NitroMajor } from '../internal/nitro-major'
import { pickServerFile } from '../internal/nitro-major'
import type { ScannedHandler } from '../routes/listed-handlers'
import type { BuiltOpenApi } from '../runtime/openapi/build-document'
import type { OpenApiInfo, OpenApiServer } from '../runtime/openapi/types'
import { OPENAPI_OPTIONS_ID, OPENAPI_ROUTES_ID, renderOpenApiOptionsModule, renderOpenApiRoutesModule } from './internal/render-openapi-modules'
import { builtNitroMeta, devNitroMeta } from './internal/nitro-openapi-meta'
import { mergeIntoNitroDocument } from './internal/merge-nitro-document'

/** Options under `actionRoute.openapi` in nuxt.config: set, the production build serves the document (unless `route: false`). */
export interface OpenApiModuleOptions {
  /** Where production serves the document, under `app.baseURL`. Default `/openapi.json`; `false` serves none (the dev document and Nitro's still follow `exclude`). */
  route?: string | false
  /**
   * Route patterns whose actions no document lists (this one in dev and production, Nitro's own):
   * `'/api/admin/**'`. `**` is any number of segments, `*` one, `:id` any param. Per action: `metadata: { openapi: false }`.
   */
  exclude?: string[]
  /** OpenAPI's `info`; `title` and `version` default to the app's package name and version. */
  info?: Partial<OpenApiInfo>
  /** OpenAPI's `servers`. */
  servers?: OpenApiServer[]
}

/** The route of the build-time endpoint that exists only in Nitro's prerender build. */
export const BUILD_ROUTE = '/__action-route/openapi-build.json'

interface PrerenderRoute {
  route: string
  contents?: string
  fileName?: string
  error?: Error
  skip?: boolean
}
interface NitroForOpenApi {
  scannedHandlers: ScannedHandler[]
  options: {
    dev: boolean
    output: { publicDir: string }
    virtual: Record<string, string | (() => string | Promise<string>)>
    experimental?: { openAPI?: boolean }
    openAPI?: { production?: false | 'runtime' | 'prerender', route?: string }
  }
  hooks: {
    hook: {
      (name: 'prerender:init', run: (renderer: NitroForOpenApi) => void): void
      (name: 'prerender:generate', run: (route: PrerenderRoute) => void | Promise<void>): void
      (name: 'rollup:before', run: (nitro: NitroForOpenApi, config: { plugins?: unknown }) => void | Promise<void>): void
      (name: 'compiled', run: (nitro: NitroForOpenApi) => void): void
    }
  }
}
interface NitroConfigForOpenApi {
  handlers?: { route: string, method: string, env: string, handler: string }[]
  virtual?: Record<string, string | (() => string | Promise<string>)>
  prerender?: { routes?: string[] }
  experimental?: { openAPI?: boolean }
  openAPI?: { production?: false | 'runtime' | 'prerender' }
}

/**
 * Wires the OpenAPI document. In `nuxi dev` it only renders the options the
 * dev endpoint reads. In a build where `actionRoute.openapi` is set, or Nitro's
 * own OpenAPI is on for production, a route that exists only in Nitro's
 * prerender build makes the document once; the production output gets it as a
 * static file at `route` and as Nitro's route meta, with no schema converted at run time.
 * @example
 * setupOpenApi(nuxt, { info: { title: 'Todos API', version: '1.0.0' } }, resolver.resolve('./runtime/openapi'), 2)
 */
export function setupOpenApi(nuxt: Nuxt, options: OpenApiModuleOptions | false | undefined, runtimeDir: string, nitroMajor: NitroMajor): void {
  const settings = options || undefined
  const exclude = checkedExcludePatterns(settings?.exclude)
  // `route: false`: no document of our own in production, the exclusions still apply to the others
  const published = settings && settings.route !== false ? settings : undefined
  const hook = nuxt.hook as unknown as {
    (name: 'nitro:config', run: (config: NitroConfigForOpenApi) => void): void
    (name: 'nitro:init', run: (nitro: NitroForOpenApi) => void): void
  }
  let wantsNitroDocument = false
  hook('nitro:config', (config) => {
    config.virtual ||= {}
    config.virtual[OPENAPI_OPTIONS_ID] = renderOpenApiOptionsModule({ info: { ...packageInfo(nuxt.options.rootDir), ...settings?.info }, servers: settings?.servers, exclude }, nuxt.options.app.baseURL || '/')
    wantsNitroDocument = !nuxt.options.dev && !!config.experimental?.openAPI && !!config.openAPI?.production
    if (!nuxt.options.dev && (published || wantsNitroDocument)) {
      // a handler in the prerender build only: Nitro leaves `env: 'prerender'` out of the production server
      config.handlers = [...config.handlers ?? [], {
        route: BUILD_ROUTE,
        method: 'get',
        env: 'prerender',
        handler: pickServerFile(nitroMajor, { nitro2: join(runtimeDir, 'prerender/nitro2'), nitro3: join(runtimeDir, 'prerender/nitro3') }),
      }]
      config.prerender ||= {}
      config.prerender.routes = [...config.prerender.routes ?? [], BUILD_ROUTE]
    }
  })
  if (nuxt.options.dev) {
    // Nitro's own OpenAPI in dev: each action file's meta made when Nitro's dev server loads it
    hook('nitro:init', (nitro) => {
      nitro.hooks.hook('rollup:before', (instance, config) => {
        if (!instance.options.experimental?.openAPI) return
        config.plugins = [devNitroMeta(() => instance.scannedHandlers, join(runtimeDir, 'nitro-route-meta')), ...Array.isArray(config.plugins) ? config.plugins : []]
      })
    })
    return
  }

  hook('nitro:init', (nitro) => {
    let built: BuiltOpenApi | undefined
    let madeDocument: () => void
    const documentMade = new Promise<void>(resolve => (madeDocument = resolve))
    nitro.hooks.hook('prerender:init', (renderer) => {
      renderer.options.virtual[OPENAPI_ROUTES_ID] = () => renderOpenApiRoutesModule(renderer.scannedHandlers)
    })
    nitro.hooks.hook('prerender:generate', async (route) => {
      // `openAPI.production: 'prerender'`: Nitro writes its document in this step, so the actions go in here
      if (wantsNitroDocument && route.route === (nitro.options.openAPI?.route || '/_openapi.json') && route.contents && !route.error) {
        await documentMade
        if (built) route.contents = JSON.stringify(mergeIntoNitroDocument(JSON.parse(route.contents), built))
        return
      }
      if (route.route !== BUILD_ROUTE) return
      try {
        if (route.error || !route.contents) throw new Error(`[action-route] the OpenAPI document could not be made at build time: ${route.error?.message ?? 'empty answer'}`)
        built = JSON.parse(route.contents) as BuiltOpenApi
      }
      finally {
        madeDocument()
      }
      // Nitro writes the document where the app asked for it, among the public files the production server serves
      if (published) {
        route.fileName = withLeadingSlash(published.route || '/openapi.json')
        route.contents = JSON.stringify(built.document)
      }
      else {
        route.skip = true
      }
    })
    // Nitro's own OpenAPI served at run time: the route meta comes from the document, read when the server is bundled
    nitro.hooks.hook('rollup:before', (instance, config) => {
      if (instance !== nitro || instance.options.dev || !wantsNitroDocument) return
      config.plugins = [builtNitroMeta(() => built), ...Array.isArray(config.plugins) ? config.plugins : []]
    })
    nitro.hooks.hook('compiled', (instance) => {
      if (instance === nitro && published && !built) throw new Error('[action-route] `actionRoute.openapi` is set but the OpenAPI document was not made: Nitro\'s prerender step did not run (is `nitro.noPublicDir` set?)')
    })
  })
}

/** `actionRoute.openapi.exclude` as given, refused at start-up when it is not a list of patterns starting with `/`. */
function checkedExcludePatterns(exclude: unknown): string[] | undefined {
  if (exclude === undefined) return undefined
  if (!Array.isArray(exclude) || exclude.some(pattern => typeof pattern !== 'string' || !pattern.startsWith('/'))) {
    throw new TypeError(`[action-route] \`actionRoute.openapi.exclude\` must be a list of route patterns starting with "/" (such as "/api/admin/**"), got ${JSON.stringify(exclude)}`)
  }
  return [...exclude]
}

/** The app's package name and version, the document's default title and version. */
function packageInfo(rootDir: string): Partial<OpenApiInfo> {
  try {
    const { name, version } = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { name?: unknown, version?: unknown }
    return { ...(typeof name === 'string' && { title: name }), ...(typeof version === 'string' && { version }) }
  }
  catch {
    return {}
  }
}
