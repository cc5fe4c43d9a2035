import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegistryResponse, RequestRecord, StreamMessage } from '../../src/shared/types'
import { launchChromium } from '../../../../test-utils/browser'
import { startScratchDev } from './scratch-app'
import type { ScratchDev } from './scratch-app'

// one word every 250 ms: slow enough for the panel to show the stream while it runs
const REPLY = `import { z } from 'zod'

export default defineAction({
  input: z.object({ prompt: z.string(), password: z.string().optional() }),
  eventSchema: z.object({ word: z.string(), secret: z.string() }),
  outputSchema: z.object({ words: z.number() }),
  async *handler({ input, signal }) {
    const words = input.prompt.split(' ')
    for (const word of words) {
      await new Promise(done => setTimeout(done, 250))
      if (signal.aborted) break
      yield { word, secret: 'hidden-' + word }
    }
    return { words: words.length }
  },
})
`

// an event every 100 ms until the client goes away
const TICKS = `export default defineAction({
  async *handler({ signal }) {
    let n = 0
    while (!signal.aborted) {
      await new Promise(done => setTimeout(done, 100))
      yield ++n
    }
    return n
  },
})
`

const results = fileURLToPath(new URL('../../test-results/', import.meta.url))

let app: ScratchDev
let browser: Browser
let page: Page

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../../dist/client/index.html', import.meta.url)))) {
    throw new Error('Build the panel first: pnpm --filter @action-route/devtools build')
  }
  await mkdir(results, { recursive: true })
  app = await startScratchDev({ name: 'streaming-panel', files: { 'server/api/reply.post.ts': REPLY, 'server/api/ticks.post.ts': TICKS } })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.addInitScript((token) => {
    window.localStorage.setItem('__nuxt_dev_token__', token)
  }, app.token)
})

afterAll(async () => {
  await browser?.close()
  await app?.close()
})

async function records(): Promise<RequestRecord[]> {
  return (await fetch(`${app.baseURL}/__action-route/api/records`, { headers: app.authHeaders })).json() as Promise<RequestRecord[]>
}

/** Listens to the recorder's live feed; `stop` ends it and gives its messages. */
async function listenToFeed(): Promise<{ stop: () => Promise<StreamMessage[]> }> {
  const controller = new AbortController()
  const response = await fetch(`${app.baseURL}/__action-route/api/stream`, { headers: app.authHeaders, signal: controller.signal })
  const reader = response.body!.getReader()
  let text = ''
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        text += new TextDecoder().decode(value)
      }
    }
    catch {
      // stopped
    }
  })()
  return {
    stop: async () => {
      controller.abort()
      await reading
      return text.split('\n\n').map(block => block.split('\n').find(line => line.startsWith('data: {'))).filter(line => line !== undefined)
        .map(line => JSON.parse(line.slice(6)) as StreamMessage)
    },
  }
}

describe('streaming actions in the Actions tab', () => {
  it('the registry marks a streaming action and gives its event schema; the route\'s page shows both', async () => {
    const registry = await (await fetch(`${app.baseURL}/__action-route/api/routes`, { headers: app.authHeaders })).json() as RegistryResponse
    const reply = registry.routes.find(route => route.id === 'POST /api/reply')
    expect(reply?.action).toMatchObject({ stream: true, event: { vendor: 'zod', jsonSchema: { required: ['word', 'secret'] } }, output: { jsonSchema: { required: ['words'] } } })
    expect(registry.routes.find(route => route.id === 'POST /api/ticks')?.action).toMatchObject({ stream: true })
    expect(registry.routes.find(route => route.id === 'POST /api/hello')?.action).not.toHaveProperty('stream')

    await page.goto(`${app.baseURL}/__action-route/client/`)
    await page.getByTestId('route-POST /api/reply').click()
    await page.getByTestId('route-stream').waitFor()
    await page.getByText('Schemas:').click()
    await expect.poll(() => page.getByTestId('schema-event').textContent()).toMatch(/zod[\s\S]*"word"/)
  })

  it('records a streamed request with its events live, redacted and timed, then its end envelope', async () => {
    await fetch(`${app.baseURL}/__action-route/api/records`, { method: 'DELETE', headers: app.authHeaders })
    await page.getByTestId('tab-log').click()
    const feed = await listenToFeed()
    const answer = fetch(`${app.baseURL}/api/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'one two three four five six', password: 'hunter2' }),
    }).then(response => response.text())
    await page.getByTestId('log-item').filter({ hasText: '/api/reply' }).click()
    const detail = page.getByTestId('record-stream')
    // the panel shows events while the stream still runs
    await detail.getByTestId('stream-event').first().waitFor({ timeout: 10_000 })
    expect(await detail.getByTestId('stream-state').textContent()).toBe('streaming…')
    expect(await page.getByTestId('log-stream').first().textContent()).toBe('streaming')
    await page.screenshot({ path: `${results}stream-record-running.png` })
    await expect.poll(() => detail.getByTestId('stream-state').textContent(), { timeout: 10_000 }).toBe('ended')
    expect(await detail.getByTestId('stream-event').count()).toBe(6)
    expect(await detail.getByTestId('stream-event').first().textContent()).toMatch(/#1 · \+\d[\d.]* (?:ms|µs)\s*\{"word":"one","secret":"\[redacted\]"\}/)
    expect(await page.getByTestId('waterfall-event').count()).toBe(6)
    expect(await page.getByTestId('waterfall-events').textContent()).toContain('events (6)')
    await page.screenshot({ path: `${results}stream-record-ended.png`, fullPage: true })
    expect(await page.getByTestId('record-detail').textContent()).toContain('"words": 6')
    expect(await page.getByTestId('record-detail').textContent()).not.toMatch(/hunter2|hidden-/)

    expect(await answer).toContain('event: end')
    const [record] = await records()
    // the live feed: the record when the stream starts, each event as it is written, the record again at the end
    const messages = (await feed.stop()).filter(message => message.type === 'stream-event' || (message.type === 'record' && message.record.id === record!.id))
    expect(messages.map(message => message.type === 'stream-event' ? `event ${message.count}` : `record ${message.type === 'record' && message.record.stream!.ended}`))
      .toEqual(['record false', 'event 1', 'event 2', 'event 3', 'event 4', 'event 5', 'event 6', 'record true'])
    expect(messages[1]).toMatchObject({ id: record!.id, event: { data: { word: 'one', secret: '[redacted]' } } })
    expect(record).toMatchObject({ status: 200, envelope: { success: true, data: { words: 6 } }, stream: { count: 6, ended: true } })
    const offsets = record!.stream!.events.map(event => event.at)
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b))
    expect(offsets.at(-1)! - offsets[0]!).toBeGreaterThan(1000)
  })

  it('replays a streamed request as a stream, its events as they come, then the diff of the end envelopes', async () => {
    await page.getByTestId('replay').click()
    const replay = page.getByTestId('replay-stream')
    await replay.getByTestId('stream-event').first().waitFor({ timeout: 10_000 })
    expect(await replay.getByTestId('stream-state').textContent()).toBe('streaming…')
    await expect.poll(() => replay.getByTestId('stream-state').textContent(), { timeout: 10_000 }).toBe('ended')
    expect(await replay.getByTestId('stream-event').count()).toBe(6)
    // the replay sends the redacted password as it was recorded: the reply is the same
    await expect.poll(() => page.getByTestId('diff-summary').textContent()).toBe('identical')
    await page.screenshot({ path: `${results}stream-replay.png`, fullPage: true })
  })

  it('starts a stream from the composer, shows its events as they arrive, and stops it', async () => {
    await page.getByTestId('tab-actions').click()
    await page.getByTestId('route-POST /api/ticks').click()
    expect(await page.getByTestId('send').textContent()).toContain('Start stream')
    await page.getByTestId('send').click()
    const response = page.getByTestId('response')
    await expect.poll(() => response.getByTestId('stream-event').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3)
    expect(await response.getByTestId('stream-state').textContent()).toBe('streaming…')
    await page.getByTestId('stop').click()
    await expect.poll(() => response.getByTestId('stream-state').textContent()).toBe('stopped')
    await page.screenshot({ path: `${results}stream-composer-stopped.png`, fullPage: true })
    const stoppedAt = await response.getByTestId('stream-event').count()
    await page.waitForTimeout(400)
    expect(await response.getByTestId('stream-event').count()).toBe(stoppedAt)
    await page.getByTestId('send').waitFor()

    // the server saw the client go away: its record ends without an end event
    await expect.poll(async () => (await records()).find(record => record.path === '/api/ticks')?.stream?.ended, { timeout: 10_000 }).toBe(true)
    const ticks = (await records()).find(record => record.path === '/api/ticks')!
    expect(ticks.envelope).toBeNull()
    expect(ticks.stream!.count).toBeGreaterThanOrEqual(3)
  })
})
