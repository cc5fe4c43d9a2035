import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../../../test-utils/browser'

// useAction in Chromium against a rate-limited action of the built fixture (server/api/rate-limit/keyed.get.ts: 3 a
// minute per x-rate-key): a 429 settles the call, and its retries are for network failures and 5xx only.

const baseURL = inject('baseURL')
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
  await page.goto(baseURL)
  await page.waitForFunction(() => 'actionLab' in window)
})
afterAll(() => browser?.close())

declare const actionLab: { useAction: (path: string, options?: Record<string, unknown>) => any } // eslint-disable-line @typescript-eslint/no-explicit-any

describe('useAction with a rate limit', () => {
  it('settles as RATE_LIMITED 429 past the limit, with onError given the code, and retry does not send it again', async () => {
    const key = randomUUID()
    const sent: number[] = []
    const record = (request: { url: () => string }) => {
      if (request.url().includes('/api/rate-limit/keyed')) sent.push(Date.now())
    }
    page.on('request', record)
    const outcome = await page.evaluate(async (key) => {
      const errors: string[] = []
      const check = actionLab.useAction('/api/rate-limit/keyed', { headers: { 'x-rate-key': key }, retry: 3, retryDelay: 10, onError: (error: { code: string }) => errors.push(error.code) })
      const answers = []
      for (let i = 0; i < 4; i++) answers.push(await check.execute())
      return { answers, status: check.status.value, error: check.error.value, data: check.data.value, errors }
    }, key)
    page.off('request', record)
    expect(outcome.answers.slice(0, 3)).toEqual(Array.from({ length: 3 }, () => ({ success: true, data: { ok: true } })))
    expect(outcome.answers[3]).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 } })
    expect(outcome.status).toBe('error')
    expect(outcome.error).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 })
    expect(outcome.errors).toEqual(['RATE_LIMITED'])
    // four executes, four requests: the 429 was not retried, though retry allowed 3 more
    expect(sent).toHaveLength(4)
  })
})
