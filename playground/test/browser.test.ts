import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'

const baseURL = inject('playgroundURL')
const screenshots = fileURLToPath(new URL('../test-results/', import.meta.url))
let browser: Browser

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true })
  browser = await launchChromium()
})
afterAll(() => browser?.close())

describe('the playground page in Chromium', () => {
  it('signs in, shows field errors, adds a todo, and renders it again by SSR after a reload', async () => {
    const page = await browser.newPage()
    await page.goto(baseURL)
    await page.click('[data-test=sign-in-ada]')
    await page.waitForSelector('[data-test=who]')
    expect(await page.textContent('[data-test=who]')).toContain('Ada')

    await page.fill('input[name=title]', '   ')
    await page.click('[data-test=new-todo] button[type=submit]')
    await page.waitForSelector('[data-test=title-error]')
    expect(await page.textContent('[data-test=title-error]')).toBe('Write something first')

    const title = `Written in Chromium ${Date.now()}`
    await page.fill('input[name=title]', title)
    await page.click('[data-test=new-todo] button[type=submit]')
    await page.waitForSelector(`[data-test=todos] li:has-text("${title}")`)
    expect(await page.locator('[data-test=title-error]').count()).toBe(0)
    await page.screenshot({ path: `${screenshots}playground-after-add.png` })

    // the reload renders on the server: the session cookie reaches the actions, which $action passes on during SSR
    const response = await page.reload()
    const html = await response!.text()
    expect(html).toContain(title)
    expect(html).toContain('Signed in as <strong>Ada</strong>')
    await page.close()
  })
})

describe('SSR', () => {
  it('forwards the incoming cookies to actions called by useActionQuery', async () => {
    const signedIn = await (await fetch(`${baseURL}/`, { headers: { cookie: 'session=grace-token' } })).text()
    expect(signedIn).toContain('Signed in as <strong>Grace</strong>')
    const anonymous = await (await fetch(`${baseURL}/`)).text()
    expect(anonymous).toContain('data-test="sign-in-ada"')
  })
})
