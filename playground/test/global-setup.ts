import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { buildAndStartNuxtApp } from '../../packages/runtime/test/helpers/built-app'

declare module 'vitest' {
  export interface ProvidedContext {
    playgroundURL: string
  }
}

/** Builds the playground as a user would deploy it and starts it on 127.0.0.1. */
export default async function setup(project: TestProject) {
  const app = await buildAndStartNuxtApp(fileURLToPath(new URL('..', import.meta.url)))
  project.provide('playgroundURL', app.baseURL)
  return app.close
}
