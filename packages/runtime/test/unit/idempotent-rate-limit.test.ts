import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotent, rateLimit } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

// idempotent() and rateLimit() on one route, in either order, over real HTTP: the order decides whether a replay
// counts against the limit, and a 429 is never kept as the key's answer (docs/production.md, "What is kept").

let keys = 0
/** A new key per logical call, as the client makes one. */
const newKey = () => `"limited-${++keys}-${Date.now()}"`

const post = (url: string, key: string) => call(url, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': key },
  body: '{}',
})

describe.each(hosts)('idempotent() and rateLimit() on one route, on $name', (host) => {
  let server: TestServer
  let clock = 0
  const runs = { limitFirst: 0, keyFirst: 0 }

  beforeAll(async () => {
    const store = createMemoryStore(() => Date.now() + clock)
    server = await host.serve({
      '/limit-first': host.defineAction({
        middleware: [rateLimit({ limit: 2, window: 60_000, name: 'limit-first', store }), idempotent({ store })],
        handler: () => ({ order: ++runs.limitFirst }),
      }),
      '/key-first': host.defineAction({
        middleware: [idempotent({ store }), rateLimit({ limit: 1, window: 60_000, name: 'key-first', store })],
        handler: () => ({ order: ++runs.keyFirst }),
      }),
    })
  })
  afterAll(() => server.close())

  it('counts every retry against a rateLimit() before idempotent(): a replay takes one of the limit, and past it the retry gets 429, not the stored answer', async () => {
    const key = newKey()
    const first = await post(`${server.url}/limit-first`, key)
    const replay = await post(`${server.url}/limit-first`, key)
    const refused = await post(`${server.url}/limit-first`, key)
    expect(first.body).toEqual({ success: true, data: { order: 1 } })
    expect(replay.body).toEqual(first.body)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.headers.get('ratelimit')).toBe('"limit-first";r=0;t=60')
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('RATE_LIMITED')
    expect(refused.headers.get('idempotent-replayed')).toBeNull()
    expect(runs.limitFirst).toBe(1)

    // once the window ends the same key is replayed again: the 429 came before idempotent() and changed nothing
    clock += 60_000
    const later = await post(`${server.url}/limit-first`, key)
    expect(later.body).toEqual(first.body)
    expect(later.headers.get('idempotent-replayed')).toBe('true')
    expect(runs.limitFirst).toBe(1)
  })

  it('counts no replay against a rateLimit() after idempotent(), and keeps none of its 429s: the retry runs once the window ends', async () => {
    const placed = newKey()
    expect((await post(`${server.url}/key-first`, placed)).body).toEqual({ success: true, data: { order: 1 } })
    // three replays of a limit of 1: none reaches the limit, so none is refused
    for (let retry = 0; retry < 3; retry++) {
      const replay = await post(`${server.url}/key-first`, placed)
      expect(replay.status).toBe(200)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      // a replay carries the headers the first answer kept, never a RateLimit field of its own
      expect(replay.headers.get('ratelimit')).toBeNull()
    }

    // a new call is the second request the limit sees: refused
    const next = newKey()
    const refused = await post(`${server.url}/key-first`, next)
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('RATE_LIMITED')
    expect(refused.headers.get('retry-after')).toBe('60')
    // its retry within the window is counted and refused again, not replayed
    const again = await post(`${server.url}/key-first`, next)
    expect(again.status).toBe(429)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect(runs.keyFirst).toBe(1)

    // after the window the same key runs: no 429 was kept as its answer
    clock += 60_000
    const ran = await post(`${server.url}/key-first`, next)
    expect(ran.status).toBe(200)
    expect(ran.body).toEqual({ success: true, data: { order: 2 } })
    expect(ran.headers.get('idempotent-replayed')).toBeNull()
    expect(runs.keyFirst).toBe(2)
  })
})
