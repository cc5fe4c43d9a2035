import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { startNuxtDevApp } from '../../packages/runtime/test/helpers/dev-app'
import { staticPagePaths, warmUpPages } from '../../packages/runtime/test/helpers/warm-up-pages'
import { playgroundTarget } from '../../packages/runtime/test/helpers/playground-target'

/**
 * A layer whose only change is the build folder: the `playground` project's production build (the playground's own
 * `.nuxt`/`.output`) and the DevTools suites' `nuxi dev` (their own layer) run at the same time as this one.
 * Git ignores `packages/runtime/test/fixtures/.dev-*`.
 */
const layerDir = fileURLToPath(new URL('../../packages/runtime/test/fixtures/.dev-playground', import.meta.url))

/**
 * Starts `nuxi dev` on the playground, with a data folder of its own, and provides the same `playgroundURL` as the
 * production setup (global-setup.ts), and `playgroundMode: 'dev'`. On the compatibility suite's installed copy
 * (E2E_PLAYGROUND_DIR, run alone, after its production run) the copy's own `.nuxt` is used.
 */
export default async function setup(project: TestProject) {
  const target = await playgroundTarget('dev')
  let layer: string | undefined
  if (!target.packed) {
    await mkdir(layerDir, { recursive: true })
    await writeFile(join(layerDir, 'nuxt.config.ts'), `export default ${JSON.stringify({ buildDir: join(layerDir, '.nuxt') }, null, 2)}\n`)
    layer = layerDir
  }
  const app = await startNuxtDevApp(target.appDir, { node: target.node, layer, env: target.env }).catch(async (error) => {
    await target.removeData()
    throw error
  })
  const started = Date.now()
  try {
    await warmUpPages(app.baseURL, await staticPagePaths(target.appDir))
  }
  catch (error) {
    await app.close()
    await target.removeData()
    throw new Error(`warming up the playground's pages under nuxi dev failed:\n${app.log().slice(-4000)}`, { cause: error })
  }
  console.log(`playground-dev: nuxi dev up, pages warmed up in ${Math.round((Date.now() - started) / 1000)} s`)
  project.provide('playgroundURL', app.baseURL)
  project.provide('playgroundMode', 'dev')
  return async () => {
    await app.close()
    await target.removeData()
  }
}
