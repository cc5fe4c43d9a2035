import type { Nuxt } from '@nuxt/schema'
import { defu } from 'defu'
import { addNitroPlugin, addServerImports } from '../internal/nuxt-kit'
import type { Resolver } from '../internal/nuxt-kit'
import { pickServerFile } from '../internal/nitro-major'
import type { NitroMajor } from '../internal/nitro-major'
import type { ModuleOptions } from '../module-options'
import { assertInputLimits } from '../runtime/server/body/action-defaults'
import { trustedOriginsOf } from '../runtime/server/cross-origin/trusted-origins'
import { logErrorsOf } from '../runtime/server/errors/nitro-error-reporter'

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

/**
 * The server API: checks the module-wide options, auto-imports `serverAutoImports` from the entry of the app's
 * Nitro major, hands the module-wide defaults to runtime config (so `NUXT_ACTION_ROUTE_MAX_BODY_SIZE` can override
 * them) and adds the Nitro plugins every server runs. Returns that server entry. Without `streams`,
 * `defineAction` and `createActionClient` come from the adapter without the streaming code.
 * @example
 * const serverEntry = setupServerApi(nuxt, options, nitroMajor, resolver, true)
 */
export function setupServerApi(nuxt: Nuxt, options: ModuleOptions, nitroMajor: NitroMajor, resolver: Resolver, streams: boolean): string {
  assertInputLimits(options, 'actionRoute')
  const trustedOrigins = [...trustedOriginsOf(options.trustedOrigins, 'actionRoute')]
  const logErrors = logErrorsOf(options.logErrors, 'actionRoute')
  // one set of server files per Nitro major: h3 v1 for Nitro 2 (Nuxt 3 and 4), h3 v2 for Nitro 3 (Nuxt 5),
  // so Nuxt 5 runs no file through its Nitro v2 compatibility layer (docs/compatibility.md)
  const serverEntry = pickServerFile(nitroMajor, {
    nitro2: resolver.resolve('./runtime/server/index'),
    nitro3: resolver.resolve('./runtime/server/h3-v2'),
  })

  const adapter = pickServerFile(nitroMajor, {
    nitro2: resolver.resolve('./runtime/server/adapters/h3-v1'),
    nitro3: resolver.resolve('./runtime/server/adapters/h3-v2'),
  })
  addServerImports(serverAutoImports.map(name => streams || !WITHOUT_STREAMING.has(name)
    ? { name, from: serverEntry }
    : { name: `${name}WithoutStreaming`, as: name, from: adapter }))

  // module-wide defaults go through runtime config, so NUXT_ACTION_ROUTE_MAX_BODY_SIZE can override them
  // (typed loosely: an app's generated RuntimeConfig also holds the `storage` that setupSharedStore adds later)
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
  return serverEntry
}
