import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { collectOutput, findNuxtBin } from '../helpers/internal/nuxt-process'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server of fixtures/tracing built with `tracing: false` (`ACTION_ROUTE_TRACING=off`), copied aside. */
    tracingOffServerDir: string
  }
}

const appDir = fileURLToPath(new URL('../fixtures/tracing', import.meta.url))

async function build(env: Record<string, string>) {
  const child = spawn(process.execPath, [findNuxtBin(appDir), 'build', appDir], { cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, NODE_ENV: 'production' } })
  const log = collectOutput(child)
  const [code] = await once(child, 'exit')
  if (code !== 0) throw new Error(`nuxt build of ${appDir} failed (${code}):\n${log().slice(-4000)}`)
}

/**
 * Builds fixtures/tracing twice for the whole project: without tracing (its server copied to a temporary folder,
 * for the test that reads it), then with tracing in place (`.output`), which every file that starts a traced server
 * shares. One build each, where each file used to build its own.
 */
export default async function setup(project: TestProject) {
  const offDir = await mkdtemp(join(tmpdir(), 'action-route-tracing-off-'))
  await build({ ACTION_ROUTE_TRACING: 'off' })
  await cp(join(appDir, '.output/server'), offDir, { recursive: true })
  await build({})
  project.provide('tracingOffServerDir', offDir)
  return () => rm(offDir, { recursive: true, force: true })
}
