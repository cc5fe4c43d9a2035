import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'

const baseURL = inject('playgroundURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** What the RSVP form's choice controls show: the select, the multiple select, the radios, the checkbox, the textarea. */
async function choices(page: Page) {
  return {
    meal: await page.inputValue('[name=meal]'),
    workshops: await page.locator('[name=workshops] option:checked').allTextContents(),
    friday: await page.isChecked('[name=arrival][value=friday]'),
    saturday: await page.isChecked('[name=arrival][value=saturday]'),
    newsletter: await page.isChecked('[name=newsletter]'),
    note: await page.inputValue('[name=note]'),
  }
}

const initialChoices = { meal: 'veggie', workshops: ['Salsa'], friday: false, saturday: true, newsletter: true, note: '' }

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

  it('shows each control\'s value from the server (option selected, radio and checkbox checked, textarea text) without JavaScript, before hydration and after it', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false })
    const page = await noScript.newPage()
    await page.goto(`${baseURL}/rsvp`)
    expect(await choices(page)).toEqual(initialChoices)
    await noScript.close()

    const context = await browser.newContext()
    const before = await context.newPage()
    // the app's scripts never arrive: the page as it is before hydration
    await before.route('**/_nuxt/**', route => route.request().resourceType() === 'script' ? route.abort() : route.continue())
    await before.goto(`${baseURL}/rsvp`)
    expect(await choices(before)).toEqual(initialChoices)
    const after = await context.newPage()
    await after.goto(`${baseURL}/rsvp`)
    await after.waitForFunction(hydrated)
    expect(await choices(after)).toEqual(initialChoices)
    await context.close()
  })

  it('without JavaScript, a failed post shows every control as posted, and the next post sends them unchanged', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseURL}/rsvp`)
    await page.fill('[name="name"]', 'A')
    await page.selectOption('[name=meal]', 'vegan')
    await page.selectOption('[name=workshops]', ['pottery', 'wine'])
    await page.check('[name=arrival][value=friday]')
    await page.uncheck('[name=newsletter]')
    await page.fill('[name=note]', 'A window seat, please')
    const posted = { meal: 'vegan', workshops: ['Pottery', 'Wine tasting'], friday: true, saturday: false, newsletter: false, note: 'A window seat, please' }
    const [failed] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    expect(failed!.status()).toBe(422)
    expect(await choices(page)).toEqual(posted)

    // the page as the server rendered it is posted again as it stands: what the server receives is what was chosen
    await page.fill('[name="name"]', 'Barbara')
    await page.fill('[name="email"]', 'barbara@liskov.org')
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    expect(await page.textContent('[data-test=rsvp-choices]')).toBe('vegan, pottery + wine, friday, no newsletter, “A window seat, please”')

    // an untouched form sends its initial choices
    await page.fill('[name="name"]', 'Edsger')
    await page.fill('[name="email"]', 'edsger@dijkstra.org')
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    expect(await page.textContent('[data-test=rsvp-choices]')).toBe('veggie, salsa, saturday, newsletter, “”')
    await context.close()
  })

  it('with JavaScript, keeps the choices through a failure and puts them back to the initial ones after a success', async () => {
    const page = await browser.newPage()
    await page.goto(`${baseURL}/rsvp`)
    await page.waitForFunction(hydrated)
    await page.fill('[name="name"]', 'Alan')
    // @example.com has replied already: a 409 from the server, with a field error
    await page.fill('[name="email"]', 'alan@example.com')
    await page.selectOption('[name=meal]', 'fish')
    await page.selectOption('[name=workshops]', [])
    await page.check('[name=arrival][value=friday]')
    await page.uncheck('[name=newsletter]')
    await page.fill('[name=note]', 'Late')
    await page.click('button[type="submit"]')
    await page.waitForSelector('text=This email has replied already')
    const chosen = { meal: 'fish', workshops: [], friday: true, saturday: false, newsletter: false, note: 'Late' }
    expect(await choices(page)).toEqual(chosen)
    await page.fill('[name="email"]', 'alan@turing.org')
    await page.click('button[type="submit"]')
    await page.waitForSelector('[data-test=rsvp-success]')
    expect(await page.textContent('[data-test=rsvp-choices]')).toBe('fish, no workshops, friday, no newsletter, “Late”')
    expect(await choices(page)).toEqual(initialChoices)
    await page.close()
  })
})
