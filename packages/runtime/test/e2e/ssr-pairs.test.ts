import { randomUUID } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../../../test-utils/browser'

// useAction and useActionStream in a page rendered on the server (components/SsrPairsProbe.vue at /ssr-pairs), then
// hydrated in Chromium: what each sends during SSR, what the HTML shows, and what starts in the browser.

const baseURL = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

const text = (html: string, test: string) => html.match(new RegExp(`data-test="${test}">([^<]*)<`))?.[1]?.trim()
const runOf = async (id: string) => (await (await fetch(`${baseURL}/api/stream/run?id=${id}`)).json()).data

describe('SSR with useAction and streaming', () => {
  it('useAction sends nothing while the page renders, shows idle, then executes from the browser; an execute during SSR goes in-process with the page\'s cookie', async () => {
    const run = randomUUID()
    const html = await (await fetch(`${baseURL}/ssr-pairs?run=${run}`, { headers: { cookie: 'session=from-ssr' } })).text()
    expect(text(html, 'ssr-pairs-whoami-status')).toBe('idle')
    expect(text(html, 'ssr-pairs-whoami-session')).toBe('')
    const data = JSON.parse(text(html, 'ssr-pairs-data')!.replaceAll('&quot;', '"'))
    expect(data.executed).toEqual({ success: true, data: { session: 'from-ssr', client: null } })

    const context = await browser.newContext()
    await context.addCookies([{ name: 'session', value: 'in-browser', url: baseURL }])
    const page = await context.newPage()
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/whoami')) sent.push(request.method())
    })
    await page.goto(`${baseURL}/ssr-pairs?run=${run}`)
    await page.waitForFunction(() => 'actionLab' in window)
    expect(await page.textContent('[data-test="ssr-pairs-whoami-status"]')).toContain('idle')
    // the execute made during SSR came with the HTML's payload: the browser asked for nothing
    expect(sent).toEqual([])
    await page.click('[data-test="ssr-pairs-whoami"]')
    await page.waitForFunction(() => document.querySelector('[data-test="ssr-pairs-whoami-session"]')?.textContent?.trim() === 'in-browser')
    expect(await page.textContent('[data-test="ssr-pairs-whoami-status"]')).toContain('success')
    expect(sent).toEqual(['GET'])
    await context.close()
  })

  it('useActionStream stays idle during SSR, its execute there sending nothing, and starts in the browser; $action during SSR gets the whole stream', async () => {
    const run = randomUUID()
    const html = await (await fetch(`${baseURL}/ssr-pairs?run=${run}`)).text()
    expect(text(html, 'ssr-pairs-stream-status')).toBe('idle')
    expect(text(html, 'ssr-pairs-stream-text')).toBe('')
    expect(text(html, 'ssr-pairs-started')).toBe('not sent')
    // the stream started in setup never reached the server while the page rendered
    expect(await runOf(`${run}-setup`)).toBeNull()
    // $action in useAsyncData read the in-app answer to its end: every event, then the final envelope
    const data = JSON.parse(text(html, 'ssr-pairs-data')!.replaceAll('&quot;', '"'))
    expect(data.tokens).toEqual(['token-1', 'token-2', 'token-3'])
    expect(data.end).toEqual({ success: true, data: { count: 3 } })
    expect(await runOf(`${run}-whole`)).toEqual({ generated: 3, finished: true, aborted: false })

    const page = await browser.newPage()
    await page.goto(`${baseURL}/ssr-pairs?run=${run}`)
    await page.waitForFunction(() => document.querySelector('[data-test="ssr-pairs-stream-status"]')?.textContent?.trim() === 'success')
    expect(await page.textContent('[data-test="ssr-pairs-stream-text"]')).toContain('token-1 token-2 token-3')
    expect(await runOf(`${run}-setup`)).toEqual({ generated: 3, finished: true, aborted: false })
    await page.close()
  })
})
