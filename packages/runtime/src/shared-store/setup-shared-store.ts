import type { Nuxt } from '@nuxt/schema'
import { addNitroPlugin } from '../internal/nuxt-kit'
import { appSourceUses, serverDirsOf } from '../app-source/app-source-uses'
import type { NitroMajor, NitroVariants } from '../internal/nitro-major'
import { pickServerFile } from '../internal/nitro-major'
import type { MemoryStoreLimits } from '../runtime/server/shared-store/shared-store-memory'
import { DEFAULT_MEMORY_STORE_LIMITS, memoryStoreLimitsOf } from '../runtime/server/shared-store/shared-store-memory'

/** The storage base rate limits and idempotency keys keep their state under, unless `actionRoute.storage` names another. */
export const DEFAULT_STORAGE_BASE = 'action-route'

/**
 * The shared store of rate limits and idempotency keys: the storage base goes to runtime config
 * (`NUXT_ACTION_ROUTE_STORAGE` overrides it), and a Nitro plugin hands the
 * runtime the store on Nitro's storage at that base. The plugin joins a build
 * when the option is set or the server's own code names `rateLimit` or `idempotent` (`nuxi dev`
 * always), so other servers stay small. The memory store's bound goes to runtime config too
 * (`NUXT_ACTION_ROUTE_MEMORY_STORE_MAX_BYTES`), checked here so a bad one stops the build.
 * @example
 * await setupSharedStore(nuxt, options.storage, nitroMajor, { maxBytes: 8_388_608 }, { nitro2: '...', nitro3: '...' })
 */
export async function setupSharedStore(nuxt: Nuxt, storage: string | undefined, nitroMajor: NitroMajor, memoryStore: MemoryStoreLimits | undefined, plugins: NitroVariants): Promise<void> {
  if (storage !== undefined && (typeof storage !== 'string' || storage.trim() === '')) {
    throw new TypeError(`actionRoute.storage must name a storage base ('action-route'), got ${JSON.stringify(storage)}`)
  }
  memoryStoreLimitsOf(memoryStore)
  const runtimeConfig = nuxt.options.runtimeConfig as { actionRoute?: Record<string, unknown> }
  runtimeConfig.actionRoute = {
    ...runtimeConfig.actionRoute,
    storage: runtimeConfig.actionRoute?.storage ?? storage ?? DEFAULT_STORAGE_BASE,
    memoryStore: { ...DEFAULT_MEMORY_STORE_LIMITS, ...memoryStore, ...runtimeConfig.actionRoute?.memoryStore as MemoryStoreLimits | undefined },
  }
  if (storage !== undefined || nuxt.options.dev || (await appSourceUses(serverDirsOf(nuxt))).sharedStore) {
    addNitroPlugin(pickServerFile(nitroMajor, plugins))
  }
}
