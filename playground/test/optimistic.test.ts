import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { signIn, signInContext } from './session'

const baseURL = inject('playgroundURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** A todo of this context's user, added over HTTP; its id. */
async function addTodo(context: BrowserContext, title: string): Promise<number> {
  const created = await context.request.post(`${baseURL}/api/todos`, { data: { title } })
  expect(created.status()).toBe(201)
  return (await created.json() as { data: { id: number } }).data.id
}

/** Opens a page of the app, hydrated, recording the action requests the browser sends from then on. */
async function openPage(context: BrowserContext, path: string): Promise<{ page: Page, sent: string[] }> {
  const page = await context.newPage()
  await page.goto(`${baseURL}${path}`)
  await page.waitForFunction(hydrated)
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  return { page, sent }
}

/** Holds the requests of this method to URLs that fit until `release()` (Playwright's page.route). */
async function holdRequests(page: Page, url: string | RegExp, method: string): Promise<{ release: () => void }> {
  let release!: () => void
  const released = new Promise<void>(resolve => release = resolve)
  await page.route(url, async (route: Route) => {
    if (route.request().method() === method) await released
    await route.continue()
  })
  return { release }
}

describe('the todos list\'s optimistic toggles in Chromium', () => {
  it('shows a toggle of a todo deleted meanwhile in another tab at once, then rolls it back when the server refuses it', async () => {
    const context = await browser.newContext()
    await signInContext(context, baseURL, 'Grace')
    const title = `Deleted in another tab ${Date.now()}`
    const id = await addTodo(context, title)
    const { page } = await openPage(context, '/todos')
    const checkbox = page.locator(`[data-test=todos] li[data-id="${id}"] input[type=checkbox]`)
    expect(await checkbox.isChecked()).toBe(false)

    const other = await context.newPage()
    await other.goto(`${baseURL}/todos/${id}`)
    await other.waitForFunction(hydrated)
    await other.click('[data-test=delete]')
    await other.waitForURL(`${baseURL}/todos`)

    const { release } = await holdRequests(page, '**/api/todos/*', 'PATCH')
    await checkbox.click()
    // at once, while the server has not answered
    expect(await checkbox.isChecked()).toBe(true)
    const answered = page.waitForResponse(response => response.request().method() === 'PATCH')
    release()
    expect((await answered).status()).toBe(404)
    await page.waitForSelector('text=(rolled back)')
    expect(await page.textContent('main')).toContain(`No todo ${id} (rolled back)`)
    expect(await checkbox.isChecked()).toBe(false)
    await context.close()
  })

  it('ends two quick toggles of the same todo in the state the server holds, sent in order', async () => {
    const context = await browser.newContext()
    await signInContext(context, baseURL, 'Grace')
    const id = await addTodo(context, `Toggled twice ${Date.now()}`)
    const { page, sent } = await openPage(context, '/todos')
    const checkbox = page.locator(`[data-test=todos] li[data-id="${id}"] input[type=checkbox]`)
    const bodies: unknown[] = []
    page.on('request', (request) => {
      if (request.method() === 'PATCH') bodies.push(request.postDataJSON())
    })
    const answers: number[] = []
    page.on('response', (response) => {
      if (response.request().method() === 'PATCH') answers.push(response.status())
    })

    // the first toggle is still on its way when the second is made
    const { release } = await holdRequests(page, '**/api/todos/*', 'PATCH')
    await checkbox.click()
    expect(await checkbox.isChecked()).toBe(true)
    await checkbox.click()
    expect(await checkbox.isChecked()).toBe(false)
    release()
    await expect.poll(() => answers, { timeout: 10_000 }).toEqual([200, 200])

    const held = await context.request.get(`${baseURL}/api/todos/${id}`)
    const { done } = (await held.json() as { data: { done: boolean } }).data
    expect(done).toBe(false)
    expect(await checkbox.isChecked()).toBe(done)
    expect(bodies).toEqual([{ done: true }, { done: false }])
    // queued, each answered with the refreshed list (single flight): no refetch
    expect(sent).toEqual([`PATCH /api/todos/${id}`, `PATCH /api/todos/${id}`])
    await context.request.delete(`${baseURL}/api/todos/${id}`)
    await context.close()
  })
})

describe('the admin page\'s refresh without single flight, in Chromium', () => {
  it('deletes anyone\'s todo, then refetches the list and the counts once each, in parallel: 1 + 2 requests', async () => {
    const graceCookie = await signIn(baseURL, 'Grace')
    const title = `Grace's, deleted by the admin ${Date.now()}`
    const created = await fetch(`${baseURL}/api/todos`, { method: 'POST', headers: { 'cookie': graceCookie, 'content-type': 'application/json' }, body: JSON.stringify({ title }) })
    expect(created.status).toBe(201)

    const context = await browser.newContext()
    await signInContext(context, baseURL, 'Ada')
    const { page, sent } = await openPage(context, '/admin')
    const row = page.locator(`[data-test=all-todos] li:has-text("${title}")`)
    await row.waitFor()
    let refreshHeader: string | undefined = 'not sent'
    page.on('request', (request) => {
      if (request.method() === 'DELETE') refreshHeader = request.headers()['x-action-refresh']
    })

    // each refetch waits until both have been sent: one made after the other never answers
    const refetches: Route[] = []
    let bothSent!: () => void
    const both = new Promise<void>(resolve => bothSent = resolve)
    await page.route(/\/api\/admin\//, async (route) => {
      refetches.push(route)
      if (refetches.length === 2) bothSent()
      await both
      await route.continue()
    })
    let counts: { todos: number } | undefined
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname === '/api/admin/stats') counts = (await response.json() as { data: { todos: number } }).data
    })
    const deleted = page.waitForResponse(response => response.request().method() === 'DELETE')
    await row.locator('button').click()
    expect((await deleted).status()).toBe(200)
    await expect.poll(() => sent.slice(1).sort(), { timeout: 5000 }).toEqual(['GET /api/admin/stats', 'GET /api/admin/todos'])
    await expect.poll(() => counts, { timeout: 5000 }).toBeDefined()
    await row.waitFor({ state: 'detached' })
    await page.waitForFunction(expected => document.querySelector('[data-test=todo-count]')?.textContent?.trim() === String(expected), counts!.todos)
    // nothing more comes after the two
    await page.waitForTimeout(500)

    expect(refreshHeader).toBeUndefined()
    expect(sent[0]).toMatch(/^DELETE \/api\/todos\/\d+$/)
    expect(sent).toHaveLength(3)
    await context.close()
  })
})
