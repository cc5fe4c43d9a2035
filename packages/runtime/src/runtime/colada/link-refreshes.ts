import { useQueryCache } from '@pinia/colada'
import { defineNuxtPlugin } from '#imports'
import { linkActionRefreshes } from './index'

/**
 * Links the app's Pinia Colada cache to `useAction` and `useActionForm`: a
 * success's `refreshes` also write or invalidate the action queries cached
 * there. The module adds it, in the browser, to apps with `@pinia/colada-nuxt`.
 * @example
 * // nuxt.config: modules: ['@action-route/runtime', '@pinia/nuxt', '@pinia/colada-nuxt']
 */
export default defineNuxtPlugin((nuxtApp) => {
  // once every plugin has run, so Pinia and Colada are installed whatever the order of the modules
  nuxtApp.hook('app:created', () => {
    linkActionRefreshes(nuxtApp.vueApp.runWithContext(() => useQueryCache()))
  })
})
