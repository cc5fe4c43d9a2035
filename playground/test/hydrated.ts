/**
 * True once Nuxt has finished hydrating the page, for `page.waitForFunction(hydrated)`. The Vue app exists from the
 * start of `mount()`, but a page under `<Suspense>` (an async setup, a lazily loaded page in `nuxi dev`) gets its
 * listeners only when Nuxt resolves the suspense and sets `isHydrating` to false: a click before that lands on an
 * element with no listener yet, and a form's submit goes to the browser (a GET of the page with the fields in its query).
 * @example
 * await page.goto(`${baseURL}/todos`)
 * await page.waitForFunction(hydrated)
 */
export const hydrated = () => (document.querySelector('#__nuxt') as { __vue_app__?: { $nuxt?: { isHydrating?: boolean } } } | null)
  ?.__vue_app__?.$nuxt?.isHydrating === false
