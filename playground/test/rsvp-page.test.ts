import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'

const baseURL = inject('playgroundURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

describe('the playground\'s RSVP form in Chromium', () => {
  it('checks the fields in the browser, sends nothing while they fail, then answers', async () => {
    const page = await browser.newPage()
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/rsvp')) sent.push(request.method())
    })
    await page.goto(`${baseURL}/rsvp`)
    // hydrated: Nuxt has finished hydrating, so the form has its listeners
    await page.waitForFunction(hydrated)
    await page.fill('[name="guests.0.age"]', '200')
    await page.click('button[type="submit"]')
    await page.waitForSelector('text=Tell us your name')
    expect(await page.textContent('form')).toContain('Enter a valid email')
    expect(await page.getAttribute('[name="guests.0.name"]', 'aria-invalid')).toBe('true')
    expect(sent).toEqual([])
    await page.fill('[name="name"]', 'Ada')
    await page.fill('[name="email"]', 'ada@lovelace.org')
    await page.fill('[name="guests.0.name"]', 'Charles')
    await page.fill('[name="guests.0.age"]', '40')
    await page.click('button[type="submit"]')
    await page.waitForSelector('[data-test=rsvp-success]')
    expect(await page.textContent('[data-test=rsvp-success]')).toContain('See you, Ada! A party of 2')
    expect(sent).toEqual(['POST'])
    await page.close()
  })

  it('works with JavaScript disabled: 422 with the errors, then 303 and the success', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseURL}/rsvp`)
    await page.fill('[name="name"]', 'A')
    const failed = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    expect(failed[0]!.status()).toBe(422)
    expect(await page.textContent('form')).toContain('Tell us your name')
    expect(await page.inputValue('[name="name"]')).toBe('A')
    await page.fill('[name="name"]', 'Grace')
    await page.fill('[name="email"]', 'grace@hopper.org')
    const sent = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    expect(sent[0]!.request().redirectedFrom()?.method()).toBe('POST')
    expect(sent[0]!.status()).toBe(200)
    expect(page.url()).toBe(`${baseURL}/rsvp`)
    expect(await page.textContent('[data-test=rsvp-success]')).toContain('See you, Grace!')
    await context.close()
  })
})
