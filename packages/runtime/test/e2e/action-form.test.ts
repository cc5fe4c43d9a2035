import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../../../test-utils/browser'
import { postRawForm } from '../helpers/raw-form-post'

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

async function signups(): Promise<number> {
  const answer = await (await fetch(`${baseURL}/api/forms-demo/count`)).json() as { data: { signups: number } }
  return answer.data.signups
}

/** The page's own document responses (the posts and the loads), in order. */
function documentStatuses(page: Page): Array<[string, number]> {
  const seen: Array<[string, number]> = []
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'document') seen.push([response.request().method(), response.status()])
  })
  return seen
}

async function fillSignup(page: Page, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) await page.fill(`[data-test="signup"] [name="${name}"]`, value)
}

const invalid = { 'name': 'a', 'address.city': '', 'address.zip': '12', 'items.0.name': 'pen', 'items.0.qty': '0' }
const valid = { 'name': 'Ada', 'address.city': 'Bergen', 'address.zip': '5003', 'tags.0': 'ab', 'items.0.name': 'pen', 'items.0.qty': '2' }

async function errorsShown(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(await page.$$eval('[data-test="signup"] [data-error]', nodes => nodes.map(node => [node.getAttribute('data-error')!, node.textContent!.trim()])))
}

async function openHydrated(path: string): Promise<{ page: Page, actionCalls: string[] }> {
  const page = await browser.newPage()
  const actionCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/forms-demo/')) actionCalls.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  await page.goto(`${baseURL}${path}`)
  await page.waitForFunction(() => 'actionLab' in window)
  return { page, actionCalls }
}

describe('useActionForm with JavaScript', () => {
  it('shows nested and array field errors per field, tracks dirty state, and resets after a success', async () => {
    const { page, actionCalls } = await openHydrated('/forms-demo')
    expect(await page.textContent('[data-test="signup"] [data-test="dirty"]')).toContain('false')
    await fillSignup(page, invalid)
    expect(await page.textContent('[data-test="signup"] [data-test="dirty"]')).toContain('true')
    await page.click('[data-test="signup"] button[type="submit"]')
    await page.waitForSelector('[data-error="items.0.qty"]')
    expect(await errorsShown(page)).toEqual({
      'name': 'At least 2 characters',
      'address.city': 'Required',
      'address.zip': 'Four digits',
      'items.0.qty': 'At least 1',
    })
    expect(await page.getAttribute('[name="address.city"]', 'aria-invalid')).toBe('true')
    expect(actionCalls).toEqual(['POST /api/forms-demo/signup'])

    const before = await signups()
    await fillSignup(page, valid)
    await page.click('[data-test="signup"] button[type="submit"]')
    await page.waitForSelector('[data-test="signup"] [data-test="success"]')
    expect(await page.textContent('[data-test="success"]')).toContain('Welcome Ada from Bergen')
    expect(await signups()).toBe(before + 1)
    expect(await errorsShown(page)).toEqual({})
    // back to the initial values, clean
    expect(await page.inputValue('[name="name"]')).toBe('')
    expect(await page.inputValue('[name="address.city"]')).toBe('Oslo')
    expect(await page.inputValue('[name="items.0.qty"]')).toBe('1')
    expect(await page.textContent('[data-test="signup"] [data-test="dirty"]')).toContain('false')
    expect(page.url()).toBe(`${baseURL}/forms-demo`)
    await page.close()
  })

  it('validates in the browser with the same schema before sending, when asked to', async () => {
    const { page, actionCalls } = await openHydrated('/forms-demo?validate')
    await fillSignup(page, invalid)
    await page.click('[data-test="signup"] button[type="submit"]')
    await page.waitForSelector('[data-error="items.0.qty"]')
    expect(await errorsShown(page)).toEqual({
      'name': 'At least 2 characters',
      'address.city': 'Required',
      'address.zip': 'Four digits',
      'items.0.qty': 'At least 1',
    })
    expect(actionCalls).toEqual([])
    await page.close()
  })

  it('uploads a file as a File', async () => {
    const { page } = await openHydrated('/forms-demo')
    await page.fill('[data-test="upload"] [name="title"]', 'Notes')
    await page.setInputFiles('[data-test="upload"] [name="file"]', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await page.click('[data-test="upload"] button[type="submit"]')
    await page.waitForSelector('[data-test="uploaded"]')
    expect(await page.textContent('[data-test="uploaded"]')).toContain('Notes: notes.txt (5 B)')
    await page.close()
  })
})

describe('useActionForm without JavaScript', () => {
  it('posts to the page: field errors with 422 and the posted values, then a success with 303 and a reload that does not post again', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const statuses = documentStatuses(page)
    await page.goto(`${baseURL}/forms-demo`)
    await fillSignup(page, invalid)
    await Promise.all([page.waitForNavigation(), page.click('[data-test="signup"] button[type="submit"]')])
    expect(statuses.at(-1)).toEqual(['POST', 422])
    expect(await errorsShown(page)).toEqual({
      'name': 'At least 2 characters',
      'address.city': 'Required',
      'address.zip': 'Four digits',
      'items.0.qty': 'At least 1',
    })
    expect(await page.inputValue('[name="address.zip"]')).toBe('12')
    expect(await page.inputValue('[name="items.0.qty"]')).toBe('0')

    const before = await signups()
    await fillSignup(page, valid)
    await Promise.all([page.waitForNavigation(), page.click('[data-test="signup"] button[type="submit"]')])
    expect(statuses.slice(-2)).toEqual([['POST', 303], ['GET', 200]])
    expect(page.url()).toBe(`${baseURL}/forms-demo`)
    expect(await page.textContent('[data-test="success"]')).toContain('Welcome Ada from Bergen')
    expect(await signups()).toBe(before + 1)

    await page.reload()
    expect(statuses.at(-1)).toEqual(['GET', 200])
    expect(await signups()).toBe(before + 1)
    expect(await page.$('[data-test="success"]')).toBeNull()
    await context.close()
  })

  it('answers a failure the schema cannot see with its own status and field error', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const statuses = documentStatuses(page)
    await page.goto(`${baseURL}/forms-demo`)
    await fillSignup(page, { ...valid, name: 'taken' })
    await Promise.all([page.waitForNavigation(), page.click('[data-test="signup"] button[type="submit"]')])
    expect(statuses.at(-1)).toEqual(['POST', 409])
    expect(await errorsShown(page)).toEqual({ name: 'That name is taken' })
    expect(await page.textContent('[data-test="signup"] [data-test="error"]')).toContain('NAME_TAKEN')
    await context.close()
  })

  it('uploads a file', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseURL}/forms-demo`)
    await page.fill('[data-test="upload"] [name="title"]', 'Notes')
    await page.setInputFiles('[data-test="upload"] [name="file"]', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await Promise.all([page.waitForNavigation(), page.click('[data-test="upload"] button[type="submit"]')])
    expect(await page.textContent('[data-test="uploaded"]')).toContain('Notes: notes.txt (5 B)')
    await context.close()
  })

  it('refuses a post from another site before running the action', async () => {
    const before = await signups()
    const body = new FormData()
    for (const [name, value] of Object.entries(valid)) body.append(name, value)
    const crossSite: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://elsewhere.example' }, { origin: 'null' }]
    for (const headers of crossSite) {
      const response = await fetch(`${baseURL}/forms-demo?__action=/api/forms-demo/signup`, { method: 'POST', body, headers, redirect: 'manual' })
      expect(response.status).toBe(403)
    }
    expect(await signups()).toBe(before)
  })
})

const postRaw = (path: string, body: string) => postRawForm(baseURL, path, body)

const flashCookieOf = (headers: Record<string, string | string[] | undefined>) => ([] as string[]).concat(headers['set-cookie'] ?? []).find(cookie => cookie.startsWith('action-route-form='))

describe('the form path without JavaScript, against hostile posts', () => {
  it('survives the worst-case grid post with a 413 envelope, and answers the next request', async () => {
    for (const size of [5000, 11_000]) {
      const grid = Array.from({ length: size }, (_, index) => `k${index}.${size - 1}=v`).join('&')
      const answer = await postRaw('/forms-demo?__action=/api/forms-demo/signup', grid)
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.text)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE', statusCode: 413 } })
    }
    const next = await fetch(`${baseURL}/api/forms-demo/count`)
    expect(next.status).toBe(200)
    expect((await next.json() as { success: boolean }).success).toBe(true)
  })

  it('shows posted text again only in the fields the form binds, never a secret-named or hidden field', async () => {
    const fields = {
      'name': 'a',
      'address.city': '',
      'address.zip': '123',
      'items.0.name': 'pen',
      'items.0.qty': '0',
      'tags.0': 'hidden-tag-text',
      'password': 'hunter2',
      'card_number': '4111111111111111',
      'note': 'unbound-note-text',
    }
    const answer = await postRaw('/forms-demo?__action=/api/forms-demo/signup', new URLSearchParams(fields).toString())
    expect(answer.status).toBe(422)
    expect(answer.text).toContain('value="123"')
    for (const secret of ['hunter2', '4111111111111111', 'unbound-note-text', 'hidden-tag-text']) expect(answer.text).not.toContain(secret)
  })

  it('passes fields named like Object.prototype members to the action as plain fields', async () => {
    const answer = await postRaw('/forms-demo?__action=/api/echo', 'toString=1&hasOwnProperty=3')
    expect(answer.status).toBe(303)
    const flash = JSON.parse(decodeURIComponent(flashCookieOf(answer.headers)!.split(';')[0]!.slice('action-route-form='.length)))
    expect(flash.data).toEqual({ method: 'POST', input: { toString: '1', hasOwnProperty: '3' } })
  })

  it('redirects a success only to a path of this origin, and lets no request text into the flash cookie\'s attributes', async () => {
    const away = await postRaw('/.//evil.example/?__action=/api/echo', 'name=Ada')
    expect(away.status).toBe(303)
    expect(away.headers.location).toBe('/evil.example/')
    const injected = await postRaw('/x;Path=/;Domain=127.0.0.1;SameSite=None?__action=/api/echo', 'name=Ada')
    expect(injected.status).toBe(303)
    expect(flashCookieOf(injected.headers)!.split(';').slice(1).map(part => part.trim())).toEqual(['Path=/', 'Max-Age=60', 'HttpOnly', 'SameSite=Lax'])
  })
})
