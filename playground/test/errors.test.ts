import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'

const baseURL = inject('playgroundURL')
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
})
afterAll(() => browser?.close())

async function lookUp(id: number) {
  await page.fill('[data-test=lookup-id]', String(id))
  await page.click('[data-test=lookup]')
}

async function failure() {
  const shown = page.locator('[data-test=lookup-error]')
  await shown.waitFor()
  return { code: await shown.getAttribute('data-code'), text: (await shown.textContent())?.trim() }
}

describe('the declared errors page in Chromium', () => {
  it('explains each declared failure by its code: UNAUTHORIZED, then NOT_FOUND and NOT_YOURS once signed in', async () => {
    await page.goto(`${baseURL}/errors`)
    // hydrated: under nuxi dev a click before Vue has mounted lands on a button with no listener yet
    await page.waitForFunction(() => Boolean((document.querySelector('#__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__))
    await lookUp(1)
    expect(await failure()).toEqual({ code: 'UNAUTHORIZED', text: 'UNAUTHORIZED 401: Sign in on the sign-in page first' })

    // Grace owns no todo: 1 is Ada's
    expect((await page.request.post(`${baseURL}/api/session`, { data: { name: 'Grace', password: 'hopper' } })).status()).toBe(200)
    await lookUp(1)
    await page.locator('[data-test=lookup-error][data-code=NOT_YOURS]').waitFor()
    expect(await failure()).toEqual({ code: 'NOT_YOURS', text: 'NOT_YOURS 403: That todo is someone else\'s (403)' })
    await lookUp(999)
    await page.locator('[data-test=lookup-error][data-code=NOT_FOUND]').waitFor()
    expect(await failure()).toEqual({ code: 'NOT_FOUND', text: 'NOT_FOUND 404: There is no todo 999' })

    await page.request.post(`${baseURL}/api/session`, { data: { name: 'Ada', password: 'lovelace' } })
    await lookUp(1)
    expect((await page.locator('[data-test=lookup-found]').textContent())?.trim()).toMatch(/^#1 /)
    expect(await page.locator('[data-test=lookup-error]').count()).toBe(0)
  })
})
