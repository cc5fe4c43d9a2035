import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../../../test-utils/browser'

const baseURL = inject('baseURL')
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
})
afterAll(() => browser?.close())

async function shown(selector: string) {
  const element = page.locator(selector)
  await element.waitFor()
  return { code: await element.getAttribute('data-code'), status: await element.getAttribute('data-status'), text: (await element.textContent())?.trim() }
}

describe('declared errors over HTTP', () => {
  it('a declared error answers its code, its declared status and its message', async () => {
    const response = await fetch(`${baseURL}/api/errors-demo/todos/9`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Todo 9 does not exist', statusCode: 404 } })
    const gone = await fetch(`${baseURL}/api/errors-demo/todos/3`)
    expect([gone.status, (await gone.json()).error]).toEqual([410, { code: 'GONE', message: 'That todo was archived', statusCode: 410 }])
  })

  it('a declared code thrown with another status answers the declared status', async () => {
    const response = await fetch(`${baseURL}/api/errors-demo/wrong-status`)
    expect([response.status, (await response.json()).error]).toEqual([404, { code: 'NOT_FOUND', message: 'Thrown with 500', statusCode: 404 }])
  })
})

describe('declared errors in the browser of a built app', () => {
  it('the page rendered during SSR shows a query\'s declared error by its code', async () => {
    const html = await (await fetch(`${baseURL}/errors-demo`)).text()
    expect(html).toMatch(/data-test="archived" data-code="GONE" data-status="410"/)
    await page.goto(`${baseURL}/errors-demo`)
    expect(await shown('[data-test="archived"]')).toEqual({ code: 'GONE', status: '410', text: 'That todo was archived' })
  })

  it('$action gets the declared code and status, and the page shows it by code', async () => {
    await page.goto(`${baseURL}/errors-demo`)
    await page.locator('[data-test="load-9"]').click()
    expect(await shown('[data-test="failure"]')).toEqual({ code: 'NOT_FOUND', status: '404', text: 'There is no such todo (Todo 9 does not exist)' })
    await page.locator('[data-test="load-1"]').click()
    await page.locator('[data-test="todo"]').waitFor()
    expect(await page.locator('[data-test="failure"]').count()).toBe(0)
  })

  it('useAction gets the codes declared along a builder chain: the middleware\'s, then the handler\'s with its fieldErrors', async () => {
    await page.context().clearCookies()
    await page.goto(`${baseURL}/errors-demo`)
    await page.locator('[data-test="rename"] button').click()
    expect(await shown('[data-test="rename-error"]')).toEqual({ code: 'UNAUTHORIZED', status: '401', text: 'Sign in to rename' })
    await page.locator('[data-test="sign-in"]').click()
    await page.locator('[data-test="rename"] button').click()
    await page.locator('[data-test="rename-error"][data-code="TITLE_TAKEN"]').waitFor()
    expect(await shown('[data-test="rename-error"]')).toEqual({ code: 'TITLE_TAKEN', status: '409', text: 'Taken: Milk is taken' })
    await page.locator('[data-test="title"]').fill('Oat milk')
    await page.locator('[data-test="rename"] button').click()
    expect((await page.locator('[data-test="renamed"]').textContent())?.trim()).toBe('Oat milk by ada')
  })
})
