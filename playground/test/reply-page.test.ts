import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { replyTokens } from '../server/utils/reply-tokens'
import { hydrated } from './hydrated'
import { signInContext } from './session'

const baseURL = inject('playgroundURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

interface StoredReply { id: number, prompt: string, status: string, tokens: number }

async function replyPage(signedIn = true): Promise<{ context: BrowserContext, page: Page }> {
  const context = await browser.newContext()
  if (signedIn) await signInContext(context, baseURL, 'Grace')
  const page = await context.newPage()
  await page.goto(`${baseURL}/reply`)
  await page.waitForFunction(hydrated)
  return { context, page }
}

/** What the server wrote about the reply to this prompt (its row, read back through GET /api/replies). */
async function storedReply(context: BrowserContext, prompt: string): Promise<StoredReply | undefined> {
  const response = await context.request.get(`${baseURL}/api/replies`)
  const envelope = await response.json() as { data: StoredReply[] }
  return envelope.data.find(reply => reply.prompt === prompt)
}

/** Records every text the reply paragraph shows, with the time it showed, from before the request is sent. */
async function watchReply(page: Page): Promise<() => Promise<{ text: string, at: number }[]>> {
  await page.evaluate(() => {
    const shown: { text: string, at: number }[] = []
    const element = document.querySelector('[data-test=reply]')!
    new MutationObserver(() => shown.push({ text: element.textContent!.trim(), at: performance.now() }))
      .observe(element, { childList: true, characterData: true, subtree: true })
    Object.assign(window, { shownReplies: shown })
  })
  return () => page.evaluate(() => (window as unknown as { shownReplies: { text: string, at: number }[] }).shownReplies)
}

describe('the streamed reply page in Chromium', () => {
  it('shows the reply word by word as the words arrive, then the word count the stream ended with', async () => {
    const { context, page } = await replyPage()
    const prompt = `Word by word ${Date.now()}`
    const words = replyTokens(prompt)
    const shown = await watchReply(page)
    await page.fill('[name=prompt]', prompt)
    await page.click('[data-test=reply-form] button[type=submit]')
    await page.waitForSelector('[data-test=reply-done]')

    const texts = (await shown()).filter(({ text }) => text)
    // the text grew in many steps, each the one before plus more words, over the time the words took to come
    expect(new Set(texts.map(({ text }) => text)).size).toBeGreaterThanOrEqual(5)
    texts.slice(1).forEach(({ text }, index) => expect(text.startsWith(texts[index]!.text)).toBe(true))
    expect(texts.at(-1)!.at - texts[0]!.at).toBeGreaterThan(words.length * 20)
    expect(texts.at(-1)!.text).toBe(words.join(''))
    expect(await page.getAttribute('[data-test=reply]', 'data-status')).toBe('success')
    expect(await page.textContent('[data-test=reply-done]')).toContain(`${words.length} words`)
    // the generator's `finally` wrote the end before the stream's end event
    expect(await storedReply(context, prompt)).toMatchObject({ status: 'completed', tokens: words.length })
    await context.close()
  })

  it('stops half-way on Stop: no more words arrive, and the server\'s generator ran its finally', async () => {
    const { context, page } = await replyPage()
    const prompt = `Stopped half-way ${Date.now()}`
    const words = replyTokens(prompt)
    await page.fill('[name=prompt]', prompt)
    await page.click('[data-test=reply-form] button[type=submit]')
    await page.waitForFunction(() => Number(document.querySelector('[data-test=reply]')?.getAttribute('data-events')) >= 5)
    await page.click('[data-test=stop]')
    await page.waitForSelector('[data-test=reply-error][data-code=ABORT_ERROR]')
    const kept = (await page.textContent('[data-test=reply]'))!.trim()
    expect(words.join('').startsWith(kept)).toBe(true)
    expect(kept.length).toBeLessThan(words.join('').length)

    await expect.poll(() => storedReply(context, prompt), { timeout: 10_000 }).toMatchObject({ status: 'stopped' })
    const stored = (await storedReply(context, prompt))!
    expect(stored.tokens).toBeGreaterThanOrEqual(5)
    expect(stored.tokens).toBeLessThan(words.length)
    // longer than the rest of the reply would have taken to come: nothing more arrives
    await page.waitForTimeout(500)
    expect((await page.textContent('[data-test=reply]'))!.trim()).toBe(kept)
    expect(await page.getAttribute('[data-test=reply]', 'data-status')).toBe('error')
    expect(await page.locator('[data-test=reply-done]').count()).toBe(0)
    // the page's own list of replies says so too, without a reload: it looks again until the server wrote it
    await page.waitForSelector(`[data-test=replies] li[data-id="${stored.id}"][data-status=stopped]`, { timeout: 5_000 })
    await context.close()
  })

  it('shows an empty prompt\'s 422 as the field error, and a signed-out user\'s 401, both before any word', async () => {
    const { context, page } = await replyPage()
    await page.fill('[name=prompt]', '   ')
    const [refused] = await Promise.all([
      page.waitForResponse(response => response.url().endsWith('/api/reply')),
      page.click('[data-test=reply-form] button[type=submit]'),
    ])
    expect(refused.status()).toBe(422)
    expect(refused.headers()['content-type']).toContain('application/json')
    expect((await page.textContent('[data-test=prompt-error]'))?.trim()).toBe('Write a prompt first')
    expect(await page.getAttribute('[data-test=reply]', 'data-events')).toBe('0')
    await context.close()

    const signedOut = await replyPage(false)
    await signedOut.page.waitForSelector('[data-test=signed-out]')
    await signedOut.page.fill('[name=prompt]', 'Anyone there?')
    const [unauthorized] = await Promise.all([
      signedOut.page.waitForResponse(response => response.url().endsWith('/api/reply')),
      signedOut.page.click('[data-test=reply-form] button[type=submit]'),
    ])
    expect(unauthorized.status()).toBe(401)
    await signedOut.page.waitForSelector('[data-test=reply-error][data-code=UNAUTHORIZED][data-status="401"]')
    expect(await signedOut.page.textContent('[data-test=reply-error]')).toContain('Sign in first')
    expect(await signedOut.page.getAttribute('[data-test=reply]', 'data-events')).toBe('0')
    await signedOut.context.close()
  })

  it('previews five words with $action and for await, and its break stops the server\'s generator', async () => {
    const { context, page } = await replyPage()
    const prompt = `Previewed ${Date.now()}`
    const words = replyTokens(prompt)
    await page.fill('[name=prompt]', prompt)
    await page.click('[data-test=preview]')
    await page.waitForFunction(() => document.querySelector('[data-test=preview-text]')?.textContent?.endsWith('…'))
    expect(await page.textContent('[data-test=preview-text]')).toBe(`${words.slice(0, 5).join('')} …`)

    await expect.poll(() => storedReply(context, prompt), { timeout: 10_000 }).toMatchObject({ status: 'stopped' })
    expect((await storedReply(context, prompt))!.tokens).toBeLessThan(words.length)
    await context.close()
  })
})
