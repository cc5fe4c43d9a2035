import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { signIn, signInContext } from './session'

const baseURL = inject('playgroundURL')
let browser: Browser
let cookie: string

interface TodoList { total: number, items: Array<{ id: number, title: string }> }

// Margaret, whom no other file uses, starts with no todos: one of this file's own, so the list has something to render
let seeded: number

beforeAll(async () => {
  browser = await launchChromium()
  cookie = await signIn(baseURL, 'Margaret')
  const response = await fetch(`${baseURL}/api/todos`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Rendered by TanStack Query' }) })
  seeded = (await response.json() as { data: { id: number } }).data.id
})
afterAll(async () => {
  await browser?.close()
  await removeTodo(seeded)
})

/** Margaret's first page of todos, as the page's query loads it. */
async function firstPage(): Promise<TodoList> {
  const response = await fetch(`${baseURL}/api/todos?page=1`, { headers: { cookie } })
  return (await response.json() as { data: TodoList }).data
}

/** Deletes a todo a test added, so the list stays as the other test files expect it. */
async function removeTodo(id: number): Promise<void> {
  const response = await fetch(`${baseURL}/api/todos/${id}`, { method: 'DELETE', headers: { cookie } })
  expect(response.status).toBe(200)
}

/** Margaret's /vue-query page, hydrated, and the API requests it sent from the start, as `METHOD /path`. */
async function signedInPage(): Promise<{ context: BrowserContext, page: Page, sent: string[] }> {
  const context = await browser.newContext()
  await signInContext(context, baseURL, 'Margaret')
  const page = await context.newPage()
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  await page.goto(`${baseURL}/vue-query`)
  await page.waitForSelector('[data-test=vq-total]')
  await page.waitForFunction(hydrated)
  return { context, page, sent }
}

/** Adds a todo through the page's form and answers its id (from the POST's own answer). */
async function addThroughForm(page: Page, title: string): Promise<{ id: number, refreshHeader: string | undefined }> {
  const posted = page.waitForResponse(response => response.request().method() === 'POST')
  await page.fill('[data-test=vq-new-todo] input[name=title]', title)
  await page.click('[data-test=vq-new-todo] button[type=submit]')
  const response = await posted
  const answer = await response.json() as { success: boolean, data: { id: number } }
  expect(answer.success).toBe(true)
  return { id: answer.data.id, refreshHeader: response.request().headers()['x-action-refresh'] }
}

// Signed in as Margaret, whom no other file uses: the other files add and remove Grace's todos at the same time, which
// would change the totals this file waits for
describe('the playground\'s TanStack Query page', () => {
  it('renders the signed-in user\'s list on the server, in the first HTML', async () => {
    const list = await firstPage()
    const response = await fetch(`${baseURL}/vue-query`, { headers: { cookie } })
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain(`${list.total} todos`)
    expect(html).toContain(list.items[0]!.title)
    expect(html.match(/<li[ >]/g)?.length).toBe(list.items.length)
  })

  it('hydrates the list from the payload: the browser does not fetch it again', async () => {
    const list = await firstPage()
    const { context, page, sent } = await signedInPage()
    expect(await page.locator('[data-test=vq-todos] li').allTextContents()).toEqual(list.items.map(todo => todo.title))
    expect(sent.filter(request => request.endsWith('/api/todos'))).toEqual([])
    await context.close()
  })

  it('adds a todo and shows the list from the mutation\'s own answer: one POST, no GET after it', async () => {
    const { context, page, sent } = await signedInPage()
    sent.length = 0
    const total = Number.parseInt(await page.textContent('[data-test=vq-total]') ?? '')
    const { id, refreshHeader } = await addThroughForm(page, `Added through TanStack ${Date.now()}`)
    // the list's URL, as the query loads it: the server runs it and sends its data along
    expect(refreshHeader).toBe('["/api/todos?page=1"]')
    await page.waitForFunction(count => document.querySelector('[data-test=vq-total]')?.textContent?.trim() === `${count} todos`, total + 1)
    // the field clears once the mutation has resolved, which waits for any refetch of an invalidated query
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-test=vq-new-todo] input[name=title]')?.value === '')
    expect(sent).toEqual(['POST /api/todos'])
    await context.close()
    await removeTodo(id)
  })

  it('invalidates the list, which TanStack refetches, when the answer carries no fresh data', async () => {
    const { context, page, sent } = await signedInPage()
    // the single-flight header lost on the way: the server answers the plain envelope
    await page.route('**/api/todos', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const headers = { ...route.request().headers() }
      delete headers['x-action-refresh']
      // sent from the test's side with the context's cookies, the page given its answer
      await route.fulfill({ response: await route.fetch({ headers }) })
    })
    sent.length = 0
    const total = Number.parseInt(await page.textContent('[data-test=vq-total]') ?? '')
    const { id } = await addThroughForm(page, `Refetched through TanStack ${Date.now()}`)
    await page.waitForFunction(count => document.querySelector('[data-test=vq-total]')?.textContent?.trim() === `${count} todos`, total + 1)
    expect(sent).toEqual(['POST /api/todos', 'GET /api/todos'])
    await context.close()
    await removeTodo(id)
  })

  it('shows the title\'s field error from a 422, typed on the mutation\'s error', async () => {
    const { context, page, sent } = await signedInPage()
    sent.length = 0
    await page.fill('[data-test=vq-new-todo] input[name=title]', '   ')
    await page.click('[data-test=vq-new-todo] button[type=submit]')
    expect((await page.locator('[data-test=vq-title-error]').textContent())?.trim()).toBe('Write something first')
    // a failure writes nothing and refreshes nothing
    expect(sent).toEqual(['POST /api/todos'])
    await context.close()
  })

  it('shows a declared error (NOT_FOUND, 404) of a reactive query, then a found todo for a good id', async () => {
    const { context, page } = await signedInPage()
    await page.fill('[data-test=vq-lookup] input[name=id]', '987654321')
    await page.click('[data-test=vq-lookup] button[type=submit]')
    const error = page.locator('[data-test=vq-lookup-error]')
    await error.waitFor()
    expect(await error.getAttribute('data-code')).toBe('NOT_FOUND')
    expect((await error.textContent())?.trim()).toBe('404: There is no todo 987654321')

    const [todo] = (await firstPage()).items
    await page.fill('[data-test=vq-lookup] input[name=id]', String(todo!.id))
    await page.click('[data-test=vq-lookup] button[type=submit]')
    expect((await page.locator('[data-test=vq-found]').textContent())?.trim()).toBe(`#${todo!.id} ${todo!.title}`)
    await context.close()
  })

  it('tells a signed-out visitor to sign in, in the first HTML and after hydration, without a retry', async () => {
    const response = await fetch(`${baseURL}/vue-query`)
    // the query's ActionQueryError went into the payload (Nuxt's serializer refuses a class it was not taught)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('data-test="signed-out"')

    const page = await browser.newPage()
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/todos')) sent.push(request.method())
    })
    await page.goto(`${baseURL}/vue-query`)
    await page.waitForFunction(hydrated)
    await page.waitForSelector('[data-test=signed-out]')
    // the error came in the payload as an ActionQueryError: at most the one refetch on mount, no retries of a 401
    expect(sent.length).toBeLessThanOrEqual(1)
    await page.close()
  })
})
