import type { Nuxt } from '@nuxt/schema'
import { addImports } from '../internal/nuxt-kit'
import type { Resolver } from '../internal/nuxt-kit'
import { setupClientFetch } from './internal/client-fetch'

/** The client API the module auto-imports in app code. */
export const clientAutoImports = ['useAction', 'useActionQuery', 'useActionForm', 'useActionStream', 'refreshActionQueries', '$action', 'useRequestAction'] as const

/** Types the module auto-imports in app code, for a typed `switch` over a call's `error.code` (docs/errors.md). */
export const clientTypeAutoImports = ['ActionCallError', 'ActionErrorCode'] as const

/**
 * The client: auto-imports `useAction`, `useActionQuery`, `$action` and the rest from the runtime's app entry,
 * and writes the `$fetch` the client calls actions with into the build.
 * @example
 * setupClient(nuxt, resolver)
 */
export function setupClient(nuxt: Nuxt, resolver: Resolver): void {
  addImports([
    ...clientAutoImports.map(name => ({ name, from: resolver.resolve('./runtime/app/index') })),
    ...clientTypeAutoImports.map(name => ({ name, from: resolver.resolve('./runtime/app/index'), type: true })),
  ])
  setupClientFetch(nuxt)
}
