import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { freePort } from '../helpers/built-app'
import { collectOutput, findNuxtBin } from '../helpers/internal/nuxt-process'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The port fixtures/shared-store's build points its storage at: each file starts its own Redis there, in turn. */
    sharedStoreRedisPort: number
  }
}

const appDir = fileURLToPath(new URL('../fixtures/shared-store', import.meta.url))

/**
 * Builds fixtures/shared-store once for the project, its storage on a Redis URL of a port chosen here (Nitro writes
 * the URL into the build). Each file that runs two servers of it starts a fresh Redis on that port, one file after
 * another (the project runs its files in turn), so neither sees the other's keys. One build, where each file made its own.
 */
export default async function setup(project: TestProject) {
  const port = await freePort()
  const child = spawn(process.execPath, [findNuxtBin(appDir), 'build', appDir], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REDIS_URL: `redis://127.0.0.1:${port}`, NODE_ENV: 'production' },
  })
  const log = collectOutput(child)
  const [code] = await once(child, 'exit')
  if (code !== 0) throw new Error(`nuxt build of ${appDir} failed (${code}):\n${log().slice(-4000)}`)
  project.provide('sharedStoreRedisPort', port)
}
