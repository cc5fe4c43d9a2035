import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { launchChromium } from '../../../../test-utils/browser'

/**
 * The paths of an app's static pages (`app/pages/**\/*.vue` without a `[param]`): `index.vue` is `/`,
 * `todos/index.vue` is `/todos`.
 * @example
 * await staticPagePaths(playgroundDir) // ['/', '/errors', '/rsvp', '/todos']
 */
export async function staticPagePaths(appDir: string): Promise<string[]> {
  const files = await readdir(join(appDir, 'app/pages'), { recursive: true }).catch(() => [] as string[])
  const paths = files
    .filter(file => file.endsWith('.vue') && !file.includes('['))
    .map(file => `/${file.replace(/\\/g, '/').replace(/\.vue$/, '').replace(/(?:^|\/)index$/, '')}`)
  return paths.length ? [...new Set(paths)].sort() : ['/']
}

/**
 * Opens each page once in Chromium and waits until the network is idle: under `nuxi dev`, Vite transforms the
 * client modules and optimizes the dependencies it discovers on a first visit (and then reloads the page), which
 * on a busy 2-core machine would otherwise happen inside the first test's time limit.
 * @example
 * await warmUpPages(app.baseURL, await staticPagePaths(appDir))
 */
export async function warmUpPages(baseURL: string, paths: string[]): Promise<void> {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    for (const path of paths) {
      await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle', timeout: 180_000 })
    }
    // a dependency optimized during the last visit reloads the page: wait for that reload too
    await page.waitForLoadState('networkidle', { timeout: 180_000 })
  }
  finally {
    await browser.close()
  }
}
