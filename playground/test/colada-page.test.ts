import type { Browser, BrowserContext, Page } from 'playwright-core'
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

/** Adds a todo over HTTP as Katherine, for a list that has something in it. */
async function addTodo(title: string): Promise<{ id: number, title: string }> {
  const cookie = await signIn(baseURL, 'Katherine')
  const response = await fetch(`${baseURL}/api/todos`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title }) })
  expect(response.status).toBe(201)
  return (await response.json() as { data: { id: number, title: string } }).data
}

/** A page that records the API requests it sends from the start, as `METHOD /path?query`. */
async function recordingPage(context: BrowserContext): Promise<{ page: Page, sent: string[] }> {
  const page = await context.newPage()
  const sent: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}${url.search}`)
  })
  return { page, sent }
}

/** Katherine's /colada page, hydrated, and the API requests it sent from the start. */
async function signedInPage(): Promise<{ context: BrowserContext, page: Page, sent: string[] }> {
  const context = await browser.newContext()
  await signInContext(context, baseURL, 'Katherine')
  const { page, sent } = await recordingPage(context)
  await page.goto(`${baseURL}/colada`)
  await page.waitForSelector('[data-test=colada-total]')
  await page.waitForFunction(hydrated)
  return { context, page, sent }
}

// Signed in as Katherine, whom no other file uses: the other files add todos as Grace at the same time, and hers would
// soon push a new todo off the first page this file reads and change the totals it counts
describe('the playground\'s Pinia Colada page', () => {
  it('renders the signed-in user\'s list on the server, with the session cookie forwarded, in the first HTML', async () => {
    const title = `Rendered by Colada ${Date.now()}`
    await addTodo(title)
    const response = await fetch(`${baseURL}/colada`, { headers: { cookie: await signIn(baseURL, 'Katherine') } })
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toMatch(/data-test="colada-todos"[^>]*>.*<li[^>]*>/s)
    expect(html).toContain(title)
    expect(html).not.toContain('data-test="signed-out"')
  })

  it('hydrates the list from the payload: the browser does not fetch it again', async () => {
    const title = `Hydrated by Colada ${Date.now()}`
    await addTodo(title)
    const { context, page, sent } = await signedInPage()
    expect(await page.textContent('[data-test=colada-todos]')).toContain(title)
    await page.waitForTimeout(300)
    expect(sent.filter(request => request.startsWith('GET /api/todos'))).toEqual([])
    await context.close()
  })

  it('adds a todo and shows the list from the mutation\'s own answer: one POST, no GET after it', async () => {
    const { context, page, sent } = await signedInPage()
    sent.length = 0
    const title = `Added through Colada ${Date.now()}`
    const total = Number.parseInt(await page.textContent('[data-test=colada-total]') ?? '')
    const answered = page.waitForResponse(response => response.request().method() === 'POST')
    await page.fill('[data-test=colada-new-todo] input[name=title]', title)
    await page.click('[data-test=colada-new-todo] button[type=submit]')
    await page.waitForSelector(`[data-test=colada-todos] li:has-text("${title}")`)
    expect(await page.textContent('[data-test=colada-total]')).toContain(`${total + 1} todos`)
    expect(await page.inputValue('[data-test=colada-new-todo] input[name=title]')).toBe('')
    // the POST asked for the list by its URL, and its answer carried it
    const post = await answered
    expect(JSON.parse(post.request().headers()['x-action-refresh'] ?? '[]')).toEqual(['/api/todos'])
    expect(Object.keys((await post.json() as { refreshed?: object }).refreshed ?? {})).toEqual(['/api/todos'])
    // an invalidated query would be fetched again right after the answer: give it the time to show
    await page.waitForTimeout(500)
    expect(sent).toEqual(['POST /api/todos'])
    await context.close()
  })

  it('adds a todo with the useActionForm and shows it in the Colada list from the form\'s own answer: one POST, no GET after it', async () => {
    const { context, page, sent } = await signedInPage()
    sent.length = 0
    const title = `Added with a form beside Colada ${Date.now()}`
    const total = Number.parseInt(await page.textContent('[data-test=colada-total]') ?? '')
    const answered = page.waitForResponse(response => response.request().method() === 'POST')
    await page.fill('[data-test=colada-form] input[name=title]', title)
    await page.click('[data-test=colada-form] button[type=submit]')
    await page.waitForSelector(`[data-test=colada-todos] li:has-text("${title}")`)
    expect(await page.textContent('[data-test=colada-total]')).toContain(`${total + 1} todos`)
    // posted with JavaScript (no page load), asking for the Colada list by its URL; the answer carried it
    const post = await answered
    expect(new URL(post.url()).pathname).toBe('/api/todos')
    expect(JSON.parse(post.request().headers()['x-action-refresh'] ?? '[]')).toEqual(['/api/todos'])
    expect(Object.keys((await post.json() as { refreshed?: object }).refreshed ?? {})).toEqual(['/api/todos'])
    await page.waitForTimeout(500)
    expect(sent).toEqual(['POST /api/todos'])
    await context.close()
  })

  it('shows the title\'s field error from a 422, typed on the mutation\'s error, and sends no refresh', async () => {
    const { context, page, sent } = await signedInPage()
    sent.length = 0
    await page.fill('[data-test=colada-new-todo] input[name=title]', '   ')
    await page.click('[data-test=colada-new-todo] button[type=submit]')
    expect((await page.locator('[data-test=colada-title-error]').textContent())?.trim()).toBe('Write something first')
    await page.waitForTimeout(300)
    expect(sent).toEqual(['POST /api/todos'])
    await context.close()
  })

  it('shows a declared error (NOT_FOUND, 404) of a reactive query, and a found todo for a good id', async () => {
    const todo = await addTodo(`Looked up ${Date.now()}`)
    const { context, page } = await signedInPage()
    await page.fill('[data-test=colada-lookup] input[name=id]', '987654321')
    await page.click('[data-test=colada-lookup] button[type=submit]')
    const error = page.locator('[data-test=colada-lookup-error]')
    await error.waitFor()
    expect(await error.getAttribute('data-code')).toBe('NOT_FOUND')
    expect((await error.textContent())?.trim()).toBe('404: There is no todo 987654321')

    await page.fill('[data-test=colada-lookup] input[name=id]', String(todo.id))
    await page.click('[data-test=colada-lookup] button[type=submit]')
    expect((await page.locator('[data-test=colada-found]').textContent())?.trim()).toBe(`#${todo.id} ${todo.title}`)
    await context.close()
  })

  it('tells a signed-out visitor to sign in: the query\'s UNAUTHORIZED error is rendered and crosses the payload', async () => {
    const response = await fetch(`${baseURL}/colada`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('data-test="signed-out"')
    // Nuxt's serializer takes the error through the reducer the module adds: revived as the same class
    expect(html).toContain('ActionQueryError')

    const context = await browser.newContext()
    const { page } = await recordingPage(context)
    const problems: string[] = []
    page.on('pageerror', error => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    await page.goto(`${baseURL}/colada`)
    await page.waitForFunction(hydrated)
    await page.waitForSelector('[data-test=signed-out]')
    expect(problems.filter(problem => !problem.includes('401'))).toEqual([])
    await context.close()
  })
})
