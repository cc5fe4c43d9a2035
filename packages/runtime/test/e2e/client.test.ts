import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../../../test-utils/browser'

const baseURL = inject('baseURL')
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
  await page.goto(baseURL)
  await page.waitForFunction(() => 'actionLab' in window)
})
afterAll(() => browser?.close())

interface Lab {
  $action: (path: string, options?: Record<string, unknown>) => Promise<any> // eslint-disable-line @typescript-eslint/no-explicit-any
  useAction: (path: string, options?: Record<string, unknown>) => any // eslint-disable-line @typescript-eslint/no-explicit-any
}
declare const actionLab: Lab

describe('$action in the browser of a built app', () => {
  it('fills params, sends input as query or JSON body, and never throws for a failure', async () => {
    const results = await page.evaluate(async () => [
      await actionLab.$action('/api/todos/:id', { method: 'PATCH', params: { id: 1 }, input: { title: 'Renamed' } }),
      await actionLab.$action('/api/todos', { method: 'GET', input: { page: '1' } }),
      await actionLab.$action('/api/todos', { method: 'POST', input: { title: '' } }),
    ])
    expect(results[0]).toEqual({ success: true, data: { id: 1, title: 'Renamed', done: expect.any(Boolean) } })
    expect(results[1].data.page).toBe(1)
    expect(results[2].error.code).toBe('VALIDATION_ERROR')
  })

  it('uses the route\'s only method when none is given', async () => {
    const result = await page.evaluate(() => actionLab.$action('/api/todos/:id', { params: { id: 999 } }))
    // /api/todos/:id has PATCH and DELETE, so POST is used and the router answers 405: not an envelope
    expect(result.error.code).toBe('INVALID_RESPONSE')
    const single = await page.evaluate(() => actionLab.$action('/api/whoami'))
    expect(single.success).toBe(true)
  })

  it('sends headers, and turns abort, timeout and network failure into their codes', async () => {
    const results = await page.evaluate(async () => {
      const controller = new AbortController()
      const aborted = actionLab.$action('/api/slow', { input: { ms: 2000 }, signal: controller.signal })
      setTimeout(() => controller.abort(), 50)
      return [
        await actionLab.$action('/api/whoami', { headers: { 'x-client': 'lab' } }),
        await aborted,
        await actionLab.$action('/api/slow', { input: { ms: 2000 }, timeout: 100 }),
      ]
    })
    expect(results[0].data.client).toBe('lab')
    expect(results[1].error).toEqual({ code: 'ABORT_ERROR', message: 'The request was aborted', statusCode: 0 })
    expect(results[2].error).toEqual({ code: 'TIMEOUT_ERROR', message: 'The request timed out after 100 ms', statusCode: 0 })
    const unreachable = await page.evaluate(() => actionLab.$action('http://127.0.0.1:9/nothing', { method: 'GET' }))
    expect(unreachable.error.code).toBe('FETCH_ERROR')
  })

  it('retries 5xx on GET', async () => {
    const result = await page.evaluate(() => actionLab.$action('/api/flaky/:key', { params: { key: `k${Math.random()}` }, input: { failures: 2 }, retry: 2, retryDelay: 10 }))
    expect(result).toEqual({ success: true, data: { calls: 3 } })
  })
})

describe('useAction in the browser of a built app', () => {
  it('tracks status, data and fieldErrors, and runs the callbacks', async () => {
    const seen = await page.evaluate(async () => {
      const log: string[] = []
      const create = actionLab.useAction('/api/todos', {
        method: 'POST',
        onSuccess: () => log.push('success'),
        onError: (error: { code: string }) => log.push(`error ${error.code}`),
        onSettled: () => log.push('settled'),
      })
      const pending = create.execute({ title: '' })
      log.push(`status ${create.status.value} pending ${create.pending.value}`)
      await pending
      log.push(`status ${create.status.value} fields ${Object.keys(create.fieldErrors.value).join(',')}`)
      await create.execute({ title: 'From useAction' })
      log.push(`status ${create.status.value} data ${create.data.value.title}`)
      create.reset()
      log.push(`status ${create.status.value} data ${create.data.value}`)
      return log
    })
    expect(seen).toEqual([
      'status pending pending true',
      'error VALIDATION_ERROR',
      'settled',
      'status error fields title',
      'success',
      'settled',
      'status success data From useAction',
      'status idle data null',
    ])
  })

  it('dedupe cancel: only the latest call writes state; defer: callers share the call in flight', async () => {
    const result = await page.evaluate(async () => {
      const cancel = actionLab.useAction('/api/slow', { method: 'GET' })
      const first = cancel.execute({ ms: 300, tag: 'first' })
      const second = cancel.execute({ ms: 10, tag: 'second' })
      const [firstResult] = await Promise.all([first, second])
      const defer = actionLab.useAction('/api/slow', { method: 'GET', dedupe: 'defer' })
      const a = defer.execute({ ms: 100, tag: 'a' })
      const b = defer.execute({ ms: 0, tag: 'b' })
      return { firstCode: firstResult.error?.code, cancelData: cancel.data.value, deferA: await a, deferB: await b, same: a === b }
    })
    expect(result.firstCode).toBe('ABORT_ERROR')
    expect(result.cancelData).toEqual({ tag: 'second' })
    expect(result.deferA).toEqual({ success: true, data: { tag: 'a' } })
    expect(result.same).toBe(true)
  })

  it('abort() settles the call in flight with ABORT_ERROR', async () => {
    const code = await page.evaluate(async () => {
      const slow = actionLab.useAction('/api/slow', { method: 'GET' })
      const pending = slow.execute({ ms: 2000 })
      slow.abort()
      return (await pending).error.code
    })
    expect(code).toBe('ABORT_ERROR')
  })
})

describe('SSR', () => {
  it('forwards the incoming cookies to actions called during server rendering', async () => {
    const html = await (await fetch(baseURL, { headers: { cookie: 'session=from-ssr' } })).text()
    expect(html).toMatch(/data-test="whoami">\s*from-ssr\s*</)
    const anonymous = await (await fetch(baseURL)).text()
    expect(anonymous).toMatch(/data-test="whoami">\s*anonymous\s*</)
  })
})
