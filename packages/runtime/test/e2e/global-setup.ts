import { fileURLToPath } from 'node:url'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildAndStartNuxtApp } from '../helpers/built-app'
import { buildAndServeOnWorkerd } from '../workers/workerd'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    fixtureDir: string
  }
}

/**
 * Builds the fixture Nuxt app and starts its production server on 127.0.0.1.
 * The compatibility suite points E2E_FIXTURE_DIR at a copy of the fixture
 * with another Nuxt installed, and E2E_NODE at another Node binary.
 * E2E_TARGET=workers builds it with Nitro's cloudflare-module preset and serves
 * it with workerd instead (scripts/workers.mjs; never on the fixture in place).
 */
export default async function setup(project: TestProject) {
  const fixtureDir = resolve(process.env.E2E_FIXTURE_DIR || fileURLToPath(new URL('../fixtures/basic', import.meta.url)))
  const start = process.env.E2E_TARGET === 'workers' ? buildAndServeOnWorkerd : buildAndStartNuxtApp
  const app = await start(fixtureDir, process.env.E2E_NODE || process.execPath, '/api/echo')
  project.provide('baseURL', app.baseURL)
  project.provide('fixtureDir', fixtureDir)
  return app.close
}
