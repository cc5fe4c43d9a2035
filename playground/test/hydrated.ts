/**
 * True once Vue has mounted the app, for `page.waitForFunction(hydrated)`: under `nuxi dev` a click before that
 * lands on an element with no listener yet.
 * @example
 * await page.goto(`${baseURL}/todos`)
 * await page.waitForFunction(hydrated)
 */
export const hydrated = () => Boolean((document.querySelector('#__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__)
