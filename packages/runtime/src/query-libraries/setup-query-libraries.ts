import { existsSync } from 'node:fs'
import type { Nuxt } from '@nuxt/schema'
import { addPlugin, hasNuxtModule } from '../internal/nuxt-kit'
import type { Resolver } from '../internal/nuxt-kit'

/**
 * The query libraries' subpaths (`@action-route/runtime/colada`, `/vue-query`) and Pinia Colada's plugins, when the
 * app installs its Nuxt module.
 * @example
 * setupQueryLibraries(nuxt, resolver)
 */
export function setupQueryLibraries(nuxt: Nuxt, resolver: Resolver): void {
  // the query libraries' subpaths from this module's source when the app loads that (the reference app: `pnpm dev`
  // needs no build); an installed module leaves them to its package's exports, since on Nuxt 5 an alias into a
  // module's folder puts that folder in Nitro's scope and turns on its Nitro 2 compatibility layer (NUXT_B9003).
  // Vite's dev server serves them as it serves the composables, never pre-bundled: they import #imports, and a
  // pre-bundle made on a page's first visit would reload every open page
  const subpaths = ['colada', 'vue-query'].map(library => `@action-route/runtime/${library}`)
  for (const subpath of subpaths) {
    const source = resolver.resolve(`./runtime/${subpath.split('/').pop()}/index.ts`)
    if (existsSync(source)) nuxt.options.alias[subpath] ??= source.slice(0, -'.ts'.length)
  }
  nuxt.options.vite.optimizeDeps = { ...nuxt.options.vite.optimizeDeps, exclude: [...nuxt.options.vite.optimizeDeps?.exclude ?? [], ...subpaths] }
  // Pinia Colada's Nuxt module puts a query's error in the SSR payload: an ActionQueryError needs a reducer there
  nuxt.hook('modules:done', () => {
    if (!hasNuxtModule('@pinia/colada-nuxt', nuxt)) return
    addPlugin(resolver.resolve('./runtime/colada/error-payload'))
    // useAction's and useActionForm's refreshes reach Colada's cache too
    addPlugin({ src: resolver.resolve('./runtime/colada/link-refreshes'), mode: 'client' })
  })
}
