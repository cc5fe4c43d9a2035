import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { signInContext } from './session'

const baseURL = inject('playgroundURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

async function signedInTodos(name: 'Ada' | 'Grace' = 'Grace'): Promise<{ context: BrowserContext, page: Page, sent: string[] }> {
  const context = await browser.newContext()
  await signInContext(context, baseURL, name)
  const page = await context.newPage()
  await page.goto(`${baseURL}/todos`)
  await page.waitForSelector('[data-test=total]')
  await page.waitForFunction(hydrated)
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  return { context, page, sent }
}

describe('the playground\'s todos page in Chromium', () => {
  it('adds a todo and shows the refreshed list from the same answer, then deletes it at once', async () => {
    const { context, page, sent } = await signedInTodos()
    const title = `Refreshed ${Date.now()}`
    await page.fill('input[name=title]', title)
    await page.click('[data-test=new-todo] button[type=submit]')
    await page.waitForSelector(`[data-test=todos] li:has-text("${title}")`)
    expect(sent).toEqual(['POST /api/todos'])

    await page.click(`[data-test=todos] li:has-text("${title}") button`)
    // optimistic: gone before the server answers
    expect(await page.locator(`[data-test=todos] li:has-text("${title}")`).count()).toBe(0)
    await page.waitForFunction(() => !document.querySelector('[data-test=todos]')?.textContent?.includes('rolled back'))
    await context.close()
  })

  it('toggles done at once (optimistic), before the server answers, and the change is stored', async () => {
    const { context, page } = await signedInTodos()
    const title = `Toggled ${Date.now()}`
    await page.fill('input[name=title]', title)
    await page.click('[data-test=new-todo] button[type=submit]')
    const row = page.locator(`[data-test=todos] li:has-text("${title}")`)
    await row.waitFor()
    // the date came as an ISO string and shows as a date
    expect((await row.locator('[data-test=created]').textContent())?.trim()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/)

    // hold the PATCH until the checkbox has been seen checked
    let release!: () => void
    const held = new Promise<void>(resolve => release = resolve)
    await page.route('**/api/todos/*', async (route) => {
      if (route.request().method() === 'PATCH') await held
      await route.continue()
    })
    await row.locator('input[type=checkbox]').click()
    expect(await row.locator('input[type=checkbox]').isChecked()).toBe(true)
    expect(await row.locator('a').getAttribute('class')).toContain('done')
    const answered = page.waitForResponse(response => response.request().method() === 'PATCH')
    release()
    expect((await answered).status()).toBe(200)

    await page.reload()
    expect(await page.locator(`[data-test=todos] li:has-text("${title}") input[type=checkbox]`).isChecked()).toBe(true)
    await page.locator(`[data-test=todos] li:has-text("${title}") button`).click()
    await context.close()
  })

  it('uploads an attachment on the detail page and downloads it from the link', async () => {
    const { context, page } = await signedInTodos()
    const title = `Attached ${Date.now()}`
    await page.fill('input[name=title]', title)
    await page.click('[data-test=new-todo] button[type=submit]')
    await page.click(`[data-test=todos] li:has-text("${title}") a`)
    await page.waitForSelector('[data-test=todo]')
    await page.waitForFunction(hydrated)
    expect(await page.textContent('[data-test=dates]')).toMatch(/Added \d{1,2} [A-Z][a-z]{2} \d{4}/)

    await page.setInputFiles('[data-test=upload] input[type=file]', { name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('step one\nstep two\n') })
    await page.click('[data-test=upload] button[type=submit]')
    await page.waitForSelector('[data-test=attachment]:has-text("plan.txt")')
    expect(await page.textContent('[data-test=attachment]')).toContain('text/plain, 18 bytes')

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test=attachment] a')])
    expect(download.suggestedFilename()).toBe('plan.txt')
    const stream = await download.createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('step one\nstep two\n')

    await page.click('[data-test=delete]')
    await page.waitForURL(`${baseURL}/todos`)
    await context.close()
  })
})

describe('the sign-in and new-todo forms without JavaScript', () => {
  it('signs in (401 with the field error, then 303), then adds a todo (422 with the field error, then 303)', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseURL}/login`)
    await page.fill('[name=name]', 'Grace')
    await page.fill('[name=password]', 'wrong')
    const [refused] = await Promise.all([page.waitForNavigation(), page.click('[data-test=sign-in] button[type=submit]')])
    expect(refused!.status()).toBe(401)
    expect(await page.textContent('[data-test=password-error]')).toContain('Wrong password')
    // the password is never put back in the field
    expect(await page.inputValue('[name=password]')).toBe('')
    expect(await page.inputValue('[name=name]')).toBe('Grace')
    await page.fill('[name=password]', 'hopper')
    const [signedIn] = await Promise.all([page.waitForNavigation(), page.click('[data-test=sign-in] button[type=submit]')])
    expect(signedIn!.request().redirectedFrom()?.method()).toBe('POST')
    expect(await page.textContent('[data-test=signed-in]')).toContain('Signed in as Grace')
    expect(await page.textContent('[data-test=who]')).toContain('Grace')

    await page.goto(`${baseURL}/todos/new`)
    await page.fill('[name=title]', '   ')
    const [failed] = await Promise.all([page.waitForNavigation(), page.click('[data-test=todo-form] button[type=submit]')])
    expect(failed!.status()).toBe(422)
    expect((await page.textContent('[data-test=title-error]'))?.trim()).toBe('Write something first')
    const title = `Without JavaScript ${Date.now()}`
    await page.fill('[name=title]', title)
    const [sent] = await Promise.all([page.waitForNavigation(), page.click('[data-test=todo-form] button[type=submit]')])
    expect(sent!.request().redirectedFrom()?.method()).toBe('POST')
    expect(page.url()).toBe(`${baseURL}/todos/new`)
    expect(await page.textContent('[data-test=created]')).toContain(title)
    await page.goto(`${baseURL}/todos`)
    expect(await page.textContent('[data-test=todos]')).toContain(title)
    await context.close()
  })
})

describe('signing in and out in Chromium', () => {
  it('signs in on /login, and signs out from the nav, the nav and list following that one answer', async () => {
    const page = await browser.newPage()
    await page.goto(`${baseURL}/todos`)
    await page.waitForSelector('[data-test=signed-out]')
    await page.click('[data-test=signed-out] a')
    await page.waitForURL(`${baseURL}/login`)
    await page.waitForFunction(hydrated)
    await page.fill('[name=name]', 'Ada')
    await page.fill('[name=password]', 'lovelace')
    await page.click('[data-test=sign-in] button[type=submit]')
    await page.waitForURL(`${baseURL}/todos`)
    await page.waitForSelector('[data-test=who]:has-text("Ada")')
    await page.waitForSelector('[data-test=todos] li:has-text("Try the playground")')

    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    await page.click('[data-test=sign-out]')
    await page.waitForURL(`${baseURL}/login`)
    await page.waitForSelector('[data-test=sign-in-link]')
    expect(await page.locator('[data-test=who]').count()).toBe(0)
    // one round trip: the refreshed profile came with the answer that cleared the cookie
    expect(sent).toEqual(['DELETE /api/session'])
    await page.close()
  })
})
