import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { signIn, signInContext } from './session'

// What the server renders from actions' data in the first HTML: a query awaited in setup, read at once after the await

const baseURL = inject('playgroundURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

async function call(path: string, cookie: string, init: { method?: string, json?: unknown } = {}) {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method,
    headers: { cookie, ...init.json === undefined ? {} : { 'content-type': 'application/json' } },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
  return { status: response.status, body: await response.json() }
}

describe('await useActionQuery in a page\'s setup, as await useFetch', () => {
  it('waits for the data: the edit page\'s field, filled from data read once after the await, holds the title in the first HTML', async () => {
    const cookie = await signIn(baseURL, 'Katherine')
    const title = `Awaited title ${Date.now()}`
    const todo = (await call('/api/todos', cookie, { method: 'POST', json: { title } })).body.data
    try {
      const response = await fetch(`${baseURL}/todos/edit/${todo.id}`, { headers: { cookie } })
      expect(response.status).toBe(200)
      const field = /<input[^>]*data-test="edit-title"[^>]*>/.exec(await response.text())?.[0] ?? ''
      expect(field).toContain(`value="${title}"`)
      expect(field).toContain(`data-initial="${title}"`)
    }
    finally {
      await call(`/api/todos/${todo.id}`, cookie, { method: 'DELETE' })
    }
  })

  it('renders the failure of an awaited query, with its code, for a todo that is not the user\'s', async () => {
    const cookie = await signIn(baseURL, 'Katherine')
    const html = await (await fetch(`${baseURL}/todos/edit/999999`, { headers: { cookie } })).text()
    expect(html).toMatch(/data-test="edit-error"[^>]*data-code="NOT_FOUND"/)
  })
})

describe('await useActionQuery on a page the browser navigates to', () => {
  it('opens the rename page from the todo with the title in its field, and saves through useAction\'s own params', async () => {
    const context = await browser.newContext()
    await signInContext(context, baseURL, 'Katherine')
    const title = `Navigated title ${Date.now()}`
    const todo = (await (await context.request.post(`${baseURL}/api/todos`, { data: { title } })).json()).data
    try {
      const page = await context.newPage()
      await page.goto(`${baseURL}/todos/${todo.id}`)
      await page.waitForFunction(hydrated)
      await page.click('[data-test="rename"]')
      const field = page.locator('[data-test="edit-title"]')
      await field.waitFor()
      // read once after the await, in the browser as on the server
      expect(await field.inputValue()).toBe(title)
      expect(await field.getAttribute('data-initial')).toBe(title)
      await field.fill(`${title} renamed`)
      await page.click('[data-test="edit"] button[type="submit"]')
      await page.waitForURL(`${baseURL}/todos/${todo.id}`)
      await expect.poll(() => page.locator('[data-test="todo"] h1').textContent()).toContain(`${title} renamed`)
    }
    finally {
      await context.request.delete(`${baseURL}/api/todos/${todo.id}`)
      await context.close()
    }
  })
})
