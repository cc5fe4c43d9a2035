import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import type { Nuxt } from '@nuxt/schema'
import { addDevServerHandler } from 'nuxt/kit'
import { fromNodeMiddleware } from 'h3'
import sirv from 'sirv'
import { createPanelHandler } from './internal/panel-handler.js'
import { TAB_ICON_FILE, TAB_ICON_SVG } from './internal/tab-icon.js'

/** Options of {@link setupDevtoolsTab}. */
export interface DevtoolsTabOptions {
  /** Prefix of the dev-only endpoints; the client is served under `${base}/client/`. */
  base: string
  /** The Nitro major of the dev server: 3 (Nuxt 5, h3 v2) gets a web-standard file handler, 2 sirv through h3 v1. Default 2. */
  nitroMajor?: 2 | 3
  /** The major of the Nuxt DevTools the app runs, as @action-route/runtime found it. Unknown: 4 on Nitro 3, 3 on Nitro 2. */
  devtoolsMajor?: number
}

/** The folder holding the built panel (`dist/client`). */
export const clientDir = fileURLToPath(new URL('../client', import.meta.url))

/** The Actions tab, as DevTools 3 lists custom tabs. */
interface CustomTab {
  name: string
  title: string
  icon: string
  category: string
  view: { type: 'iframe', src: string }
}

/** The part of DevTools 4's `devtools:ready` context this file uses: its docks. */
interface DevtoolsReadyContext {
  docks?: { register: (entry: { id: string, type: 'iframe', title: string, icon: string, url: string, groupId?: string }) => unknown }
}

/**
 * Serves the built panel from the dev server and adds the "Actions" tab to Nuxt DevTools,
 * with no deprecated API on either major: a dock registered from `devtools:ready` on
 * DevTools 4 (what `onDevtoolsReady` does), the `devtools:customTabs` hook on DevTools 3
 * (what `addCustomTab` does), so one tab on each and no deprecation warning.
 * Called by @action-route/runtime in `nuxi dev` only.
 * @example
 * setupDevtoolsTab(nuxt, { base: '/__action-route', nitroMajor: 3 })
 */
export function setupDevtoolsTab(nuxt: Nuxt, options: DevtoolsTabOptions): void {
  if (!existsSync(clientDir)) throw new Error(`the panel is not built (${clientDir} is missing)`)
  const route = `${options.base}/client`
  // Nitro 2 mounts a dev handler on its route as a prefix; Nitro 3 matches routes exactly, so every path below it is named
  // Nitro 3 runs on Nuxt 5 only, whose kit takes a handler per server API (`{ nitro3 }`); the kit of Nuxt 3 and 4 is
  // the app's own (`nuxt/kit`), which may predate that, so its types do not know the form
  addDevServerHandler(options.nitroMajor === 3
    ? { route: `${route}/**`, handler: { nitro3: createPanelHandler(clientDir, route) } } as unknown as Parameters<typeof addDevServerHandler>[0]
    : { route, handler: fromNodeMiddleware(sirv(clientDir, { dev: true, single: true })) })

  const url = `${route}/`
  const devtoolsMajor = options.devtoolsMajor ?? (options.nitroMajor === 3 ? 4 : 3)
  const hook = nuxt.hook as unknown as {
    (name: 'devtools:ready', run: (context: DevtoolsReadyContext) => void): void
    (name: 'devtools:customTabs', run: (tabs: CustomTab[]) => void): void
  }
  // both DevTools fetch a named icon (`carbon:flash`) from Iconify's network API, a blank square offline: ours is drawn here
  if (devtoolsMajor >= 4) {
    // DevTools 4's dock takes a data URL
    const icon = `data:image/svg+xml,${encodeURIComponent(TAB_ICON_SVG)}`
    hook('devtools:ready', (context) => {
      context.docks?.register({ id: 'action-route', type: 'iframe', title: 'Actions', icon, url, groupId: 'nuxt' })
    })
    return
  }
  // DevTools 3's tab draws an icon starting with `/` as a picture (a data URL would read as an icon name): the panel's own file
  hook('devtools:customTabs', (tabs) => {
    tabs.push({ name: 'action-route', title: 'Actions', icon: `${route}/${TAB_ICON_FILE}`, category: 'server', view: { type: 'iframe', src: url } })
  })
}
