// #region vue-query-plugin
import type { DehydratedState } from '@tanstack/vue-query'
import { QueryClient, VueQueryPlugin, defaultShouldDehydrateQuery, dehydrate, hydrate } from '@tanstack/vue-query'
import { ActionQueryError, linkActionRefreshes } from '@action-route/runtime/vue-query'

// TanStack Query in Nuxt: one QueryClient per page request on the server, one for the tab in the browser. The
// queries a page loaded during SSR travel in Nuxt's payload and fill the browser's cache before the app mounts.
// A payload plugin, so Nuxt knows how to carry an ActionQueryError before it reads the payload
export default definePayloadPlugin((nuxtApp) => {
  definePayloadReducer('ActionQueryError', (value: unknown) => value instanceof ActionQueryError && value.data)
  definePayloadReviver('ActionQueryError', (data: ActionQueryError['data']) => new ActionQueryError(data))

  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // what the server rendered is not fetched again as soon as the page mounts
        staleTime: 10_000,
        // a refusal (a 4xx: not signed in, not found) would answer the same again; a lost answer may not. The
        // server renders at once with what it got (TanStack's own default there)
        retry: import.meta.server ? false : (failures, error) => failures < 2 && !(error instanceof ActionQueryError && error.statusCode >= 400 && error.statusCode < 500),
      },
    },
  })
  nuxtApp.vueApp.use(VueQueryPlugin, { queryClient })

  if (import.meta.server) {
    // once the page has rendered, every query it awaited has settled: its data, or its error (a signed-out visitor's
    // page then hydrates showing what the server rendered)
    nuxtApp.hooks.hook('app:rendered', () => {
      nuxtApp.payload.vueQuery = dehydrate(queryClient, { shouldDehydrateQuery: query => defaultShouldDehydrateQuery(query) || query.state.status === 'error' })
    })
  }
  else {
    // useAction's and useActionForm's `refreshes` reach this cache too
    linkActionRefreshes(queryClient)
    // Nuxt reads the payload after this plugin: fill the cache once it has, before the app mounts
    nuxtApp.hooks.hook('app:created', () => {
      if (nuxtApp.payload.vueQuery) hydrate(queryClient, nuxtApp.payload.vueQuery as DehydratedState)
    })
  }
})
// #endregion vue-query-plugin
