import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import type { Nuxt } from '@nuxt/schema'
import { addDevServerHandler } from '@nuxt/kit'
import { addCustomTab } from '@nuxt/devtools-kit'
import { fromNodeMiddleware } from 'h3'
import sirv from 'sirv'

/** Options of {@link setupDevtoolsTab}. */
export interface DevtoolsTabOptions {
  /** Prefix of the dev-only endpoints; the client is served under `${base}/client/`. */
  base: string
}

/** The folder holding the built panel (`dist/client`). */
export const clientDir = fileURLToPath(new URL('../client', import.meta.url))

/**
 * Serves the built panel from the dev server and adds the "Actions" tab to
 * Nuxt DevTools. Called by @action-route/runtime in `nuxi dev` only.
 * @example
 * setupDevtoolsTab(nuxt, { base: '/__action-route' })
 */
export function setupDevtoolsTab(nuxt: Nuxt, options: DevtoolsTabOptions): void {
  if (!existsSync(clientDir)) throw new Error(`the panel is not built (${clientDir} is missing)`)
  addDevServerHandler({
    route: `${options.base}/client`,
    handler: fromNodeMiddleware(sirv(clientDir, { dev: true, single: true })),
  })
  addCustomTab({
    name: 'action-route',
    title: 'Actions',
    icon: 'carbon:flash',
    category: 'server',
    view: { type: 'iframe', src: `${options.base}/client/` },
  }, nuxt)
}
