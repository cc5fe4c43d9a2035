import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { $fetch } from 'ofetch'
import { rateLimit } from '../../src/runtime/server'
import type { ActionErrorData, ActionResult } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import type { ActionEventStream } from '../../src/runtime/app/streams/action-event-stream'
import { createActionStreamState } from '../../src/runtime/app/streams/stream-state'
import type { TestServer } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

// A rate-limited streaming action on both h3 majors over real HTTP: within the limit it streams, with the RateLimit
// fields on the stream's answer; past it the 429 is the JSON envelope, sent before any event, its generator never
// started. useActionStream's state settles with that envelope, as with any refusal before the first event.

describe.each(hosts)('a rate-limited streaming action on $name', (host) => {
  let server: TestServer
  let fetcher: ActionFetcher
  let started = 0

  beforeAll(async () => {
    server = await host.serve({
      '/reply': host.defineAction({
        middleware: [rateLimit({ limit: 1, window: 60_000, name: 'replies', store: createMemoryStore() })],
        async* handler() {
          started++
          yield 'hello'
          yield 'world'
          return { words: 2 }
        },
      }),
    })
    fetcher = $fetch.create({ baseURL: server.url }) as unknown as ActionFetcher
  })
  afterAll(() => server.close())

  const useActionStreamOf = () => createActionStreamState<undefined, string, { words: number }, object, ActionErrorData, string>(
    (input, { signal }) => callAction(fetcher, '/reply', { method: 'POST', signal }) as Promise<ActionResult<ActionEventStream<string, { words: number }> | { words: number }>>,
    { reduce: (text, word) => text ? `${text} ${word}` : word, initial: '' },
  )

  it('streams within the limit, the RateLimit fields on its answer; past it answers the 429 envelope before any event, its generator never started', async () => {
    const first = await fetch(`${server.url}/reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(first.headers.get('ratelimit-policy')).toBe('"replies";q=1;w=60')
    expect(first.headers.get('ratelimit')).toMatch(/^"replies";r=0;t=\d+$/)
    expect(await first.text()).toContain('hello')
    expect(started).toBe(1)

    const refused = await fetch(`${server.url}/reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('ratelimit')).toMatch(/^"replies";r=0;t=\d+$/)
    expect(await refused.json()).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 } })
    expect(started).toBe(1)
  })

  it('settles useActionStream\'s state with RATE_LIMITED and no event', async () => {
    const state = useActionStreamOf()
    const result = await state.execute()
    expect(result).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 } })
    expect(state.status.value).toBe('error')
    expect(state.error.value?.code).toBe('RATE_LIMITED')
    expect(state.events.value).toEqual([])
    expect(state.data.value).toBe('')
    expect(started).toBe(1)
  })
})
