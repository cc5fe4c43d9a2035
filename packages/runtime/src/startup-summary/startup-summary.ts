import { readFile } from 'node:fs/promises'
import type { Nuxt } from '@nuxt/schema'
import { useLogger } from '../internal/nuxt-kit'
import { joinURL, withLeadingSlash } from 'ufo'
import { join, relative } from 'pathe'
import { scanActionRoutes } from '../routes/scan-action-routes'
import type { OpenApiModuleOptions } from '../openapi/setup-openapi'

/** What the start-up line says. */
export interface StartupFacts {
  /** Route files that define an action (`defineAction(` or a client's `.handler(`, as `create-action list` counts them). */
  actions: number
  /** Route files that do not. */
  otherRoutes: number
  /** `nuxi dev` (the dev endpoint serves the document) or a build. */
  dev: boolean
  /** In `nuxi dev`: whether the dev endpoints are on (`actionRoute.devtools.enabled` is not false); the document is one of them. */
  devEndpoints?: boolean
  /** The app's `app.baseURL`. */
  baseURL: string
  /** Where the build wrote the document (relative to the app), and its route; undefined when no build document is made. */
  openapi?: { file: string, route: string }
}

/**
 * The one line the module prints at `nuxi dev` and `nuxi build`: how many actions, and where the OpenAPI document is.
 * @example
 * renderStartupSummary({ actions: 12, otherRoutes: 1, dev: false, baseURL: '/', openapi: { file: '.output/public/openapi.json', route: '/openapi.json' } })
 * // '12 actions (and 1 other route). OpenAPI document: .output/public/openapi.json, served at /openapi.json'
 */
export function renderStartupSummary(facts: StartupFacts): string {
  const count = `${facts.actions} action${facts.actions === 1 ? '' : 's'}${facts.otherRoutes ? ` (and ${facts.otherRoutes} other route${facts.otherRoutes === 1 ? '' : 's'})` : ''}`
  const openapi = facts.dev
    ? facts.devEndpoints === false
      ? 'OpenAPI document: none in dev (actionRoute.devtools.enabled is false)'
      : `OpenAPI document: ${joinURL(facts.baseURL, '/__action-route/api/openapi.json')} (dev only)`
    : facts.openapi
      ? `OpenAPI document: ${facts.openapi.file}, served at ${joinURL(facts.baseURL, facts.openapi.route)}`
      : 'OpenAPI document: none (set actionRoute.openapi to publish one)'
  return `${count}. ${openapi}`
}

/** How many route files of these server folders are actions, and how many are other routes. */
export async function countActionRoutes(serverDirs: string[], apiBaseURL: string): Promise<{ actions: number, otherRoutes: number }> {
  const routes = await scanActionRoutes(serverDirs, apiBaseURL)
  let actions = 0
  for (const { file } of routes) {
    const source = await readFile(file, 'utf8').catch(() => '')
    if (source.includes('defineAction(') || source.includes('.handler(')) actions++
  }
  return { actions, otherRoutes: routes.length - actions }
}

interface NitroForSummary {
  options: { scanDirs?: string[], apiBaseURL?: string, output: { publicDir: string } }
  hooks: { hook: (name: 'compiled', run: (nitro: NitroForSummary) => void | Promise<void>) => void }
}

/** Where the start-up line goes: Nuxt's logger, tagged action-route. */
export interface SummaryLogger {
  info: (message: string) => void
}

/** What the module was given that the line reports on. */
export interface StartupSummaryOptions {
  /** `actionRoute.openapi`. */
  openapi: OpenApiModuleOptions | false | undefined
  /** False when `actionRoute.devtools.enabled` is false: `nuxi dev` then serves no document. Default true. */
  devEndpoints?: boolean
}

/**
 * Prints the start-up line once per start: in `nuxi dev` when Nitro is set up (a file edit or HMR prints nothing),
 * in a build when the server is compiled, so the document it names has been written.
 * @example
 * setupStartupSummary(nuxt, { openapi: options.openapi, devEndpoints: options.devtools?.enabled !== false })
 */
export function setupStartupSummary(nuxt: Nuxt, { openapi, devEndpoints = true }: StartupSummaryOptions, logger: SummaryLogger = useLogger('action-route')): void {
  const hook = nuxt.hook as unknown as (name: 'nitro:init', run: (nitro: NitroForSummary) => void) => void
  hook('nitro:init', (nitro) => {
    let printed = false
    const print = async () => {
      if (printed) return
      printed = true
      const published = openapi && openapi.route !== false ? withLeadingSlash(openapi.route || '/openapi.json') : undefined
      logger.info(renderStartupSummary({
        ...await countActionRoutes(nitro.options.scanDirs ?? [], nitro.options.apiBaseURL || '/api'),
        dev: nuxt.options.dev,
        devEndpoints,
        baseURL: nuxt.options.app.baseURL || '/',
        ...(published && { openapi: { file: relative(nuxt.options.rootDir, join(nitro.options.output.publicDir, published)), route: published } }),
      }))
    }
    if (nuxt.options.dev) return void print()
    nitro.hooks.hook('compiled', instance => instance === nitro ? print() : undefined)
  })
}
