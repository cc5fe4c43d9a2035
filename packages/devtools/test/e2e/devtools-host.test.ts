import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
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
// DevTools 3 (Nuxt 4) lists the panel as a custom tab of its iframe; DevTools 4 (Nuxt 5) as a dock entry of Vite DevTools' dock
const isDevtools3 = devtoolsVersion.startsWith('3.')

let app: ScratchDev
let browser: Browser
let page: Page
// the token DevTools 4 gave this browser once authorised with the printed code
let devtools4Token = ''
// the "editor" nuxi dev launches (LAUNCH_EDITOR) writes each file it is asked to open here, one per line
let editorCallsFile = ''

/** The files the editor was asked to open so far. */
function editorCalls(): string[] {
  return existsSync(editorCallsFile) ? readFileSync(editorCallsFile, 'utf8').split('\n').filter(Boolean) : []
}

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../../dist/client/index.html', import.meta.url)))) {
    throw new Error('Build the panel first: pnpm --filter @action-route/devtools build')
  }
  await mkdir(results, { recursive: true })
  const editorDir = await mkdtemp(join(tmpdir(), 'action-route-editor-'))
  editorCallsFile = join(editorDir, 'calls.txt')
  const editor = join(editorDir, 'editor.sh')
  await writeFile(editor, `#!/bin/sh\necho "$1" >> '${editorCallsFile}'\n`)
  await chmod(editor, 0o755)
  app = await startScratchDev({
    name: 'host',
    files: { 'server/api/hello.get.ts': 'export default defineAction({ handler: () => ({ hello: true }) })\n' },
    devtools: true,
    // DevTools 4 writes no token file: its user has only what authorising with the printed code gives the browser
    devtoolsToken: isDevtools3,
    env: { LAUNCH_EDITOR: editor },
  })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await page.addInitScript(({ token }) => {
    if (token) window.localStorage.setItem('__nuxt_dev_token__', token)
    // DevTools 3 opens where it was left: the Actions tab, in dark mode
    window.localStorage.setItem('nuxt-devtools-frame-state', JSON.stringify({ open: true, route: '/modules/custom-action-route', width: 90, height: 90, top: 0, left: 50, position: 'bottom' }))
    window.localStorage.setItem('nuxt-devtools-color-mode', 'dark')
    // DevTools 4's dock keeps its colour mode here; it is dark as well
    window.localStorage.setItem('devframes-color-scheme', 'dark')
  }, { token: app.token })
})

afterAll(async () => {
  await browser?.close()
  await app?.close()
})

/** The one-time codes DevTools 4 printed in the `nuxi dev` log to authorise a browser, oldest first. */
function authorizationCodes(): string[] {
  return [...stripVTControlCharacters(app.log()).matchAll(/Authorize with code\W+(\d{6})/g)].map(match => match[1]!)
}

/** The panel's frame inside DevTools' own iframe (DevTools 3) or dock (DevTools 4), once it has loaded. */
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

describe('the panel inside Nuxt DevTools (3 on Nuxt 4, 4 on Nuxt 5)', () => {
  it.runIf(isDevtools3)('gets DevTools\' client through the kit\'s iframe client: its colour mode, and lists the routes', async () => {
    await page.goto(`${app.baseURL}/`)
    // DevTools opens on its welcome page the first time; then to the Actions tab
    const devtools = page.frameLocator('iframe[src*="__nuxt_devtools__/client"]')
    await devtools.getByText('Get Started').click({ timeout: 90_000 })
    await devtools.locator('a[href*="custom-action-route"]').first().click({ timeout: 30_000 })
    // the tab's icon is the module's own picture, served by the dev server: drawn offline too, no icon service asked
    const icon = devtools.locator('a[href*="custom-action-route"] img').first()
    expect(await icon.getAttribute('src')).toMatch(/\/__action-route\/client\/tab-icon\.svg$/)
    await expect.poll(() => icon.evaluate(img => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0)
    const panel = await panelFrame()
    await expect.poll(() => panel.locator('.app').getAttribute('data-host'), { timeout: 30_000 }).toBe('devtools')
    await expect.poll(() => panel.locator('.app').getAttribute('class')).toContain('dark')
    await panel.getByTestId('route-GET /api/hello').waitFor({ timeout: 30_000 })
    // open-in-editor through the module's own endpoint (not DevTools' RPC), which launches the editor LAUNCH_EDITOR names
    await panel.getByTestId('route-GET /api/hello').click()
    await panel.getByRole('button', { name: 'Open in editor' }).click()
    await expect.poll(editorCalls, { timeout: 15_000 }).toContain(join(app.rootDir, 'server/api/hello.get.ts'))
    await page.screenshot({ path: `${results}inside-devtools.png` })
  }, 180_000)

  it.runIf(!isDevtools3)('shows the panel as the "Actions" entry of DevTools 4\'s Nuxt dock group, with a request live', async () => {
    // nothing but DevTools 4's own authorisation lets a caller in
    expect((await fetch(`${app.baseURL}/__action-route/api/routes`)).status).toBe(403)
    await page.goto(`${app.baseURL}/`)
    const codesBefore = authorizationCodes().length
    // DevTools 4's dock (a shadow root Playwright's locators see through) asks this browser to authorise first,
    // with a one-time code that `nuxi dev` prints
    const dock = page.locator('devframes-dock-embedded #devframes-dock')
    await dock.click({ timeout: 90_000 })
    await page.getByText('Authorize Nuxt DevTools').waitFor({ timeout: 30_000 })
    let code: string | undefined
    await waitFor(async () => (code = authorizationCodes().slice(codesBefore).at(-1)) !== undefined, 30_000, app.log)
    await page.getByLabel('Digit 1 of 6').click()
    await page.keyboard.type(code!)
    // the dock folds itself after a few idle seconds: a pointer over it unfolds it, as it does for a user
    const nuxtGroup = page.getByRole('button', { name: 'Nuxt', exact: true })
    await nuxtGroup.waitFor({ state: 'attached', timeout: 30_000 })
    await dock.hover()
    await nuxtGroup.click()
    await page.getByRole('button', { name: 'Actions', exact: true }).click({ timeout: 30_000 })
    const panel = await panelFrame()
    // the dock's own iframe, beside Nuxt DevTools' one in the dock's views
    await expect.poll(() => page.locator('devframes-dock-embedded #devframes-views-container iframe[src*="/__action-route/client/"]').count()).toBe(1)
    await panel.getByTestId('route-GET /api/hello').waitFor({ timeout: 30_000 })
    // no DevTools client in the dock, but DevTools 4's colour mode is followed
    expect(await panel.locator('.app').getAttribute('class')).toContain('dark')
    // and no DevTools RPC: open-in-editor goes through the module's own endpoint, as on DevTools 3
    await panel.getByTestId('route-GET /api/hello').click()
    await panel.getByRole('button', { name: 'Open in editor' }).click()
    await expect.poll(editorCalls, { timeout: 15_000 }).toContain(join(app.rootDir, 'server/api/hello.get.ts'))
    await panel.getByTestId('tab-log').click()
    expect((await fetch(`${app.baseURL}/api/hello`)).status).toBe(200)
    await panel.getByTestId('log-item').filter({ hasText: '/api/hello' }).first().waitFor({ timeout: 15_000 })
    await page.screenshot({ path: `${results}inside-devtools-4.png` })
    // DevTools 4 kept its own token, not DevTools 3's; a token it never issued is still refused
    expect(await page.evaluate(() => window.localStorage.getItem('__nuxt_dev_token__'))).toBeNull()
    devtools4Token = await page.evaluate(() => window.localStorage.getItem('__DEVFRAME_CONNECTION_AUTH_TOKEN__')) ?? ''
    expect(devtools4Token).toMatch(/^[\da-f]{32,}$/)
    expect((await fetch(`${app.baseURL}/__action-route/api/routes`, { headers: { 'x-action-route-token': 'f'.repeat(devtools4Token.length) } })).status).toBe(403)
    // registered through `devtools:ready`'s docks, neither addCustomTab nor extendServerRpc: DevTools 4 warns of neither
    expect(app.log()).not.toMatch(/NDT_DEP_\d+|addCustomTab|extendServerRpc/)
  }, 180_000)

  it.runIf(isDevtools3)('at DevTools\' default size, lists the Actions tab under the side bar\'s More tabs, not in the side bar itself', async () => {
    // a laptop's window, and DevTools' panel as it first opens (60% of the window's height): what docs/devtools.md describes
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    try {
      await fresh.addInitScript(({ token }) => {
        window.localStorage.setItem('__nuxt_dev_token__', token)
      }, { token: app.token })
      await fresh.goto(`${app.baseURL}/`)
      await fresh.locator('#nuxt-devtools-container').waitFor({ state: 'attached', timeout: 90_000 })
      await fresh.keyboard.press('Shift+Alt+KeyD')
      const devtools = fresh.frameLocator('iframe[src*="__nuxt_devtools__/client"]')
      await devtools.getByText('Get Started').click({ timeout: 90_000 })
      const sideNav = devtools.locator('#nuxt-devtools-side-nav')
      await sideNav.locator('a').first().waitFor({ timeout: 30_000 })
      expect(await sideNav.locator('a[href*="custom-action-route"]').count()).toBe(0)
      // the ⋮ button at the bottom of the side bar (DevTools' logo is the side bar's only other button), with the number of tabs it holds
      await sideNav.locator('button').last().click()
      const inMenu = devtools.locator('a[href*="custom-action-route"]').first()
      await inMenu.waitFor({ timeout: 15_000 })
      await fresh.screenshot({ path: `${results}devtools-more-tabs.png` })
      await inMenu.click()
      await expect.poll(() => fresh.frames().some(frame => frame.url().includes('/__action-route/client/')), { timeout: 30_000 }).toBe(true)
    }
    finally {
      await fresh.close()
    }
  }, 180_000)

  it('runs standalone without DevTools\' client, following the system\'s colour mode', async () => {
    const alone = await browser.newPage({ colorScheme: 'light' })
    try {
      // the browser authorised above, in another tab: DevTools 3's token, or the one DevTools 4 gave it
      await alone.addInitScript(({ key, token }) => {
        window.localStorage.setItem(key, token)
      }, isDevtools3 ? { key: '__nuxt_dev_token__', token: app.token } : { key: '__DEVFRAME_CONNECTION_AUTH_TOKEN__', token: devtools4Token })
      await alone.goto(`${app.baseURL}/__action-route/client/`)
      await alone.getByTestId('route-GET /api/hello').waitFor({ timeout: 15_000 })
      expect(await alone.locator('.app').getAttribute('data-host')).toBe('standalone')
      expect(await alone.locator('.app').getAttribute('class')).toContain('light')
      // no DevTools RPC here either: the file opens through Vite's endpoint, in the editor nuxi dev launches
      const openedBefore = editorCalls().length
      await alone.getByRole('button', { name: 'Open in editor' }).click()
      await expect.poll(() => editorCalls().slice(openedBefore), { timeout: 15_000 }).toEqual([join(app.rootDir, 'server/api/hello.get.ts')])
      expect(await alone.getByText('No editor could be opened').count()).toBe(0)
    }
    finally {
      await alone.close()
    }
  })
})
