import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../../../test-utils/browser'
import { waitFor } from './dev-server'
import { startScratchDev } from './scratch-app'
import type { ScratchDev } from './scratch-app'

const results = fileURLToPath(new URL('../../test-results/', import.meta.url))
// the Nuxt DevTools the app runs: the compatibility suite's installed app, or the workspace's
const appDir = process.env.E2E_DEV_APP_DIR ?? fileURLToPath(new URL('../../../../', import.meta.url))
const nuxtPackage = createRequire(`${appDir}/`).resolve('nuxt/package.json')
const devtoolsVersion: string = JSON.parse(readFileSync(createRequire(nuxtPackage).resolve('@nuxt/devtools/package.json'), 'utf8')).version
// DevTools 4 (Nuxt 5) shows the panel as a dock of its own UI, which this test does not drive yet
const isDevtools3 = devtoolsVersion.startsWith('3.')

let app: ScratchDev
let browser: Browser
let page: Page

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../../dist/client/index.html', import.meta.url)))) {
    throw new Error('Build the panel first: pnpm --filter @action-route/devtools build')
  }
  await mkdir(results, { recursive: true })
  app = await startScratchDev({
    name: 'host',
    files: { 'server/api/hello.get.ts': 'export default defineAction({ handler: () => ({ hello: true }) })\n' },
    devtools: true,
  })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await page.addInitScript(({ token }) => {
    window.localStorage.setItem('__nuxt_dev_token__', token)
    // DevTools 3 opens where it was left: the Actions tab, in dark mode
    window.localStorage.setItem('nuxt-devtools-frame-state', JSON.stringify({ open: true, route: '/modules/custom-action-route', width: 90, height: 90, top: 0, left: 50, position: 'bottom' }))
    window.localStorage.setItem('nuxt-devtools-color-mode', 'dark')
  }, { token: app.token })
})

afterAll(async () => {
  await browser?.close()
  await app?.close()
})

/** The panel's frame inside DevTools' own iframe, once it has loaded. */
async function panelFrame(): Promise<Frame> {
  let found: Frame | undefined
  await waitFor(async () => {
    found = page.frames().find(frame => frame.url().includes('/__action-route/client/'))
    return found !== undefined && await found.locator('.app').count() > 0
  }, 60_000, () => `${app.log()}\nframes: ${page.frames().map(frame => frame.url()).join(', ')}`).catch(async (error) => {
    await page.screenshot({ path: `${results}inside-devtools-failed.png` })
    throw error
  })
  return found!
}

describe('the panel inside Nuxt DevTools 3 on Nuxt 4', () => {
  it.runIf(isDevtools3)('gets DevTools\' client through the kit\'s iframe client: its colour mode, and lists the routes', async () => {
    await page.goto(`${app.baseURL}/`)
    // DevTools opens on its welcome page the first time; then to the Actions tab
    const devtools = page.frameLocator('iframe[src*="__nuxt_devtools__/client"]')
    await devtools.getByText('Get Started').click({ timeout: 90_000 })
    await devtools.locator('a[href*="custom-action-route"]').first().click({ timeout: 30_000 })
    const panel = await panelFrame()
    await expect.poll(() => panel.locator('.app').getAttribute('data-host'), { timeout: 30_000 }).toBe('devtools')
    await expect.poll(() => panel.locator('.app').getAttribute('class')).toContain('dark')
    await panel.getByTestId('route-GET /api/hello').waitFor({ timeout: 30_000 })
    await page.screenshot({ path: `${results}inside-devtools.png` })
  }, 180_000)

  it('runs standalone without DevTools\' client, following the system\'s colour mode', async () => {
    const alone = await browser.newPage({ colorScheme: 'light' })
    try {
      await alone.addInitScript((token) => {
        window.localStorage.setItem('__nuxt_dev_token__', token)
      }, app.token)
      await alone.goto(`${app.baseURL}/__action-route/client/`)
      await alone.getByTestId('route-GET /api/hello').waitFor({ timeout: 15_000 })
      expect(await alone.locator('.app').getAttribute('data-host')).toBe('standalone')
      expect(await alone.locator('.app').getAttribute('class')).toContain('light')
      await alone.getByRole('button', { name: 'Open in editor' }).click()
      await alone.getByText('Open DevTools to use open-in-editor').waitFor()
    }
    finally {
      await alone.close()
    }
  })
})
