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
    // /api/todos/:id has PATCH and DELETE, so POST is used, which the route files do not answer: nothing is sent
    expect(result.error).toEqual({ code: 'METHOD_NOT_ALLOWED', message: '/api/todos/:id does not answer POST: it answers DELETE, PATCH', statusCode: 405 })
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

describe('calls that cannot be made, in the browser of a built app', () => {
  it('refuse empty, "." and ".." params and bad options with a TypeError, and send nothing', async () => {
    const sent: string[] = []
    // the calls' own requests: Nuxt may fetch its build manifest (`/_nuxt/builds/meta/`) at any moment
    const record = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) sent.push(request.url())
    }
    page.on('request', record)
    const outcomes = await page.evaluate(async () => {
      const outcome = async (start: () => Promise<unknown>) => {
        try {
          await start()
          return 'sent'
        }
        catch (error) {
          return `${(error as Error).name}: ${(error as Error).message}`
        }
      }
      const remove = actionLab.useAction('/api/todos/:id', { method: 'DELETE' })
      return {
        action: [
          await outcome(() => actionLab.$action('/api/todos/:id', { method: 'DELETE', params: { id: '' } })),
          await outcome(() => actionLab.$action('/api/todos/:id', { method: 'PATCH', params: { id: '..' }, input: { title: 'x' } })),
          await outcome(() => actionLab.$action('/api/flaky/:key', { params: { key: '.' }, input: { failures: 0 } })),
          await outcome(() => actionLab.$action('/api/whoami', { retry: Number.NaN })),
          await outcome(() => actionLab.$action('/api/whoami', { method: 'FETCH' })),
        ],
        execute: await outcome(() => remove.execute(undefined, { params: { id: '..' } })),
        status: remove.status.value,
        useAction: await outcome(async () => actionLab.useAction('/api/whoami', { onSuccess: 'refresh' })),
      }
    })
    page.off('request', record)
    const refused = (value: string) => `TypeError: Route param "${value}`
    expect(outcomes.action[0]).toBe(`${refused('id')}" for /api/todos/:id is "": an empty, "." or ".." segment would reach another route`)
    expect(outcomes.action[1]).toBe(`${refused('id')}" for /api/todos/:id is "..": an empty, "." or ".." segment would reach another route`)
    expect(outcomes.action[2]).toBe(`${refused('key')}" for /api/flaky/:key is ".": an empty, "." or ".." segment would reach another route`)
    expect(outcomes.action[3]).toBe('TypeError: Action option "retry" must be a whole number of attempts, 0 or more, got NaN')
    expect(outcomes.action[4]).toBe('TypeError: Action option "method" must be one of GET, HEAD, POST, PUT, PATCH, DELETE, got "FETCH"')
    expect(outcomes.execute).toBe(`${refused('id')}" for /api/todos/:id is "..": an empty, "." or ".." segment would reach another route`)
    expect(outcomes.status).toBe('idle')
    expect(outcomes.useAction).toBe('TypeError: Action option "onSuccess" must be a function, got "refresh"')
    expect(sent).toEqual([])
  })

  it('keeps /, %, spaces and unicode inside their segment, and the query apart', async () => {
    const id = 'a/b%2e%c d é😀'
    const result = await page.evaluate(id => actionLab.$action('/api/client-params/:id', { method: 'GET', params: { id }, input: { q: '1' } }), id)
    expect(result).toEqual({ success: true, data: { id, input: { q: '1' } } })
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

  it('does not pass the page request\'s body headers on to actions: a big form POST to the page leaves their JSON calls intact', async () => {
    const response = await fetch(`${baseURL}/client-ssr`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-encoding': 'identity',
        'cookie': 'session=posted',
        'accept-language': 'fr-CH',
        'x-forwarded-for': '203.0.113.9',
      },
      body: `big=${'x'.repeat(2 * 1024 * 1024)}`,
    })
    const probe = readSsrProbe(await response.text())
    expect(probe.echo).toEqual({ success: true, data: { method: 'POST', input: { probe: 'json' } } })
    expect(probe.headers.success).toBe(true)
    const seen = probe.headers.data
    for (const name of ['content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'expect', 'connection']) {
      expect(seen.names).not.toContain(name)
    }
    expect(seen).toMatchObject({ cookie: 'session=posted', acceptLanguage: 'fr-CH', forwardedFor: '203.0.113.9' })
    expect(probe.whoami).toEqual({ success: true, data: { session: 'posted', client: null } })
  })

  it('useActionQuery refuses a ".." param during SSR with a TypeError naming it', async () => {
    const html = await (await fetch(`${baseURL}/client-ssr`)).text()
    const probe = readSsrProbe(html)
    // no query was set up, so nothing was fetched: the page's payload has no entry for it
    // (the payload writes '/' as \u002F from Nuxt 4.4 on, as is on Nuxt 4.3, the compatibility floor)
    const payloadKey = (path: string) => new RegExp(`"action-route:${path.split('/').join(String.raw`(?:\\u002F|/)`)}`)
    expect(html).toMatch(payloadKey('/api/whoami'))
    expect(html).not.toMatch(payloadKey('/api/flaky'))
    expect(probe.refused).toBe('TypeError: Route param "key" for /api/flaky/:key is "..": an empty, "." or ".." segment would reach another route')
  })
})

/** The JSON the /client-ssr probe renders during SSR. */
function readSsrProbe(html: string) {
  const match = /data-test="client-ssr">([^<]*)</.exec(html)
  if (!match) throw new Error(`no SSR probe in the page:\n${html.slice(0, 2000)}`)
  const text = match[1]!.replace(/&quot;/g, '"').replace(/&#39;/g, '\'').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  return JSON.parse(text)
}
