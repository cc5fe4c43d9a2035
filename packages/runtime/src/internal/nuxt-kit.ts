// The app's own Nuxt Kit: `nuxt/kit` is the copy its Nuxt ships and runs with, so the module never brings a second
// @nuxt/kit into the app (docs/compatibility.md). Kits before 4.6 name two helpers differently; they are bridged here.
import type { Nuxt } from '@nuxt/schema'
import * as kit from 'nuxt/kit'

export { addImports, addPlugin, addServerHandler, addServerImports, addTemplate, addTypeTemplate, createResolver, defineNuxtModule, getNuxtVersion, hasNuxtModule, updateTemplates, useLogger } from 'nuxt/kit'

/** What `createResolver(import.meta.url)` gives in module.ts: each capability's setup resolves its runtime files through it. */
export type Resolver = ReturnType<typeof kit.createResolver>

/** The helpers kit 4.6 added, absent from the kit of Nuxt 3.14 to 4.5. */
interface NewerKit {
  addNitroPlugin?: (plugin: string) => void
  getNitroVersion?: (nuxt: Nuxt) => number | undefined
}

/**
 * Adds a Nitro plugin by its path: kit's `addNitroPlugin` (4.6 on, Nuxt 5's), else `addServerPlugin`, its name before.
 * @example
 * addNitroPlugin(resolver.resolve('./runtime/server/plugins/action-defaults'))
 */
export function addNitroPlugin(plugin: string): void {
  const add = (kit as NewerKit).addNitroPlugin ?? kit.addServerPlugin
  add(plugin)
}

/**
 * The Nitro major kit reads for this Nuxt (kit 4.6 on), or undefined where the app's kit cannot say: Nitro 2 then.
 * @example
 * getNitroVersion(nuxt) // 2 on Nuxt 4 with nitropack
 */
export function getNitroVersion(nuxt: Nuxt): number | undefined {
  return (kit as NewerKit).getNitroVersion?.(nuxt)
}
