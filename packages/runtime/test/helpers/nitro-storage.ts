import { createRequire } from 'node:module'

/** What the tests use of an unstorage `Storage` (the package is Nitro's, not this one's, so it is typed here). */
export interface NitroStorage {
  mount: (base: string, driver: unknown) => NitroStorage
  getItem: (key: string) => Promise<unknown>
  hasItem: (key: string) => Promise<boolean>
  getKeys: (base?: string) => Promise<string[]>
  dispose: () => Promise<void>
}

type DriverFactory = (options?: Record<string, unknown>) => unknown

/**
 * unstorage and its drivers as a Nitro build bundles them: resolved through
 * the Nuxt the tests build with (nuxt, then nitropack, then unstorage), so the
 * tests use the same storage layer and the same ioredis as the built servers.
 * @example
 * const { createStorage, redisDriver } = await loadNitroStorage()
 * const storage = createStorage({ driver: redisDriver({ host: '127.0.0.1', port }) })
 */
export async function loadNitroStorage() {
  const fromRuntime = createRequire(new URL('../../package.json', import.meta.url))
  const fromNuxt = createRequire(fromRuntime.resolve('nuxt/package.json'))
  const fromNitro = createRequire(fromNuxt.resolve('nitropack/package.json'))
  const unstorage = await import(fromNitro.resolve('unstorage')) as { createStorage: (options?: { driver?: unknown }) => NitroStorage }
  const load = async (driver: string): Promise<DriverFactory> => (await import(fromNitro.resolve(`unstorage/drivers/${driver}`))).default
  return {
    createStorage: unstorage.createStorage,
    memoryDriver: await load('memory'),
    fsDriver: await load('fs'),
    redisDriver: await load('redis'),
  }
}
