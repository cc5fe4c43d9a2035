import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimit } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('rateLimit on $name', (host) => {
  let server: TestServer
  const store = () => createMemoryStore()

  beforeAll(async () => {
    const byUser = rateLimit<{ user?: string }>({ limit: 1, window: 60_000, name: 'per-user', store: store(), key: ({ ctx }) => ctx.user })
    const signIn = host.defineActionMiddleware(async ({ event, next }) => next({ ctx: { user: host.requestHeader(event, 'x-user') } }))
    server = await host.serve({
      '/three': host.defineAction({ middleware: [rateLimit({ limit: 3, window: 60_000, store: store() })], handler: () => ({ ok: true }) }),
      '/user': host.defineAction({ middleware: [signIn, byUser], handler: () => ({ ok: true }) }),
      '/proxied': host.defineAction({ middleware: [rateLimit({ limit: 1, window: 10_000, trustProxy: 1, store: store() })], handler: () => ({ ok: true }) }),
      '/direct': host.defineAction({ middleware: [rateLimit({ limit: 1, window: 10_000, store: store() })], handler: () => ({ ok: true }) }),
      '/store-down': host.defineAction({ middleware: [rateLimit({ limit: 5, window: 60_000, store: { ...store(), increment: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')) } })], handler: () => ({ ran: true }) }),
      '/two-policies': host.defineAction({
        middleware: [
          rateLimit({ limit: 5, window: 1000, name: 'burst', store: store() }),
          rateLimit({ limit: 100, window: 3_600_000, name: 'hour', store: store() }),
        ],
        handler: () => ({ ok: true }),
      }),
    })
  })
  afterAll(() => server.close())

  it('admits `limit` requests with RateLimit-Policy and a RateLimit that counts down, then answers RATE_LIMITED 429 with Retry-After', async () => {
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await call(`${server.url}/three`))
    expect(answers.map(answer => answer.status)).toEqual([200, 200, 200, 429])
    for (const answer of answers) expect(answer.headers.get('ratelimit-policy')).toBe('"default";q=3;w=60')
    expect(answers.map(answer => answer.headers.get('ratelimit')?.replace(/;t=\d+$/, ''))).toEqual([
      '"default";r=2', '"default";r=1', '"default";r=0', '"default";r=0',
    ])
    const reset = Number(answers[3]!.headers.get('ratelimit')!.match(/;t=(\d+)$/)![1])
    expect(reset).toBeGreaterThan(55)
    expect(reset).toBeLessThanOrEqual(60)
    expect(answers[3]!.headers.get('retry-after')).toBe(String(reset))
    expect(answers[0]!.headers.get('retry-after')).toBeNull()
    expect(answers[3]!.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 } })
  })

  it('counts by what the key function answers (the user from ctx), and by address when it answers undefined', async () => {
    const as = (user?: string) => call(`${server.url}/user`, { headers: user ? { 'x-user': user } : {} })
    expect((await as('ada')).status).toBe(200)
    expect((await as('ada')).status).toBe(429)
    expect((await as('grace')).status).toBe(200)
    expect((await as()).status).toBe(200)
    expect((await as()).status).toBe(429)
  })

  it('behind one trusted proxy, counts by the last X-Forwarded-For entry; what the client wrote left of it changes nothing', async () => {
    const from = (forwarded: string) => call(`${server.url}/proxied`, { headers: { 'x-forwarded-for': forwarded } })
    expect((await from('203.0.113.7')).status).toBe(200)
    expect((await from('198.51.100.1, 203.0.113.7')).status).toBe(429)
    expect((await from('203.0.113.8')).status).toBe(200)
  })

  it('trusts no X-Forwarded-For by default: every request of one connection address shares a counter', async () => {
    expect((await call(`${server.url}/direct`, { headers: { 'x-forwarded-for': '203.0.113.1' } })).status).toBe(200)
    expect((await call(`${server.url}/direct`, { headers: { 'x-forwarded-for': '203.0.113.2' } })).status).toBe(429)
  })

  it('fails closed when its store fails: INTERNAL_ERROR 500, the handler never runs, the store\'s error never sent', async () => {
    const { status, body, text } = await call(`${server.url}/store-down`)
    expect(status).toBe(500)
    expect(body.error.code).toBe('INTERNAL_ERROR')
    expect(text).not.toContain('ECONNREFUSED')
  })

  it('lists each policy of an action with two limits in one RateLimit-Policy and one RateLimit field', async () => {
    const { status, headers } = await call(`${server.url}/two-policies`)
    expect(status).toBe(200)
    expect(headers.get('ratelimit-policy')).toBe('"burst";q=5;w=1, "hour";q=100;w=3600')
    expect(headers.get('ratelimit')).toMatch(/^"burst";r=4;t=1, "hour";r=99;t=3600$/)
  })
})

describe('rateLimit options', () => {
  it.each([
    [{ limit: 0, window: 60_000 }, /`limit`/],
    [{ limit: 1.5, window: 60_000 }, /`limit`/],
    [{ limit: 5, window: 500 }, /`window`/],
    [{ limit: 5, window: 1500 }, /`window`/],
    [{ limit: 5, window: 60_000, trustProxy: -1 }, /`trustProxy`/],
    [{ limit: 5, window: 60_000, name: 'has "quotes"' }, /`name`/],
    [{ limit: 5, window: 60_000, key: 'user' }, /`key`/],
  ])('refuses %j when the middleware is made, not at a request', (options, message) => {
    expect(() => rateLimit(options as never)).toThrow(message)
  })
})
