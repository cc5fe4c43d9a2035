import type { TestProject } from 'vitest/node'
import { buildAndStartNuxtApp, startBuiltServer } from '../../packages/runtime/test/helpers/built-app'
import { sharedPlaygroundBuild } from '../../packages/runtime/test/helpers/playground-build'
import { playgroundTarget } from '../../packages/runtime/test/helpers/playground-target'
import type { PlaygroundMode } from '../../packages/runtime/test/helpers/playground-target'

declare module 'vitest' {
  export interface ProvidedContext {
    playgroundURL: string
    /** `'build'` (production server) or `'dev'` (`nuxi dev`): a test that holds in one mode only skips in the other. */
    playgroundMode: PlaygroundMode
  }
}

/**
 * Builds the playground as a user would deploy it and starts it on 127.0.0.1, with a data folder of its own
 * (the server's working directory too). The build is the one `pnpm test` shares with the OpenAPI and DevTools
 * production checks (sharedPlaygroundBuild). The compatibility suite points E2E_PLAYGROUND_DIR at an installed copy,
 * built here, and E2E_NODE at another Node.
 */
export default async function setup(project: TestProject) {
  const target = await playgroundTarget('build')
  const start = target.packed
    ? buildAndStartNuxtApp(target.appDir, target.node, '/', { env: target.env, serverCwd: target.dataDir })
    : sharedPlaygroundBuild().then(outputDir => startBuiltServer(outputDir, target.node, '/', { env: { ...process.env, ...target.env, NODE_ENV: 'production' }, cwd: target.dataDir }))
  const app = await start.catch(async (error) => {
    await target.removeData()
    throw error
  })
  project.provide('playgroundURL', app.baseURL)
  project.provide('playgroundMode', 'build')
  return async () => {
    await app.close()
    await target.removeData()
  }
}
