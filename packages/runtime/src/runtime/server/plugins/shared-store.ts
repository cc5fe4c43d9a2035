// Nitro 2 plugin (Nuxt 3 and 4): hands rate limits the shared store on Nitro's storage, at the base that
// runtime config `actionRoute.storage` names. Added only when the server's code uses rateLimit (or the option is set).
// '#imports' only exists inside a Nuxt server build, so this file is type-checked there, not in this package.
// Nitro 3 (Nuxt 5) runs shared-store.nitro3.ts instead.
import { useRuntimeConfig, useStorage } from '#imports'
import type { StorageLike } from '../shared-store/shared-store'
import { createSharedStore, setSharedStore } from '../shared-store/shared-store'
import type { MemoryStoreLimits } from '../shared-store/shared-store-memory'

export default function provideSharedStore() {
  const config = (useRuntimeConfig() as { actionRoute?: { storage?: string, memoryStore?: MemoryStoreLimits } }).actionRoute
  // the memory store's bound, from runtime config (an environment variable may change it; a bad one stops the server)
  setSharedStore(createSharedStore(useStorage() as unknown as StorageLike, config?.storage || 'action-route', { memory: config?.memoryStore }))
}
