// docs/getting-started.md, followed literally (global-setup.ts builds its app from the page): each test is a
// "you should see" of the page's step 9, in Chromium, on the built server.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from '../../playground/test/hydrated'

const baseURL = inject('walkthroughURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** A page of the app, hydrated when JavaScript runs. */
async function open(context: BrowserContext, path: string, javaScript = true): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${baseURL}${path}`)
  if (javaScript) await page.waitForFunction(hydrated)
  return page
}

/** Step 9.2: signs in as Ada on the sign-in page; lands on "Your todos". */
async function signIn(context: BrowserContext, javaScript = true): Promise<Page> {
  const page = await open(context, '/login', javaScript)
  await page.getByLabel('Name').fill('Ada')
  await page.getByLabel('Password').fill('lovelace')
  await page.getByRole('button', { name: 'Sign in' }).click()
  if (!javaScript) {
    // the post answers with a redirect; the session cookie is set by then
    await page.waitForLoadState()
    await page.goto(`${baseURL}/todos`)
  }
  await page.getByRole('heading', { name: 'Your todos' }).waitFor()
  await expect(page.getByText('Sign in first.').count()).resolves.toBe(0)
  return page
}

describe('the walkthrough\'s app in Chromium (docs/getting-started.md, step 9)', () => {
  it('shows the menu and "Sign in, then open your todos." at /', async () => {
    const context = await browser.newContext()
    const page = await open(context, '/')
    await expect(page.getByText('Sign in, then open your todos.').isVisible()).resolves.toBe(true)
    for (const name of ['Home', 'Sign in', 'Todos', 'Reply']) await expect(page.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true)
    await context.close()
  })

  it('shows "Sign in first." and a link on Todos before signing in', async () => {
    const context = await browser.newContext()
    const page = await open(context, '/')
    await page.getByRole('link', { name: 'Todos', exact: true }).click()
    await page.getByText('Sign in first.').waitFor()
    await expect(page.locator('main').getByRole('link', { name: 'Sign in' }).isVisible()).resolves.toBe(true)
    await context.close()
  })

  it('signs in as Ada (password lovelace), lands on "Your todos" and lists the seeded "Try Action Route"', async () => {
    const context = await browser.newContext()
    const page = await signIn(context)
    expect(new URL(page.url()).pathname).toBe('/todos')
    await expect(page.locator('main li').first().textContent().then(text => text?.trim())).resolves.toBe('Try Action Route')
    await context.close()
  })

  it('refuses a wrong password with the declared error\'s message', async () => {
    const context = await browser.newContext()
    const page = await open(context, '/login')
    await page.getByLabel('Name').fill('Ada')
    await page.getByLabel('Password').fill('babbage')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Wrong name or password').waitFor()
    await context.close()
  })

  it('adds a todo with JavaScript: it shows in the list with no page load', async () => {
    const context = await browser.newContext()
    const page = await signIn(context)
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    const title = `With JavaScript ${Date.now()}`
    await page.getByLabel('New todo').fill(title)
    await page.getByRole('button', { name: 'Add' }).click()
    await page.locator('main li', { hasText: title }).waitFor()
    await expect(page.evaluate(() => (window as { samePage?: boolean }).samePage)).resolves.toBe(true)
    await expect(page.getByLabel('New todo').inputValue()).resolves.toBe('')
    await context.close()
  })

  it('shows "Write something first" for an empty title, with JavaScript', async () => {
    const context = await browser.newContext()
    const page = await signIn(context)
    await page.getByRole('button', { name: 'Add' }).click()
    await page.getByText('Write something first').waitFor()
    await context.close()
  })

  it('with JavaScript off, the same form adds a todo (the page reloads and shows it) and shows the field error', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await signIn(context, false)
    const title = `Without JavaScript ${Date.now()}`
    await page.getByLabel('New todo').fill(title)
    const [added] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Add' }).click()])
    expect(added?.status()).toBe(200)
    await expect(page.locator('main li', { hasText: title }).isVisible()).resolves.toBe(true)

    await page.getByLabel('New todo').fill('')
    const [refused] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Add' }).click()])
    expect(refused?.status()).toBe(422)
    await expect(page.getByText('Write something first').isVisible()).resolves.toBe(true)
    await context.close()
  })

  it('shows the declared NOT_FOUND at /todos/999: "Not found: There is no todo 999."', async () => {
    const context = await browser.newContext()
    await signIn(context)
    const page = await open(context, '/todos/999')
    await expect(page.locator('main').textContent()).resolves.toContain('Not found: There is no todo 999.')
    await context.close()
  })

  it('streams a reply word by word, then says how many words it had', async () => {
    const context = await browser.newContext()
    await signIn(context)
    const page = await open(context, '/reply')
    const reply = page.locator('main p').first()
    await page.getByLabel('Prompt').fill('tea')
    await page.getByRole('button', { name: 'Reply' }).click()
    const seen = new Set<string>()
    while (!await page.getByText(/^Done: \d+ words\.$/).isVisible()) {
      seen.add((await reply.textContent())!.trim())
      await page.waitForTimeout(50)
    }
    const full = (await reply.textContent())!.trim()
    expect(full).toMatch(/^You asked about "tea"\. This reply comes from a local generator/)
    // the text grew a word at a time: many partial texts, each the start of the full one
    const partial = [...seen].filter(text => text && text !== full)
    expect(partial.length).toBeGreaterThanOrEqual(5)
    for (const text of partial) expect(full.startsWith(text)).toBe(true)
    await expect(page.getByText(`Done: ${full.split(' ').length} words.`).isVisible()).resolves.toBe(true)
    await context.close()
  })

  it('stops the reply half-way on Stop: the words stop and "Stopped." shows', async () => {
    const context = await browser.newContext()
    await signIn(context)
    const page = await open(context, '/reply')
    const reply = page.locator('main p').first()
    await page.getByLabel('Prompt').fill('coffee')
    await page.getByRole('button', { name: 'Reply' }).click()
    await page.waitForFunction(() => (document.querySelector('main p')?.textContent ?? '').trim().split(' ').length >= 4)
    await page.getByRole('button', { name: 'Stop' }).click()
    await page.getByText('Stopped.').waitFor()
    const kept = (await reply.textContent())!.trim()
    await page.waitForTimeout(600)
    await expect(reply.textContent().then(text => text!.trim())).resolves.toBe(kept)
    expect(kept.split(' ').length).toBeLessThan(20)
    await context.close()
  })
})
