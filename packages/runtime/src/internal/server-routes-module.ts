import type { Nuxt } from '@nuxt/schema'

/** The part of the Nitro instance read here: its major, its route files, the routes and handlers of its options, and where it serves. */
export interface NitroWithHandlers<THandler> {
  meta?: { majorVersion?: number }
  scannedHandlers: THandler[]
  /** On Nitro 3, `routes` maps a pattern to a handler's path or options; Nitro 2 reads it as route rules. */
  options: { handlers?: THandler[], routes?: Record<string, string | object>, dev?: boolean, preset?: string, baseURL?: string }
  /** Nitro 3's routers; Nitro 2 has none. */
  routing?: { routes: object }
}

/**
 * Adds a Nitro virtual module written from the server's handlers (the
 * scanned route files, the handlers modules added, then Nitro 3's `routes`
 * option) and the environments it serves in (`'dev'` or `'prod'`, and its
 * preset); `render` also gets the Nitro instance (unset before Nitro is
 * made). The module is written each time the server is bundled, so
 * `nuxi dev` follows added files.
 * @example
 * addServerRoutesModule(nuxt, '#action-route/allowed-methods', (handlers, servedIn) => `export default ${JSON.stringify(patternsOf(handlers, servedIn))}\n`)
 */
export function addServerRoutesModule<THandler>(nuxt: Nuxt, name: string, render: (handlers: readonly THandler[], servedIn: ReadonlySet<string>, nitro?: NitroWithHandlers<THandler>) => string): void {
  let handlers: () => readonly THandler[] = () => []
  let servedIn: ReadonlySet<string> = new Set()
  let made: NitroWithHandlers<THandler> | undefined
  // typed by Nuxt's Nitro package, not by @nuxt/schema
  const hook = nuxt.hook as unknown as (name: 'nitro:init', run: (nitro: NitroWithHandlers<THandler>) => void) => void
  hook('nitro:init', (nitro) => {
    made = nitro
    // Nitro 3 routes these as it does the handlers: a path alone is a handler that takes every method
    const routes = () => Object.entries(nitro.meta?.majorVersion === 3 ? nitro.options.routes ?? {} : {})
      .map(([route, handler]) => ({ ...typeof handler === 'string' ? { handler } : handler, route, middleware: false }) as THandler)
    handlers = () => [...nitro.scannedHandlers, ...nitro.options.handlers ?? [], ...routes()]
    servedIn = new Set([nitro.options.dev ? 'dev' : 'prod', ...nitro.options.preset ? [nitro.options.preset] : []])
  })
  const options = nuxt.options as { nitro?: { virtual?: Record<string, string | (() => string)> } }
  const nitroOptions = options.nitro ||= {}
  nitroOptions.virtual ||= {}
  nitroOptions.virtual[name] = () => render(handlers(), servedIn, made)
}
