// Nitro 3 plugin (Nuxt 5): shared-store.ts's twin, importing from `nitro/*` only so Nuxt 5 runs it natively.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient module declarations, nothing to import at run time
/// <reference path="./nitro-runtime-config.d.ts" />
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient module declarations, nothing to import at run time
/// <reference path="./nitro-storage.d.ts" />
import { useRuntimeConfig } from 'nitro/runtime-config'
import { useStorage } from 'nitro/storage'
import type { StorageLike } from '../shared-store/shared-store'
import { createSharedStore, setSharedStore } from '../shared-store/shared-store'
import type { MemoryStoreLimits } from '../shared-store/shared-store-memory'

export default function provideSharedStore() {
  const config = (useRuntimeConfig() as { actionRoute?: { storage?: string, memoryStore?: MemoryStoreLimits } }).actionRoute
  // the memory store's bound, from runtime config (an environment variable may change it; a bad one stops the server)
  setSharedStore(createSharedStore(useStorage() as unknown as StorageLike, config?.storage || 'action-route', { memory: config?.memoryStore }))
}
