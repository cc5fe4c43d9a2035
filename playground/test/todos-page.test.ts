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
