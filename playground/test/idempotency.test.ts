import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { signInContext } from './session'

// Retries that never run a mutation twice: the todos page's quick-add (useAction with retry: 2) sends one
// Idempotency-Key per add, and POST /api/todos has idempotent() scoped by user. An answer lost on the way back is
// made with Playwright's page.route: the request reaches the server (route.fetch), then the browser is told the
// connection failed (route.abort), as when a network drops after the server has done its work.
const baseURL = inject('playgroundURL')
const KEY = /^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** What each quick-add POST carried and what the server answered it. */
interface SentPost {
  key: string | undefined
  status: number
  replayed: string | undefined
  id: number | undefined
}

/**
 * Lets every POST to /api/todos reach the server and records it; the answers of the first `lose` of them never
 * reach the page (the connection fails after the server answered).
 */
async function loseAnswers(page: Page, lose: number): Promise<SentPost[]> {
  const posts: SentPost[] = []
  await page.route('**/api/todos', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    const response = await route.fetch()
    const body = await response.json().catch(() => null) as { data?: { id?: number } } | null
    posts.push({ key: route.request().headers()['idempotency-key'], status: response.status(), replayed: response.headers()['idempotent-replayed'], id: body?.data?.id })
    if (posts.length <= lose) return route.abort('failed')
    return route.fulfill({ response })
  })
  return posts
}

/** The ids of the signed-in user's todos with this title, as the database holds them (every page of the list). */
async function storedIds(context: BrowserContext, title: string): Promise<number[]> {
  const ids: number[] = []
  for (let page = 1; ; page++) {
    const list = await (await context.request.get(`${baseURL}/api/todos?page=${page}`)).json() as { data: { items: { id: number, title: string }[] } }
    ids.push(...list.data.items.filter(todo => todo.title === title).map(todo => todo.id))
    if (list.data.items.length < 20) return ids
  }
}

describe('a quick-add whose answer is lost, in Chromium', () => {
  let context: BrowserContext
  let page: Page
  const made: number[] = []
  const row = (title: string) => page.locator(`[data-test=todos] li:has-text("${title}")`)

  beforeAll(async () => {
    context = await browser.newContext()
    await signInContext(context, baseURL, 'Grace')
    page = await context.newPage()
    await page.goto(`${baseURL}/todos`)
    await page.waitForFunction(hydrated)
  })
  afterAll(async () => {
    for (const id of made) await context?.request.delete(`${baseURL}/api/todos/${id}`)
    await context?.close()
  })

  it('is retried with the same Idempotency-Key: the server runs it once and replays its answer, marked Idempotent-Replayed', async () => {
    const posts = await loseAnswers(page, 1)
    const gets: string[] = []
    page.on('request', request => request.method() === 'GET' && request.url().includes('/api/') && gets.push(request.url()))
    const title = `Once only ${Date.now()}`
    await page.fill('input[name=title]', title)
    await page.click('[data-test=new-todo] button[type=submit]')
    await row(title).waitFor()
    made.push(...await storedIds(context, title))

    expect(posts).toHaveLength(2)
    expect(posts[0]!.key).toMatch(KEY)
    expect(posts[1]!.key).toBe(posts[0]!.key)
    // the first ran the handler (the answer the page never saw); the retry got that same answer back
    expect(posts[0]).toMatchObject({ status: 201, replayed: undefined })
    expect(posts[1]).toMatchObject({ status: 201, replayed: 'true', id: posts[0]!.id })
    expect(made).toEqual([posts[0]!.id])
    expect(await row(title).count()).toBe(1)
    // the page took the replay as its answer: onSuccess cleared the field, no error shows
    expect(await page.inputValue('input[name=title]')).toBe('')
    expect(await page.locator('[data-test=title-error]').count()).toBe(0)
    // the refreshed list came with the replay (single flight), as it would have with the first answer
    expect(gets).toEqual([])
    await page.unroute('**/api/todos')
  })

  it('two adds of the same title are two calls, each with a key of its own: two todos', async () => {
    const posts = await loseAnswers(page, 0)
    const title = `Twice on purpose ${Date.now()}`
    for (let added = 1; added <= 2; added++) {
      await page.fill('input[name=title]', title)
      await page.click('[data-test=new-todo] button[type=submit]')
      await expect.poll(() => row(title).count()).toBe(added)
    }
    made.push(...await storedIds(context, title))

    expect(posts.map(post => post.status)).toEqual([201, 201])
    expect(posts[0]!.key).toMatch(KEY)
    expect(posts[1]!.key).toMatch(KEY)
    expect(posts[1]!.key).not.toBe(posts[0]!.key)
    expect(posts.map(post => post.replayed)).toEqual([undefined, undefined])
    expect(made.slice(-2)).toEqual(posts.map(post => post.id))
    await page.unroute('**/api/todos')
  })
})
