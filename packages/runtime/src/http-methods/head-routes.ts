import type { Nuxt } from '@nuxt/schema'

/** The part of a Nitro handler entry this file reads. */
export interface NitroHandlerEntry {
  route?: string
  method?: string
  [key: string]: unknown
}

/** The part of the Nitro instance this file uses. */
export interface NitroLike {
  scannedHandlers: NitroHandlerEntry[]
}

/** Adds a HEAD twin for every GET route that has no HEAD route of its own. */
export function withHeadTwins<T extends NitroHandlerEntry>(handlers: T[]): T[] {
  const hasHead = new Set(handlers.filter(entry => entry.method === 'head').map(entry => entry.route))
  return handlers.flatMap(entry => entry.method === 'get' && entry.route && !hasHead.has(entry.route)
    ? [entry, { ...entry, method: 'head' }]
    : [entry])
}

/**
 * h3 v1 routes HEAD only to handlers registered for HEAD, so `todos.get.ts`
 * would never see one. Nitro assigns `scannedHandlers` after each scan (at
 * build, and on every route file added or removed in dev) without a hook in
 * between, so the twins are added as the list is assigned, and `onScan`
 * hears of each new list.
 */
export function answerHeadLikeGet(nitro: NitroLike, onScan?: () => void): void {
  let handlers = withHeadTwins(nitro.scannedHandlers)
  Object.defineProperty(nitro, 'scannedHandlers', {
    configurable: true,
    enumerable: true,
    get: () => handlers,
    set: (value: NitroHandlerEntry[]) => {
      handlers = withHeadTwins(value)
      onScan?.()
    },
  })
}

/**
 * HEAD answers like GET (docs/decisions.md): each GET route gets its HEAD twin once Nitro is made, and `onScan`
 * hears of each new scan of the route files.
 * @example
 * setupHeadRoutes(nuxt, () => routeMap.refresh())
 */
export function setupHeadRoutes(nuxt: Nuxt, onScan?: () => void): void {
  // typed by Nuxt's Nitro package, not by @nuxt/schema
  const hook = nuxt.hook as unknown as (name: 'nitro:init', run: (nitro: NitroLike) => void) => void
  hook('nitro:init', nitro => answerHeadLikeGet(nitro, onScan))
}
