import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { passwords, signInContext } from './session'

// The client ($action, useAction) as the reference app's own pages call it, on its real routes and session.
// Network conditions (a held or dropped request) come from Playwright's page.route, never from the server.
const baseURL = inject('playgroundURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** A page of its own browser context, signed in, open on `path` once Vue has mounted (a click before lands nowhere). */
async function signedInPage(name: keyof typeof passwords, path: string): Promise<{ context: BrowserContext, page: Page }> {
  const context = await browser.newContext()
  await signInContext(context, baseURL, name)
  const page = await context.newPage()
  await page.goto(`${baseURL}${path}`)
  await page.waitForFunction(hydrated)
  return { context, page }
}

/** The `METHOD /path` of every action request the page sends from now on. */
function actionRequests(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/')) sent.push(`${request.method()} ${pathname}`)
  })
  return sent
}

/** Holds the page's `method` requests to `url` until `release()`, to see the page while a call is in flight. */
async function holdRequests(page: Page, url: string, method: string) {
  const waiting: (() => void)[] = []
  let onHeld = () => {}
  await page.route(url, async (route) => {
    if (route.request().method() === method) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve)
        onHeld()
      })
    }
    // the page may have aborted it meanwhile
    await route.continue().catch(() => {})
  })
  return {
    held: () => waiting.length ? Promise.resolve() : new Promise<void>(resolve => onHeld = resolve),
    release: () => waiting.splice(0).forEach(go => go()),
  }
}

/** A todo of the context's account, made over HTTP: its id. */
async function createTodo(context: BrowserContext, title: string): Promise<number> {
  const response = await context.request.post(`${baseURL}/api/todos`, { data: { title } })
  return (await response.json()).data.id
}

/** Deletes the todos a test made: the other suites share the account, and its list shows 20 a page. */
async function deleteTodos(context: BrowserContext, ids: number[]) {
  for (const id of ids.splice(0)) await context.request.delete(`${baseURL}/api/todos/${id}`)
}

describe('$action on the declared errors page in Chromium', () => {
  let context: BrowserContext
  let page: Page
  const lookupError = async () => (await page.locator('[data-test=lookup-error]').textContent())?.trim()

  beforeAll(async () => {
    // the id field is a text field (v-model.number keeps text that is no number), so the client gets the ids a URL can be wrong with
    ({ context, page } = await signedInPage('Grace', '/errors'))
  })
  afterAll(() => context?.close())

  it('keeps /, %, spaces and unicode inside the :id segment: the [id] route answers its VALIDATION_ERROR', async () => {
    const id = 'a/b%2e%c d é😀'
    await page.fill('[data-test=lookup-id]', id)
    const [response] = await Promise.all([page.waitForResponse(r => r.url().includes('/api/todos/')), page.click('[data-test=lookup]')])
    expect(new URL(response.url()).pathname).toBe(`/api/todos/${encodeURIComponent(id)}`)
    expect(response.status()).toBe(422)
    await page.waitForSelector('[data-test=lookup-error][data-code=VALIDATION_ERROR]')
    expect(await lookupError()).toMatch(/^VALIDATION_ERROR 422: The id must be a whole number from 1 \(.+\)$/)
  })

  it('refuses an empty, "." or ".." id with a TypeError naming the param, and sends nothing', async () => {
    const sent = actionRequests(page)
    const errors: string[] = []
    // a TypeError from a click handler: Vue logs it in production, rethrows it under nuxi dev
    page.on('console', message => message.type() === 'error' && errors.push(message.text()))
    page.on('pageerror', error => errors.push(`${error.name}: ${error.message}`))
    for (const id of ['', '.', '..']) {
      await page.fill('[data-test=lookup-id]', id)
      await page.click('[data-test=lookup]')
      const refused = `Route param "id" for /api/todos/:id is ${JSON.stringify(id)}: an empty, "." or ".." segment would reach another route`
      await expect.poll(() => errors.some(text => text.includes('TypeError') && text.includes(refused))).toBe(true)
    }
    expect(sent).toEqual([])
    // the last answer stays on the page
    expect(await lookupError()).toMatch(/^VALIDATION_ERROR 422/)
  })

  it('turns a dropped connection into FETCH_ERROR with status 0', async () => {
    await page.route('**/api/todos/*', route => route.abort('failed'))
    await page.fill('[data-test=lookup-id]', '1')
    await page.click('[data-test=lookup]')
    await page.waitForSelector('[data-test=lookup-error][data-code=FETCH_ERROR]')
    expect(await lookupError()).toBe('FETCH_ERROR 0: The server could not be reached')
    await page.unroute('**/api/todos/*')
  })

  it('Cancel aborts the look-up in flight: ABORT_ERROR with status 0', async () => {
    const gets = await holdRequests(page, '**/api/todos/*', 'GET')
    await page.fill('[data-test=lookup-id]', '1')
    await page.click('[data-test=lookup]')
    await gets.held()
    await page.click('[data-test=cancel-lookup]')
    await page.waitForSelector('[data-test=lookup-error][data-code=ABORT_ERROR]')
    expect(await lookupError()).toBe('ABORT_ERROR 0: Cancelled')
    gets.release()
    await page.unroute('**/api/todos/*')
  })

  it('gives up after the page\'s 5 s timeout: TIMEOUT_ERROR with status 0', async () => {
    const gets = await holdRequests(page, '**/api/todos/*', 'GET')
    await page.fill('[data-test=lookup-id]', '1')
    await page.click('[data-test=lookup]')
    await page.waitForSelector('[data-test=lookup-error][data-code=TIMEOUT_ERROR]', { timeout: 15_000 })
    expect(await lookupError()).toBe('TIMEOUT_ERROR 0: The server took too long (5 s)')
    gets.release()
    await page.unroute('**/api/todos/*')
  })

  it('retries the GET once after a 503 and shows the second answer', async () => {
    const sent = actionRequests(page)
    let first = true
    await page.route('**/api/todos/*', async (route) => {
      if (!first) return route.continue()
      first = false
      await route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' })
    })
    await page.fill('[data-test=lookup-id]', '1')
    await page.click('[data-test=lookup]')
    // todo 1 is Ada's: the real answer, on the second attempt
    await page.waitForSelector('[data-test=lookup-error][data-code=NOT_YOURS]')
    expect(sent).toEqual(['GET /api/todos/1', 'GET /api/todos/1'])
    await page.unroute('**/api/todos/*')
  })
})

describe('useAction on the todos pages in Chromium', () => {
  let context: BrowserContext
  let page: Page
  const made: number[] = []
  const row = (title: string) => page.locator(`[data-test=todos] li:has-text("${title}")`)

  beforeAll(async () => {
    ({ context, page } = await signedInPage('Grace', '/todos'))
  })
  afterAll(async () => {
    if (context) await deleteTodos(context, made)
    await context?.close()
  })

  it('goes idle → pending → error with fieldErrors → pending → success, onSuccess clearing the field, the list from the same answer', async () => {
    const sent = actionRequests(page)
    const posts = await holdRequests(page, '**/api/todos', 'POST')
    const add = page.locator('[data-test=new-todo] button[type=submit]')
    expect(await add.isEnabled()).toBe(true)
    expect(await page.locator('[data-test=title-error]').count()).toBe(0)

    await page.fill('input[name=title]', '   ')
    await add.click()
    await posts.held()
    expect(await add.isDisabled()).toBe(true)
    posts.release()
    await page.waitForSelector('[data-test=title-error]')
    expect((await page.textContent('[data-test=title-error]'))?.trim()).toBe('Write something first')
    expect(await add.isEnabled()).toBe(true)
    // onSuccess did not run: the field keeps what was typed
    expect(await page.inputValue('input[name=title]')).toBe('   ')

    const title = `Through useAction ${Date.now()}`
    await page.fill('input[name=title]', title)
    await add.click()
    await posts.held()
    expect(await add.isDisabled()).toBe(true)
    posts.release()
    await row(title).waitFor()
    made.push(Number(await row(title).getAttribute('data-id')))
    expect(await page.inputValue('input[name=title]')).toBe('')
    expect(await page.locator('[data-test=title-error]').count()).toBe(0)
    expect(await add.isEnabled()).toBe(true)
    // the refreshed list came with the POST's answer (single flight): no GET after it
    expect(sent).toEqual(['POST /api/todos', 'POST /api/todos'])
    await page.unroute('**/api/todos')
  })

  it('dedupe queue: a second toggle waits for the first to settle, so the server gets both in order', async () => {
    const title = `Queued ${Date.now()}`
    const id = await createTodo(context, title)
    made.push(id)
    await page.reload()
    await page.waitForFunction(hydrated)
    const patches: string[] = []
    page.on('request', request => request.method() === 'PATCH' && patches.push(request.postData() ?? ''))
    const held = await holdRequests(page, '**/api/todos/*', 'PATCH')
    const checkbox = row(title).locator('input[type=checkbox]')
    await checkbox.click()
    await held.held()
    await checkbox.click()
    // optimistic: the list shows the second toggle at once, while the first is still in flight
    expect(await checkbox.isChecked()).toBe(false)
    await page.waitForTimeout(300)
    expect(patches).toEqual(['{"done":true}'])
    held.release()
    // sent once the first has settled
    await held.held()
    expect(patches).toEqual(['{"done":true}', '{"done":false}'])
    const second = page.waitForResponse(response => response.request().method() === 'PATCH')
    held.release()
    expect((await second).status()).toBe(200)
    const stored = await (await context.request.get(`${baseURL}/api/todos/${id}`)).json()
    expect(stored.data.done).toBe(false)
    await page.unroute('**/api/todos/*')
  })

  it('a dropped toggle settles as FETCH_ERROR: the checkbox rolls back and the page says why', async () => {
    const title = `Dropped ${Date.now()}`
    made.push(await createTodo(context, title))
    await page.reload()
    await page.waitForFunction(hydrated)
    await page.route('**/api/todos/*', route => route.request().method() === 'PATCH' ? route.abort('failed') : route.continue())
    const checkbox = row(title).locator('input[type=checkbox]')
    await checkbox.click()
    await page.waitForSelector('.field-error:has-text("rolled back")')
    expect((await page.textContent('.field-error:has-text("rolled back")'))?.trim()).toBe('The server could not be reached (rolled back)')
    expect(await checkbox.isChecked()).toBe(false)
    await page.unroute('**/api/todos/*')
  })

  it('aborts the call in flight when its page is left (abort() on unmount): the request is cancelled, nothing changes', async () => {
    const title = `Left behind ${Date.now()}`
    const id = await createTodo(context, title)
    made.push(id)
    await page.goto(`${baseURL}/todos/${id}`)
    await page.waitForFunction(hydrated)
    const held = await holdRequests(page, '**/api/todos/*', 'PATCH')
    const failed = page.waitForEvent('requestfailed', request => request.method() === 'PATCH')
    await page.click('[data-test=toggle]')
    await held.held()
    expect(await page.locator('[data-test=toggle]').isDisabled()).toBe(true)
    await page.click('main a[href="/todos"]')
    expect((await failed).failure()?.errorText).toBe('net::ERR_ABORTED')
    await row(title).waitFor()
    held.release()
    await page.unroute('**/api/todos/*')
    const stored = await (await context.request.get(`${baseURL}/api/todos/${id}`)).json()
    expect(stored.data.done).toBe(false)
  })
})

describe('signing in as another account in the same browser', () => {
  it('shows Dorothy\'s todos after Ada\'s, hers alone from the first render, the new profile coming with the sign-in\'s own answer', async () => {
    const context = await browser.newContext()
    // Dorothy, whom no other file uses, has only the todo this test gives her: her first page is known
    const dorothy = await browser.newContext()
    await signInContext(dorothy, baseURL, 'Dorothy')
    const dorothysTitle = `Dorothy's own ${Date.now()}`
    const made = [await createTodo(dorothy, dorothysTitle)]

    const page = await context.newPage()
    const signInAs = async (name: keyof typeof passwords) => {
      await page.fill('[name=name]', name)
      await page.fill('[name=password]', passwords[name])
      await page.click('[data-test=sign-in] button[type=submit]')
      await page.waitForURL(`${baseURL}/todos`)
    }
    await page.goto(`${baseURL}/login`)
    await page.waitForFunction(hydrated)
    await signInAs('Ada')
    await page.waitForSelector('[data-test=todos] li:has-text("Try the playground")')
    expect(await page.textContent('[data-test=who]')).toContain('Ada')

    // back to the sign-in page in the same tab, without signing out or a page load
    await page.click('nav a[href="/"]')
    await page.click('main a[href="/login"]')
    await page.waitForURL(`${baseURL}/login`)
    const sent = actionRequests(page)
    await signInAs('Dorothy')
    await page.waitForFunction(() => document.querySelector('[data-test=who]')?.textContent?.includes('Dorothy'))
    // the list shown is hers from its first render (never Ada's, even for a moment): her one todo and nothing else
    await page.waitForSelector('[data-test=todos] li')
    expect(await page.textContent('[data-test=todos]')).not.toContain('Try the playground')
    await page.waitForSelector(`[data-test=todos] li:has-text("${dorothysTitle}")`)
    expect(await page.locator('[data-test=todos] li').count()).toBe(1)
    // the nav's profile came with the sign-in's answer; the list page loads its own query when it mounts
    expect(sent).toEqual(['POST /api/session', 'GET /api/todos'])
    await context.close()
    await deleteTodos(dorothy, made)
    await dorothy.close()
  })
})
