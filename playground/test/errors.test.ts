import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'

const baseURL = inject('playgroundURL')
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
})
afterAll(() => browser?.close())

/** Looks a todo up and waits for its answer, so a wrong answer fails on what it shows rather than by a time-out. */
async function lookUp(id: number) {
  await page.fill('[data-test=lookup-id]', String(id))
  const answered = page.waitForResponse(response => response.url().endsWith(`/api/todos/${id}`))
  await page.click('[data-test=lookup]')
  return (await answered).status()
}

/** What the page shows for the last look-up, once it shows the answer with this status. */
async function failure(status: number) {
  const shown = page.locator(`[data-test=lookup-error][data-status="${status}"]`)
  await shown.waitFor({ timeout: 5_000 }).catch(() => {})
  const last = page.locator('[data-test=lookup-error]')
  if (!await last.count()) return { shown: await page.locator('main').textContent() }
  return { code: await last.getAttribute('data-code'), text: (await last.textContent())?.trim() }
}

describe('the declared errors page in Chromium', () => {
  it('explains each declared failure by its code: UNAUTHORIZED, then NOT_FOUND and NOT_YOURS once signed in', async () => {
    await page.goto(`${baseURL}/errors`)
    // hydrated: under nuxi dev a click before Nuxt has finished hydrating lands on a button with no listener yet
    await page.waitForFunction(hydrated)
    expect(await lookUp(1)).toBe(401)
    expect(await failure(401)).toEqual({ code: 'UNAUTHORIZED', text: 'UNAUTHORIZED 401: Sign in on the sign-in page first' })

    // Grace owns no todo: 1 is Ada's
    expect((await page.request.post(`${baseURL}/api/session`, { data: { name: 'Grace', password: 'hopper' } })).status()).toBe(200)
    expect(await lookUp(1)).toBe(403)
    expect(await failure(403)).toEqual({ code: 'NOT_YOURS', text: 'NOT_YOURS 403: That todo is someone else\'s (403)' })
    expect(await lookUp(999)).toBe(404)
    expect(await failure(404)).toEqual({ code: 'NOT_FOUND', text: 'NOT_FOUND 404: There is no todo 999' })

    await page.request.post(`${baseURL}/api/session`, { data: { name: 'Ada', password: 'lovelace' } })
    expect(await lookUp(1)).toBe(200)
    expect((await page.locator('[data-test=lookup-found]').textContent({ timeout: 5_000 }))?.trim()).toMatch(/^#1 /)
    expect(await page.locator('[data-test=lookup-error]').count()).toBe(0)
  })
})
