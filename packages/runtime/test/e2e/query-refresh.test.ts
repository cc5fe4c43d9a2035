import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../../../test-utils/browser'

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())
beforeEach(async () => {
  await fetch(`${baseURL}/api/refresh-demo/reset`, { method: 'POST' })
})

/** The demo page, hydrated, recording every request the browser sends to the demo's actions. */
async function openDemo(query = ''): Promise<{ page: Page, sent: string[] }> {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'demo-viewer', value: 'ada', url: baseURL }])
  const page = await context.newPage()
  const sent: string[] = []
  page.on('request', (request: Request) => {
    if (request.url().includes('/api/refresh-demo/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  await page.goto(`${baseURL}/refresh-demo${query}`)
  // mounted: app.vue sets actionLab once hydrated, so the form's listeners are bound
  await page.waitForFunction(() => 'actionLab' in window)
  return { page, sent }
}

async function addTodo(page: Page, title: string) {
  await page.fill('[data-test="title"]', title)
  await page.click('[data-test="add"]')
  await page.waitForSelector(`text=${title}`)
  await page.waitForFunction(() => (document.querySelector('[data-test="title"]') as HTMLInputElement).value === '')
}

const serverState = async () => (await (await fetch(`${baseURL}/api/refresh-demo/todos`)).json()).data.items as Array<{ id: number, done: boolean }>

describe('queries that refresh after a mutation, in Chromium on a built app', () => {
  it('updates the list and its stats after an add in one round trip with single flight, with the viewer\'s cookie', async () => {
    const { page, sent } = await openDemo()
    expect(sent).toEqual([])
    await addTodo(page, 'Walk the dog')
    await page.waitForFunction(() => document.querySelector('[data-test="stats"]')?.textContent?.trim() === '0/3')
    expect(sent).toEqual(['POST /api/refresh-demo/todos'])
    // the in-process GET ran with the browser's cookie
    expect(await page.textContent('[data-test="viewer"]')).toContain('ada')
    await page.context().close()
  })

  it('refetches each named query once, in parallel, without single flight: 1 + 2 round trips', async () => {
    const { page, sent } = await openDemo('?single=off')
    await addTodo(page, 'Water plants')
    await page.waitForFunction(() => document.querySelector('[data-test="stats"]')?.textContent?.trim() === '0/3')
    expect(sent[0]).toBe('POST /api/refresh-demo/todos')
    expect(sent.slice(1).sort()).toEqual(['GET /api/refresh-demo/stats', 'GET /api/refresh-demo/todos'])
    await page.context().close()
  })

  it('leaves the plain envelope for a caller that does not ask', async () => {
    const response = await fetch(`${baseURL}/api/refresh-demo/todos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Plain' }) })
    expect(Object.keys(await response.json())).toEqual(['success', 'data'])
    const asked = await fetch(`${baseURL}/api/refresh-demo/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-action-refresh': JSON.stringify(['/api/refresh-demo/stats', 'https://example.com/x']) },
      body: JSON.stringify({ title: 'Refused list' }),
    })
    // one URL outside the app: nothing is run
    expect(Object.keys(await asked.json())).toEqual(['success', 'data'])
  })
})

describe('optimistic updates, in Chromium on a built app', () => {
  it('shows a toggle at once and rolls it back when the server refuses it', async () => {
    const { page } = await openDemo()
    // what the todo showed before the server's answer (it takes 300 ms), noted in the page as it changes: a
    // reading after the click could come after the rollback on a loaded machine
    await page.evaluate(() => {
      const todo = document.querySelector('[data-test="todo-2"]')!
      const shown: string[] = []
      Object.assign(window, { shownBeforeAnswer: shown })
      new MutationObserver(() => {
        if (!document.querySelector('[data-test="toggle-error"]')) shown.push(todo.getAttribute('data-done') ?? '')
      }).observe(todo, { attributes: true, attributeFilter: ['data-done'] })
    })
    await page.click('[data-test="toggle-2"]')
    await page.waitForSelector('[data-test="toggle-error"]')
    // at once, before the server's answer
    expect(await page.evaluate(() => (window as unknown as { shownBeforeAnswer: string[] }).shownBeforeAnswer[0])).toBe('true')
    expect(await page.textContent('[data-test="toggle-error"]')).toContain('LOCKED')
    expect(await page.getAttribute('[data-test="todo-2"]', 'data-done')).toBe('false')
    await page.context().close()
  })

  it('ends two quick toggles of the same todo in the state the server holds', async () => {
    const { page, sent } = await openDemo()
    await page.click('[data-test="toggle-1"]')
    expect(await page.getAttribute('[data-test="todo-1"]', 'data-done')).toBe('true')
    await page.click('[data-test="toggle-1"]')
    expect(await page.getAttribute('[data-test="todo-1"]', 'data-done')).toBe('false')
    await page.waitForFunction(() => document.querySelectorAll('[data-test="stats"]').length === 1 && document.querySelector('[data-test="stats"]')?.textContent?.trim() === '0/2', undefined, { timeout: 5000 })
    await page.waitForTimeout(700)
    const held = (await serverState()).find(todo => todo.id === 1)!
    expect(held.done).toBe(false)
    expect(await page.getAttribute('[data-test="todo-1"]', 'data-done')).toBe(String(held.done))
    // queued: both reached the server, in order, each answered with the refreshed data
    expect(sent).toEqual(['PATCH /api/refresh-demo/todos/1', 'PATCH /api/refresh-demo/todos/1'])
    await page.context().close()
  })
})

describe('a form that adds, then shows the list, in Chromium on a built app', () => {
  const errorOf = (page: Page) => page.textContent('[data-test="add-form"] [data-error="title"]')

  it('shows the schema\'s own message for an empty field, with JavaScript and without', async () => {
    const { page, sent } = await openDemo()
    await page.click('[data-test="add-form"] button')
    await page.waitForSelector('[data-test="add-form"] [data-error="title"]')
    expect(await errorOf(page)).toContain('Write something first')
    expect(sent).toEqual(['POST /api/refresh-demo/add'])
    await page.context().close()

    const context = await browser.newContext({ javaScriptEnabled: false })
    const plain = await context.newPage()
    await plain.goto(`${baseURL}/refresh-demo`)
    const [posted] = await Promise.all([plain.waitForNavigation(), plain.click('[data-test="add-form"] button')])
    expect(posted!.status()).toBe(422)
    expect(await errorOf(plain)).toContain('Write something first')
    await context.close()
  })

  it('shows the new row at once, then the list and its stats refreshed in the same round trip', async () => {
    const { page, sent } = await openDemo()
    await page.fill('[data-test="add-form"] [name="title"]', 'Form todo')
    await page.click('[data-test="add-form"] button')
    // the optimistic row, before the server's answer (it takes 300 ms)
    await page.waitForSelector('[data-test="todo--1"]', { timeout: 250 })
    await page.waitForFunction(() => document.querySelector('[data-test="stats"]')?.textContent?.trim() === '0/3')
    await page.waitForSelector('[data-test="todo-3"]')
    expect(await page.$('[data-test="todo--1"]')).toBeNull()
    expect(await page.textContent('[data-test="todo-3"]')).toContain('Form todo')
    expect(await page.inputValue('[data-test="add-form"] [name="title"]')).toBe('')
    expect(sent).toEqual(['POST /api/refresh-demo/add'])
    await page.context().close()
  })
})

describe('useActionQuery with useFetch\'s options, and refreshActionQueries, in Chromium on a built app', () => {
  const text = async (page: Page, name: string) => (await page.textContent(`[data-test="${name}"]`))?.trim()

  it('renders transformed, picked and default data during SSR, and sends only the transformed data in the payload', async () => {
    const html = await (await fetch(`${baseURL}/query-options`)).text()
    expect(html).toContain('Buy milk, Locked chore')
    expect(html).toContain('{&quot;total&quot;:2}')
    expect(html).toMatch(/data-test="not-yet"[^>]*>\s*-1\s*</)
    // the list's own fields stayed on the server
    expect(html).not.toContain('locked')
  })

  it('refetches on a watch source, answers from getCachedData without a fetch, and refreshes a route\'s queries on demand', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const sent: string[] = []
    page.on('request', (request: Request) => {
      if (request.url().includes('/api/refresh-demo/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    await page.goto(`${baseURL}/query-options`)
    await page.waitForFunction(() => 'actionLab' in window)
    // server: false, so the browser loads it once
    await page.waitForFunction(() => document.querySelector('[data-test="watched"]')?.textContent?.trim() === '2')
    expect(sent).toEqual(['GET /api/refresh-demo/stats'])

    await fetch(`${baseURL}/api/refresh-demo/todos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Behind its back' }) })
    await page.click('[data-test="tick"]')
    await page.waitForFunction(() => document.querySelector('[data-test="watched"]')?.textContent?.trim() === '3')

    await page.click('[data-test="show-cached"]')
    await page.waitForSelector('[data-test="cached"]')
    expect(await text(page, 'cached')).toBe('42')

    expect(await text(page, 'titles')).toBe('Buy milk, Locked chore')
    await page.click('[data-test="refresh-todos"]')
    await page.waitForSelector('[data-test="refreshed"]')
    // resolved once the refreshed data is in
    expect(await text(page, 'titles')).toBe('Buy milk, Locked chore, Behind its back')
    expect(sent).toEqual(['GET /api/refresh-demo/stats', 'GET /api/refresh-demo/stats', 'GET /api/refresh-demo/todos'])
    await context.close()
  })
})

// the client composables app.vue hands the page once hydrated
declare const actionLab: { useAction: (path: string, options?: Record<string, unknown>) => any } // eslint-disable-line @typescript-eslint/no-explicit-any

describe('execute without input, in Chromium on a built app', () => {
  it('deletes with execute(undefined, { params }), and says where the params go when they come first', async () => {
    const created = await (await fetch(`${baseURL}/api/todos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'To delete' }) })).json() as { data: { id: number } }
    const id = created.data.id
    const page = await browser.newPage()
    const sent: string[] = []
    page.on('request', (request: Request) => {
      if (request.url().includes('/api/todos')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    await page.goto(`${baseURL}/`)
    await page.waitForFunction(() => 'actionLab' in window)
    const outcome = await page.evaluate(async (id) => {
      const remove = actionLab.useAction('/api/todos/:id', { method: 'DELETE' })
      let refused = ''
      try {
        await remove.execute({ params: { id } })
      }
      catch (error) {
        refused = (error as Error).message
      }
      return { refused, result: await remove.execute(undefined, { params: { id } }) }
    }, id)
    expect(outcome.refused).toBe('useAction(\'/api/todos/:id\'): params go in execute\'s second argument, execute(input, { params }), or execute(undefined, { params }) for an action without input')
    expect(outcome.result).toEqual({ success: true, data: null })
    expect(sent).toEqual([`DELETE /api/todos/${id}`])
    // gone: a second delete finds nothing
    expect((await fetch(`${baseURL}/api/todos/${id}`, { method: 'DELETE' })).status).toBe(404)
    await page.close()
  })
})
