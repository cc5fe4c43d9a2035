import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../../../test-utils/browser'

// Streaming actions on the built fixture: server/api/stream/tokens.post.ts streams tokens and records each run
// (events generated, its `finally`, the signal) for GET /api/stream/run; fail.post.ts fails before or after its
// first event; /stream-demo consumes a stream with useActionStream. scripts/workers.mjs runs this file against a
// cloudflare-module build served by workerd too, on Nitro 2 and on Nitro 3.
const baseURL = inject('baseURL')

interface Run { generated: number, finished: boolean, aborted: boolean }
interface Message { event?: string, data: string }

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', ...headers },
  body: JSON.stringify(body),
})

/** What the server recorded of a run, or null before it started. */
async function runOf(id: string): Promise<Run | null> {
  return (await (await fetch(`${baseURL}/api/stream/run?id=${id}`)).json()).data
}

/** The run once its `finally` ran, or as it stands after `ms`. */
async function finishedRun(id: string, ms = 5000): Promise<Run | null> {
  const deadline = Date.now() + ms
  for (;;) {
    const run = await runOf(id)
    if (run?.finished || Date.now() > deadline) return run
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

/**
 * An SSE body read message by message as the caller pulls, as the wire has it: comment lines (heartbeats)
 * are counted apart; each message is its `event:` field and its one `data:` line.
 */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const state = { comments: [] as string[] }
  async function next(): Promise<Message | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const message: Message = { data: '' }
        const lines = block.split('\n')
        for (const line of lines) {
          if (line.startsWith(':')) state.comments.push(line)
          else if (line.startsWith('event: ')) message.event = line.slice(7)
          else if (line.startsWith('data: ')) message.data = line.slice(6)
          else throw new Error(`not an SSE line: ${JSON.stringify(line)}`)
        }
        if (lines.some(line => !line.startsWith(':'))) return message
        continue
      }
      const { done, value } = await reader.read()
      if (done) {
        if (buffer) throw new Error(`the stream ended inside a message: ${JSON.stringify(buffer.slice(0, 200))}`)
        return undefined
      }
      buffer += decoder.decode(value, { stream: true })
    }
  }
  return { next, state, cancel: () => reader.cancel() }
}

/** Every message to the end of the stream. */
async function allMessages(response: Response): Promise<{ messages: Message[], comments: string[] }> {
  const sse = sseReader(response.body!)
  const messages: Message[] = []
  for (let message = await sse.next(); message; message = await sse.next()) messages.push(message)
  return { messages, comments: sse.state.comments }
}

const tokens = (input: Record<string, unknown>, headers?: Record<string, string>) => fetch(`${baseURL}/api/stream/tokens`, json(input, headers))
const fail = (input: Record<string, unknown>, headers: Record<string, string> = { authorization: 'Bearer stream' }) => fetch(`${baseURL}/api/stream/fail`, json(input, headers))

describe('a streaming action over HTTP', () => {
  it('answers text/event-stream, never compressed, buffered or cached: each event one data line, in order, then the end envelope', async () => {
    const run = randomUUID()
    const response = await tokens({ run, count: 3 })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('cache-control')).toMatch(/\bno-transform\b/)
    expect(response.headers.get('cache-control')).toMatch(/\bno-cache\b/)
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('content-length')).toBeNull()
    const text = await response.text()
    // a heartbeat is a comment line, which a 300 ms pause alone would send; none is expected here
    expect(text.replace(/^:.*\n\n/gm, '')).toBe([
      'data: {"n":1,"token":"token-1"}\n\n',
      'data: {"n":2,"token":"token-2"}\n\n',
      'data: {"n":3,"token":"token-3"}\n\n',
      'event: end\ndata: {"success":true,"data":{"count":3}}\n\n',
    ].join(''))
    expect(await runOf(run)).toEqual({ generated: 3, finished: true, aborted: false })
  })

  it('answers a generator that yields nothing with the end event alone', async () => {
    const response = await tokens({ run: randomUUID(), count: 0 })
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect((await response.text()).replace(/^:.*\n\n/gm, '')).toBe('event: end\ndata: {"success":true,"data":{"count":0}}\n\n')
  })

  it('sends a heartbeat comment while no event is ready', async () => {
    const { messages, comments } = await allMessages(await tokens({ run: randomUUID(), count: 2, delayMs: 800 }))
    expect(messages.map(message => message.event ?? 'message')).toEqual(['message', 'message', 'end'])
    expect(comments.length).toBeGreaterThanOrEqual(1)
    expect(comments.every(comment => comment === ':' || comment === ': ')).toBe(true)
  })
})

describe('a streaming action\'s errors before its first event: the normal JSON envelope and status', () => {
  it('answers invalid input VALIDATION_ERROR 422, and no run starts', async () => {
    const run = randomUUID()
    const response = await tokens({ run, count: -1 })
    expect(response.status).toBe(422)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await response.json()
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 422 })
    expect(body.error.fieldErrors.count).toBeDefined()
    expect(await runOf(run)).toBeNull()
  })

  it('answers a middleware\'s refusal with its 401', async () => {
    const response = await fail({ when: 'after', kind: 'error' }, {})
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 } })
  })

  it('answers a declared error thrown before the first yield with its status', async () => {
    const response = await fail({ when: 'before', kind: 'declared' })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ success: false, error: { code: 'QUOTA_EXCEEDED', message: 'Out of tokens', statusCode: 403 } })
  })

  it('answers an Error thrown before the first yield INTERNAL_ERROR 500, masked', async () => {
    const response = await fail({ when: 'before', kind: 'error' })
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).not.toMatch(/hunter2|SELECT/)
    expect(JSON.parse(text).error).toMatchObject({ code: 'INTERNAL_ERROR', statusCode: 500 })
  })
})

describe('a streaming action\'s errors after its first event: the end event carries the failure', () => {
  it('ends with INTERNAL_ERROR for a thrown Error, its message masked, and reports it to the platform', async () => {
    const probe = randomUUID()
    const response = await fail({ when: 'after', kind: 'error' }, { 'authorization': 'Bearer stream', 'x-error-probe': probe })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const text = await response.text()
    expect(text).not.toMatch(/hunter2|SELECT/)
    const { messages } = await allMessages(new Response(text))
    expect(messages[0]).toEqual({ data: '{"n":1,"token":"token-1"}' })
    expect(messages[1]!.event).toBe('end')
    const end = JSON.parse(messages[1]!.data)
    expect(end).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: expect.any(String), statusCode: 500 } })
    expect(messages).toHaveLength(2)
    // the app's error hooks saw the real error (server/plugins/record-errors.ts)
    let recorded: Array<{ hook: string, message: string }> = []
    for (let tries = 0; tries < 40; tries++) {
      recorded = (await (await fetch(`${baseURL}/api/reported-errors?probe=${probe}`)).json()).data
      if (recorded.some(r => r.hook === 'error') && recorded.some(r => r.hook === 'action-route:error')) break
      await new Promise(resolve => setTimeout(resolve, 50))
    }
    expect(recorded.map(r => r.hook).sort()).toEqual(['action-route:error', 'error'])
    expect(recorded.every(r => r.message.includes('hunter2'))).toBe(true)
  })

  it('ends with the declared error, kept as declared', async () => {
    const { messages } = await allMessages(await fail({ when: 'after', kind: 'declared' }))
    expect(messages.map(message => message.event ?? 'message')).toEqual(['message', 'end'])
    expect(JSON.parse(messages[1]!.data)).toEqual({ success: false, error: { code: 'QUOTA_EXCEEDED', message: 'Out of tokens', statusCode: 403 } })
  })
})

describe('a streaming action and its client\'s pace', () => {
  it('generates events only as fast as a slow reader takes them, then finishes', async () => {
    const run = randomUUID()
    // 64 KiB events: 1,000 of them are 64 MB, which an unbounded server would generate in well under a second
    const count = 1000
    const response = await tokens({ run, count, pad: 65_536 })
    const sse = sseReader(response.body!)
    for (let read = 0; read < 5; read++) expect((await sse.next())?.data).toContain(`"n":${read + 1}`)
    await new Promise(resolve => setTimeout(resolve, 1500))
    const paused = (await runOf(run))!.generated
    await new Promise(resolve => setTimeout(resolve, 1000))
    const stillPaused = (await runOf(run))!.generated
    console.log(`slow reader: 5 events read, ${paused} generated after 1.5 s, ${stillPaused} after 2.5 s (of ${count})`)
    // what the sockets' buffers hold (a few MB on loopback) and no more, and nothing more while the reader waits
    expect(stillPaused).toBe(paused)
    expect(paused).toBeLessThan(count / 4)
    let last: Message | undefined
    for (let message = await sse.next(); message; message = await sse.next()) last = message
    expect(last?.event).toBe('end')
    expect(JSON.parse(last!.data)).toEqual({ success: true, data: { count } })
    expect(await runOf(run)).toEqual({ generated: count, finished: true, aborted: false })
  }, 60_000)

  // on workerd the client's going away reaches the Worker as its response stream's cancel (its request's signal aborts
  // only with the `enable_request_signal` compatibility flag), which aborts the handler's signal all the same
  it('runs the generator\'s finally when the client aborts half-way, with its signal aborted', async () => {
    const run = randomUUID()
    const controller = new AbortController()
    const response = await fetch(`${baseURL}/api/stream/tokens`, { ...json({ run, count: 40, delayMs: 100 }), signal: controller.signal })
    const sse = sseReader(response.body!)
    for (let read = 0; read < 3; read++) await sse.next()
    controller.abort()
    const finished = await finishedRun(run)
    expect(finished).toMatchObject({ finished: true, aborted: true })
    expect(finished!.generated).toBeLessThan(40)
  })
})

// workerd tells a Worker its client left only once the answer streams (a request's signal needs `enable_request_signal`)
describe.skipIf(process.env.E2E_TARGET === 'workers')('a client that leaves a stream before its first event', () => {
  /** Sends a stream's request and leaves after `ms`, before its answer started. */
  async function leaveEarly(input: Record<string, unknown>, ms: number): Promise<void> {
    const controller = new AbortController()
    const sent = fetch(`${baseURL}/api/stream/tokens`, { ...json(input), signal: controller.signal })
    await new Promise(resolve => setTimeout(resolve, ms))
    controller.abort()
    await sent.catch(() => {})
  }

  it('stops a generator that does not heed its signal at its first yield: its finally runs, with the signal aborted', async () => {
    const run = randomUUID()
    await leaveEarly({ run, count: 200, firstDelayMs: 500 }, 150)
    const finished = await finishedRun(run)
    expect(finished).toMatchObject({ finished: true, aborted: true })
    expect(finished!.generated).toBeLessThanOrEqual(1)
  })

  it('aborts the signal of a handler reached after a slow middleware, and stops its generator', async () => {
    const run = randomUUID()
    await leaveEarly({ run, count: 200, gateMs: 500 }, 150)
    const finished = await finishedRun(run)
    expect(finished).toMatchObject({ finished: true, aborted: true })
    expect(finished!.generated).toBeLessThanOrEqual(1)
  })
})

describe('a stream consumed in Chromium', () => {
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    browser = await launchChromium()
    page = await browser.newPage()
    await page.goto(`${baseURL}/stream-demo`)
    await page.waitForFunction(() => 'actionLab' in window)
  })
  afterAll(() => browser?.close())

  it('shows useActionStream\'s tokens folded into its data, its status and its final result', async () => {
    const run = randomUUID()
    await page.fill('[data-test="stream-run"]', run)
    await page.fill('[data-test="stream-count-input"]', '5')
    await page.click('[data-test="stream-start"]')
    await page.waitForSelector('[data-test="stream-result"]')
    expect(await page.textContent('[data-test="stream-status"]')).toContain('success')
    expect(await page.textContent('[data-test="stream-events"]')).toContain('5')
    expect((await page.textContent('[data-test="stream-text"]'))!.trim()).toBe('token-1 token-2 token-3 token-4 token-5')
    expect((await page.textContent('[data-test="stream-result"]'))!.trim()).toBe('5')
  })

  it('stops a stream half-way with its Stop button: ABORT_ERROR on the page, the server\'s finally ran', async () => {
    const run = randomUUID()
    await page.fill('[data-test="stream-run"]', run)
    await page.fill('[data-test="stream-count-input"]', '40')
    await page.click('[data-test="stream-start"]')
    await page.waitForFunction(() => Number(document.querySelector('[data-test="stream-events"]')?.textContent) >= 3)
    expect(await page.textContent('[data-test="stream-status"]')).toContain('streaming')
    await page.click('[data-test="stream-stop"]')
    await page.waitForSelector('[data-test="stream-error"]')
    expect(await page.getAttribute('[data-test="stream-error"]', 'data-code')).toBe('ABORT_ERROR')
    expect(await page.textContent('[data-test="stream-status"]')).toContain('error')
    const shown = Number(await page.textContent('[data-test="stream-events"]'))
    expect(shown).toBeLessThan(40)
    const finished = await finishedRun(run)
    expect(finished).toMatchObject({ finished: true, aborted: true })
    expect(finished!.generated).toBeLessThan(40)
    // nothing more arrives on the page
    await new Promise(resolve => setTimeout(resolve, 300))
    expect(Number(await page.textContent('[data-test="stream-events"]'))).toBe(shown)
  })

  it('iterates $action\'s stream with for await, and a break stops the server\'s generator', async () => {
    const run = randomUUID()
    const seen = await page.evaluate(async (run) => {
      const answer = await actionLab.$action('/api/stream/tokens', { method: 'POST', input: { run, count: 40, delayMs: 50 } })
      if (!answer.success) return answer
      const tokens: string[] = []
      for await (const event of answer.data) {
        tokens.push(event.token)
        if (tokens.length === 3) break
      }
      return { tokens, result: await answer.data.result }
    }, run)
    expect(seen.tokens).toEqual(['token-1', 'token-2', 'token-3'])
    expect(seen.result).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    const finished = await finishedRun(run)
    expect(finished).toMatchObject({ finished: true, aborted: true })
    expect(finished!.generated).toBeLessThan(40)
  })

  it('reads a whole stream through $action: the events, then the end envelope as result', async () => {
    const seen = await page.evaluate(async (run) => {
      const answer = await actionLab.$action('/api/stream/tokens', { method: 'POST', input: { run, count: 4 } })
      if (!answer.success) return answer
      const tokens: string[] = []
      for await (const event of answer.data) tokens.push(event.token)
      return { tokens, result: await answer.data.result }
    }, randomUUID())
    expect(seen).toEqual({ tokens: ['token-1', 'token-2', 'token-3', 'token-4'], result: { success: true, data: { count: 4 } } })
  })

  it('answers an error before the first event as a normal failure, and one after it as the stream\'s result', async () => {
    const seen = await page.evaluate(async () => {
      const before = await actionLab.$action('/api/stream/fail', { method: 'POST', input: { when: 'before', kind: 'declared' }, headers: { authorization: 'Bearer stream' } })
      const after = await actionLab.$action('/api/stream/fail', { method: 'POST', input: { when: 'after', kind: 'error' }, headers: { authorization: 'Bearer stream' } })
      if (!after.success) return { before, after }
      const events: unknown[] = []
      for await (const event of after.data) events.push(event)
      return { before, events, result: await after.data.result }
    })
    expect(seen.before).toEqual({ success: false, error: { code: 'QUOTA_EXCEEDED', message: 'Out of tokens', statusCode: 403 } })
    expect(seen.events).toEqual([{ n: 1, token: 'token-1' }])
    expect(seen.result).toMatchObject({ success: false, error: { code: 'INTERNAL_ERROR', statusCode: 500 } })
  })
})

interface Lab {
  $action: (path: string, options?: Record<string, unknown>) => Promise<any> // eslint-disable-line @typescript-eslint/no-explicit-any
}
declare const actionLab: Lab
