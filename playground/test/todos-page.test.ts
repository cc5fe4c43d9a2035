import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'

const baseURL = inject('playgroundURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

async function signedInTodos(): Promise<{ page: Page, sent: string[] }> {
  const page = await browser.newPage()
  await page.goto(baseURL)
  await page.click('[data-test=sign-in-grace]')
  await page.waitForSelector('[data-test=who]')
  await page.goto(`${baseURL}/todos`)
  await page.waitForSelector('[data-test=total]')
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  return { page, sent }
}

describe('the playground\'s todos page in Chromium', () => {
  it('adds a todo and shows the refreshed list from the same answer, then deletes it at once', async () => {
    const { page, sent } = await signedInTodos()
    const title = `Refreshed ${Date.now()}`
    await page.fill('input[name=title]', title)
    await page.click('[data-test=new-todo] button[type=submit]')
    await page.waitForSelector(`[data-test=todos] li:has-text("${title}")`)
    expect(sent).toEqual(['POST /api/todos'])

    await page.click(`[data-test=todos] li:has-text("${title}") button`)
    // optimistic: gone before the server answers
    expect(await page.locator(`[data-test=todos] li:has-text("${title}")`).count()).toBe(0)
    await page.waitForFunction(() => !document.querySelector('[data-test=todos]')?.textContent?.includes('rolled back'))
    await page.close()
  })
})

describe('signing in, switching account and signing out on the todos page, in Chromium', () => {
  it('shows the account the answer signed in, switched to or out of, from that one answer', async () => {
    const page = await browser.newPage()
    await page.goto(`${baseURL}/todos`)
    await page.waitForSelector('[data-test=sign-in-ada]')
    // hydrated: Vue has mounted the app on its root, so the buttons' listeners are bound
    await page.waitForFunction(() => Boolean((document.querySelector('#__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__))
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })

    await page.click('[data-test=sign-in-ada]')
    await page.waitForSelector('[data-test=who]:has-text("Ada")')
    await page.waitForSelector('[data-test=todos] li:has-text("Try the playground")')
    // one round trip: the refreshed profile and todos came with the answer, with the cookie it set
    expect(sent).toEqual(['POST /api/session'])

    await page.click('[data-test=switch-user]')
    await page.waitForSelector('[data-test=who]:has-text("Grace")')
    // the profile and the list take their data from the same answer, each in its own render: wait for both
    await page.waitForFunction(() => !document.querySelector('[data-test=todos]')?.textContent?.includes('Try the playground'))
    expect(sent).toEqual(['POST /api/session', 'POST /api/session'])

    await page.click('[data-test=sign-out]')
    await page.waitForSelector('[data-test=sign-in-grace]')
    expect(await page.locator('[data-test=who]').count()).toBe(0)
    expect(sent).toEqual(['POST /api/session', 'POST /api/session', 'DELETE /api/session'])
    await page.close()
  })
})
