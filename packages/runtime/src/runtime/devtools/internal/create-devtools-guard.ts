import { defineEventHandler } from 'h3'
import { refuseUnlessDeveloper } from './devtools-guard'
import type { DevtoolsGuardOptions } from './devtools-guard'

export { DEVTOOLS_TOKEN_HEADER } from './devtools-guard'
export type { DevtoolsGuardOptions } from './devtools-guard'

/**
 * The guard of the DevTools endpoints as an h3 v1 middleware (Nitro 2: Nuxt 3 and 4);
 * Nitro 3 runs `nitro3/guard-endpoints.ts`, the same guard as a plain h3 v2 handler.
 * @example
 * export default createDevtoolsGuard({ base: '/__action-route', tokenFile, requireToken: true })
 */
export function createDevtoolsGuard(options: DevtoolsGuardOptions) {
  return defineEventHandler(event => refuseUnlessDeveloper(event.path, event.headers, options))
}
