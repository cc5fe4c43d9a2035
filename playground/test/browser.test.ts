import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { passwords, signIn } from './session'

const baseURL = inject('playgroundURL')
const screenshots = fileURLToPath(new URL('../test-results/', import.meta.url))
let browser: Browser

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true })
  browser = await launchChromium()
})
afterAll(() => browser?.close())

describe('the playground app in Chromium', () => {
  it('signs in on /login, adds a todo on the form page, opens it, and renders it again by SSR after a reload', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseURL}/login`)
    await page.waitForFunction(hydrated)
    await page.fill('[name=name]', 'Ada')
    await page.fill('[name=password]', 'wrong')
    await page.click('[data-test=sign-in] button[type=submit]')
    await page.waitForSelector('[data-test=password-error]')
    expect(await page.textContent('[data-test=password-error]')).toContain('Wrong password')
    await page.fill('[name=password]', passwords.Ada)
    await page.click('[data-test=sign-in] button[type=submit]')
    await page.waitForURL(`${baseURL}/todos`)
    await page.waitForSelector('[data-test=who]:has-text("Ada")')
    expect(await page.textContent('[data-test=who]')).toContain('(admin)')

    await page.click('text=New todo')
    await page.waitForURL(`${baseURL}/todos/new`)
    await page.click('[data-test=todo-form] button[type=submit]')
    await page.waitForSelector('[data-test=title-error]')
    expect((await page.textContent('[data-test=title-error]'))?.trim()).toBe('Write something first')

    const title = `Written in Chromium ${Date.now()}`
    await page.fill('[name=title]', title)
    await page.click('[data-test=todo-form] button[type=submit]')
    await page.waitForURL(/\/todos\/\d+$/)
    await page.waitForSelector(`[data-test=todo] h1:has-text("${title}")`)
    await page.screenshot({ path: `${screenshots}playground-after-add.png` })

    // the reload renders on the server: the session cookie reaches the actions, which $action passes on during SSR
    const response = await page.reload()
    const html = await response!.text()
    expect(html).toContain(title)
    expect(html).toContain('Signed in as <strong>Ada</strong>')
    await context.close()
  })

  it('shows a member the admin page\'s refusal, and an admin the counts and everyone\'s todos, which they may delete', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await context.request.post(`${baseURL}/api/session`, { data: { name: 'Grace', password: passwords.Grace } })
    await page.goto(`${baseURL}/admin`)
    expect(await page.getAttribute('[data-test=admin-error]', 'data-code')).toBe('FORBIDDEN')
    expect(await page.locator('nav a[href="/admin"]').count()).toBe(0)
    const title = `Grace's, for the admin ${Date.now()}`
    expect((await context.request.post(`${baseURL}/api/todos`, { data: { title } })).status()).toBe(201)

    await context.request.post(`${baseURL}/api/session`, { data: { name: 'Ada', password: passwords.Ada } })
    await page.goto(`${baseURL}/admin`)
    await page.waitForFunction(hydrated)
    expect(await page.textContent('[data-test=stats]')).toContain('Users')
    expect(await page.locator('nav a[href="/admin"]').count()).toBe(1)
    // an admin deletes anyone's todo; the list and the counts are fetched again right after the answer
    const row = page.locator(`[data-test=all-todos] li:has-text("${title}")`)
    expect(await row.textContent()).toContain('Grace')
    const count = Number(await page.textContent('[data-test=todo-count]'))
    await row.locator('button').click()
    await row.waitFor({ state: 'detached' })
    await page.waitForFunction(expected => document.querySelector('[data-test=todo-count]')?.textContent?.trim() === String(expected), count - 1)
    await context.close()
  })
})

describe('SSR', () => {
  it('forwards the incoming session cookie to actions called by useActionQuery', async () => {
    const signedIn = await (await fetch(`${baseURL}/`, { headers: { cookie: await signIn(baseURL, 'Grace') } })).text()
    expect(signedIn).toContain('Signed in as <strong>Grace</strong>')
    const anonymous = await (await fetch(`${baseURL}/`)).text()
    expect(anonymous).toContain('data-test="sign-in-link"')
  })
})
