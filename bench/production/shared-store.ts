// The shared store a server's rate limit or idempotency key uses, given as the module's Nitro plugin gives it.
import { createSharedStore, setSharedStore } from '../../packages/runtime/src/runtime/server/shared-store/shared-store'
import type { StorageLike } from '../../packages/runtime/src/runtime/server/shared-store/shared-store'

/**
 * Gives the runtime its shared store as the module's Nitro plugin does (`createSharedStore` on Nitro's
 * storage at base `action-route`), on a storage whose only mount is the driver Nitro would hold: its
 * memory driver, or its redis driver holding an ioredis client.
 * @example
 * useStoreOf('redis', new Redis(process.env.REDIS_URL!))
 */
export function useStoreOf(driver: 'memory' | 'redis', client?: unknown): void {
  const unused = () => Promise.reject(new Error('the memory and redis stores never go through unstorage\'s get and set'))
  const storage: StorageLike = {
    getMount: () => ({ base: '', driver: { name: driver, options: { base: 'bench' }, getInstance: () => client } }),
    getItem: unused,
    setItem: unused,
    removeItem: unused,
  }
  setSharedStore(createSharedStore(storage, 'action-route'))
}
