import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { passwords } from './session'

// The sign-in limit: 100 attempts per 10 minutes per account name. The whole suite signs in as Ada or Grace fewer
// than 30 times each, so only these tests reach it, each with an account name of its own that no other test uses and
// the app does not have: every attempt answers UNKNOWN_USER 404 until the limit answers instead.
const baseURL = inject('playgroundURL')
const LIMIT = 100
const MESSAGE = 'Too many sign-in attempts for this account: try again in a few minutes'
const run = Date.now().toString(36)
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** One sign-in attempt over HTTP, as a script guessing passwords would send it. */
async function attempt(name: string, password = 'guess') {
  const response = await fetch(`${baseURL}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  })
  return { status: response.status, headers: response.headers, body: await response.json() as { success: boolean, error?: { code: string, message: string, statusCode: number } } }
}

/** Spends an account's whole limit, checking that each attempt got the app's own answer. */
async function exhaust(name: string): Promise<void> {
  for (let sent = 1; sent <= LIMIT; sent++) {
    const answer = await attempt(name)
    expect(answer.body.error?.code, `attempt ${sent}`).toBe('UNKNOWN_USER')
  }
}

describe('the sign-in limit over HTTP', () => {
  it('answers RATE_LIMITED 429 with Retry-After and the RateLimit fields once one account\'s 100 attempts are spent, whatever the name\'s case', async () => {
    const name = `guessed-${run}`
    const first = await attempt(name)
    expect(first.status).toBe(404)
    expect(first.body.error?.code).toBe('UNKNOWN_USER')
    expect(first.headers.get('ratelimit-policy')).toBe('"sign-in";q=100;w=600')
    expect(first.headers.get('ratelimit')).toMatch(/^"sign-in";r=99;t=(59\d|600)$/)

    // the rest of the limit, half of it with the name in capitals: the look-up ignores case, so the count does too
    for (let sent = 2; sent <= LIMIT; sent++) {
      const answer = await attempt(sent % 2 ? name : name.toUpperCase())
      expect(answer.status, `attempt ${sent}`).toBe(404)
    }

    const limited = await attempt(name.toUpperCase(), 'another guess')
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: MESSAGE, statusCode: 429 } })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(limited.headers.get('ratelimit-policy')).toBe('"sign-in";q=100;w=600')
    expect(limited.headers.get('ratelimit')).toBe(`"sign-in";r=0;t=${retryAfter}`)
    expect(limited.headers.get('set-cookie')).toBeNull()
  })

  it('counts each account alone: another account\'s attempts are answered as usual', async () => {
    await exhaust(`spent-${run}`)
    expect((await attempt(`spent-${run}`)).status).toBe(429)

    const other = await attempt(`untouched-${run}`)
    expect(other.status).toBe(404)
    expect(other.body.error?.code).toBe('UNKNOWN_USER')
    expect(other.headers.get('ratelimit')).toMatch(/^"sign-in";r=99;/)
  })
})

describe('the sign-in page past the limit, in Chromium', () => {
  it('shows the limit\'s message, and the same page still signs in as another account', async () => {
    const name = `page-${run}`
    await exhaust(name)
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseURL}/login`)
    await page.waitForFunction(hydrated)
    await page.fill('[name=name]', name)
    await page.fill('[name=password]', 'guess')
    const [answer] = await Promise.all([
      page.waitForResponse(response => response.url() === `${baseURL}/api/session` && response.request().method() === 'POST'),
      page.click('[data-test=sign-in] button[type=submit]'),
    ])
    expect(answer.status()).toBe(429)
    expect(await answer.headerValue('retry-after')).toMatch(/^\d+$/)
    await page.waitForSelector('[data-test=sign-in-error]')
    expect((await page.textContent('[data-test=sign-in-error]'))?.trim()).toBe(MESSAGE)
    // no field is blamed: the name and the password may both be right
    expect(await page.locator('.field-error').count()).toBe(0)

    await page.fill('[name=name]', 'Grace')
    await page.fill('[name=password]', passwords.Grace)
    await page.click('[data-test=sign-in] button[type=submit]')
    await page.waitForURL(`${baseURL}/todos`)
    await page.waitForSelector('[data-test=who]:has-text("Grace")')
    await context.close()
  })

  it('shows the message without JavaScript too: the form post answers the page with 429', async () => {
    const name = `no-js-${run}`
    await exhaust(name)
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseURL}/login`)
    await page.fill('[name=name]', name)
    await page.fill('[name=password]', 'guess')
    const [refused] = await Promise.all([page.waitForNavigation(), page.click('[data-test=sign-in] button[type=submit]')])
    expect(refused!.status()).toBe(429)
    expect((await page.textContent('[data-test=sign-in-error]'))?.trim()).toBe(MESSAGE)
    expect(await page.inputValue('[name=password]')).toBe('')
    await context.close()
  })
})
