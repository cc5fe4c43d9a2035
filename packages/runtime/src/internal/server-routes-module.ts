import type { Nuxt } from '@nuxt/schema'

/** The part of the Nitro instance read here: its route files and module handlers, and where it serves. */
interface NitroWithHandlers<THandler> {
  scannedHandlers: THandler[]
  options: { handlers?: THandler[], dev?: boolean, preset?: string }
}

/**
 * Adds a Nitro virtual module written from the server's handlers (the
 * scanned route files, then the handlers modules added) and the
 * environments it serves in (`'dev'` or `'prod'`, and its preset). The
 * module is written each time the server is bundled, so `nuxi dev` follows
 * added files.
 * @example
 * addServerRoutesModule(nuxt, '#action-route/allowed-methods', (handlers, servedIn) => `export default ${JSON.stringify(patternsOf(handlers, servedIn))}\n`)
 */
export function addServerRoutesModule<THandler>(nuxt: Nuxt, name: string, render: (handlers: readonly THandler[], servedIn: ReadonlySet<string>) => string): void {
  let handlers: () => readonly THandler[] = () => []
  let servedIn: ReadonlySet<string> = new Set()
  // typed by Nuxt's Nitro package, not by @nuxt/schema
  const hook = nuxt.hook as unknown as (name: 'nitro:init', run: (nitro: NitroWithHandlers<THandler>) => void) => void
  hook('nitro:init', (nitro) => {
    handlers = () => [...nitro.scannedHandlers, ...nitro.options.handlers ?? []]
    servedIn = new Set([nitro.options.dev ? 'dev' : 'prod', ...nitro.options.preset ? [nitro.options.preset] : []])
  })
  const options = nuxt.options as { nitro?: { virtual?: Record<string, string | (() => string)> } }
  const nitroOptions = options.nitro ||= {}
  nitroOptions.virtual ||= {}
  nitroOptions.virtual[name] = () => render(handlers(), servedIn)
}
