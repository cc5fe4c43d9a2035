import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build, serve } from 'vitepress'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built site, served by `vitepress preview`'s own server on a free port. */
    siteURL: string
  }
}

const docsDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Serves docs/.vitepress/dist as `vitepress preview` does. CI builds it first (`pnpm docs:build`); when it is
 * missing (a local run), it is built here once.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(fileURLToPath(new URL('../.vitepress/dist/index.html', import.meta.url)))) await build(docsDir)
  const app = await serve({ root: docsDir, port: 0 })
  const server = app.server!
  if (!server.listening) await new Promise(resolve => server.once('listening', resolve))
  project.provide('siteURL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  return () => new Promise<void>(resolve => server.close(() => resolve()))
}
