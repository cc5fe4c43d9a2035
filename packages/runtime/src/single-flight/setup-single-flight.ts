import type { Nuxt } from '@nuxt/schema'
import { addNitroPlugin } from '../internal/nuxt-kit'
import type { Resolver } from '../internal/nuxt-kit'
import { pickServerFile } from '../internal/nitro-major'
import type { NitroMajor } from '../internal/nitro-major'
import { setupSingleFlightRoutes } from './internal/single-flight-routes'

/**
 * Single flight: a mutation's answer carries the fresh data of the queries its caller names. Only the app's GET
 * actions can be named: their route patterns reach the Nitro plugin through a virtual module.
 * @example
 * if (options.singleFlight ?? uses.singleFlight) setupSingleFlight(nuxt, nitroMajor, resolver)
 */
export function setupSingleFlight(nuxt: Nuxt, nitroMajor: NitroMajor, resolver: Resolver): void {
  setupSingleFlightRoutes(nuxt)
  addNitroPlugin(pickServerFile(nitroMajor, {
    nitro2: resolver.resolve('./runtime/server/plugins/single-flight'),
    nitro3: resolver.resolve('./runtime/server/plugins/single-flight.nitro3'),
  }))
}
