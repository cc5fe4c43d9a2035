import type { Nuxt } from '@nuxt/schema'
import { addTemplate, addTypeTemplate, getNuxtVersion } from '../../internal/nuxt-kit'

/** The template the client reads Nuxt's `$fetch` from. */
export const CLIENT_FETCH = 'action-route-fetch.mjs'

/**
 * Gives the client Nuxt's own `$fetch` (its base URL, its interceptors) on every Nuxt:
 * Nuxt 3 and 4 put it on `globalThis` (`#build/fetch.mjs` exports nothing), Nuxt 5 exports it
 * from `#build/fetch` and, in the browser, no longer sets the global. The generated
 * `#build/action-route-fetch.mjs` exports `nuxtFetch()`, which answers the one this Nuxt has.
 * @example
 * setupClientFetch(nuxt) // then, in the client: import { nuxtFetch } from '#build/action-route-fetch.mjs'
 */
export function setupClientFetch(nuxt: Nuxt): void {
  const nuxtMajor = Number.parseInt(getNuxtVersion(nuxt), 10)
  addTemplate({ filename: CLIENT_FETCH, getContents: () => renderClientFetch(nuxtMajor) })
  addTypeTemplate({
    filename: 'types/action-route-fetch.d.ts',
    getContents: () => `declare module '#build/${CLIENT_FETCH}' {\n  export const nuxtFetch: () => { raw: (url: string, options: Record<string, unknown>) => Promise<{ status: number, statusText: string, _data?: unknown }> }\n}\n`,
  })
}

/**
 * The contents of `#build/action-route-fetch.mjs` for a Nuxt major.
 * @example
 * renderClientFetch(4) // 'export const nuxtFetch = () => globalThis.$fetch\n'
 */
export function renderClientFetch(nuxtMajor: number): string {
  return nuxtMajor >= 5
    ? 'import { $fetch } from \'#build/fetch\'\nexport const nuxtFetch = () => $fetch\n'
    : 'export const nuxtFetch = () => globalThis.$fetch\n'
}
