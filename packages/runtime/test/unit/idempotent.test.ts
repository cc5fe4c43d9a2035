import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createActionError, idempotent } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { SharedStore } from '../../src/runtime/server/shared-store/shared-store'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

/** A JSON POST with an Idempotency-Key (the draft's quoted form unless given bare). */
function post(url: string, key: string | undefined, body: unknown = {}, headers: Record<string, string> = {}) {
  return call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers },
    body: JSON.stringify(body),
  })
}

let keys = 0
/** A new key for each test, as a client makes one per logical call. */
const newKey = () => `"key-${++keys}-${Date.now()}"`

describe.each(hosts)('idempotent on $name', (host) => {
  let server: TestServer
  let clock = 0
  const runs: Record<string, number> = {}
  const count = (name: string) => runs[name] = (runs[name] ?? 0) + 1
  let gate: Promise<void> = Promise.resolve()
  let failNext = true

  beforeAll(async () => {
    const store = createMemoryStore(() => Date.now() + clock)
    const signedIn = host.defineActionMiddleware(async ({ event, next }) => next({ ctx: { user: host.requestHeader(event, 'x-user') } }))
    server = await host.serve({
      '/orders': host.defineAction({
        input: z.object({ item: z.string(), qty: z.number().default(1) }),
        middleware: [idempotent({ store })],
        handler: ({ input, event }) => {
          count('orders')
          const id = crypto.randomUUID()
          host.setStatus(event, 201)
          host.setHeader(event, 'location', `/orders/${id}`)
          host.setHeader(event, 'set-cookie', 'seen=1')
          return { id, ...input }
        },
      }),
      '/slow': host.defineAction({
        middleware: [idempotent({ store })],
        handler: async () => {
          count('slow')
          await gate
          return { done: true }
        },
      }),
      '/flaky': host.defineAction({
        middleware: [idempotent({ store })],
        handler: () => {
          count('flaky')
          if (failNext) {
            failNext = false
            throw new Error('database unreachable')
          }
          return { ok: true }
        },
      }),
      '/problem': host.defineAction({
        middleware: [idempotent({ store })],
        handler: ({ event }) => {
          count('problem')
          host.setHeader(event, 'content-type', 'application/vnd.order+json')
          return { ok: true }
        },
      }),
      '/sold-out': host.defineAction({
        errors: { SOLD_OUT: { statusCode: 409, message: 'Sold out' } },
        middleware: [idempotent({ store })],
        handler: ({ errors }) => {
          count('sold-out')
          throw errors.SOLD_OUT()
        },
      }),
      '/per-user': host.defineAction({
        middleware: [signedIn, idempotent<{ user?: string }>({ store, scope: ({ ctx }) => ctx.user })],
        handler: ({ ctx }) => {
          count('per-user')
          return { user: ctx.user ?? null, n: runs['per-user'] }
        },
      }),
      '/required': host.defineAction({ middleware: [idempotent({ store, required: true })], handler: () => ({ ok: true }) }),
      '/short': host.defineAction({ middleware: [idempotent({ store, ttl: 5000 })], handler: () => ({ n: count('short') }) }),
      '/large': host.defineAction({
        middleware: [idempotent({ store, maxAnswerSize: 100 })],
        handler: () => {
          count('large')
          return { text: 'x'.repeat(200) }
        },
      }),
      '/store-down': host.defineAction({
        middleware: [idempotent({ store: { ...createMemoryStore(), setIfAbsent: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')) } })],
        handler: () => ({ ran: count('store-down') }),
      }),
      '/twice': host.defineAction({
        middleware: [idempotent({ store }), idempotent({ store })],
        handler: () => ({ n: count('twice') }),
      }),
      '/limited-after': host.defineAction({
        middleware: [idempotent({ store }), host.defineActionMiddleware(async ({ next }) => {
          if ((runs['limited-after-tries'] = (runs['limited-after-tries'] ?? 0) + 1) === 1) {
            throw createActionError({ code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 })
          }
          return next()
        })],
        handler: () => ({ n: count('limited-after') }),
      }),
    })
  })
  afterAll(() => server.close())
  afterEach(() => {
    clock = 0
  })

  it('runs a request once: a retry with its key gets the same status, envelope and Location, marked Idempotent-Replayed', async () => {
    const key = newKey()
    const before = runs.orders ?? 0
    const first = await post(`${server.url}/orders`, key, { item: 'tea', qty: 2 })
    const retry = await post(`${server.url}/orders`, key, { item: 'tea', qty: 2 })
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(retry.status).toBe(201)
    expect(retry.text).toBe(first.text)
    expect(retry.body).toEqual({ success: true, data: { id: first.body.data.id, item: 'tea', qty: 2 } })
    expect(retry.headers.get('location')).toBe(first.headers.get('location'))
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.headers.get('content-type')).toMatch(/^application\/json/)
    // a cookie the first answer set is never handed to whoever repeats the key
    expect(retry.headers.get('set-cookie')).toBeNull()
    expect(runs.orders! - before).toBe(1)
  })

  it('compares the validated input, whatever the order of its keys and its defaults: the same request replays', async () => {
    const key = newKey()
    const first = await post(`${server.url}/orders`, key, { item: 'tea', qty: 1 })
    const retry = await post(`${server.url}/orders`, key, { item: 'tea' })
    const reordered = await post(`${server.url}/orders`, key, { qty: 1, item: 'tea' })
    expect([retry.body, reordered.body]).toEqual([first.body, first.body])
  })

  it('answers IDEMPOTENCY_KEY_REUSED 422 for the same key with another request, and runs nothing', async () => {
    const key = newKey()
    await post(`${server.url}/orders`, key, { item: 'tea' })
    const before = runs.orders
    const other = await post(`${server.url}/orders`, key, { item: 'coffee' })
    expect(other.status).toBe(422)
    expect(other.body).toEqual({ success: false, error: { code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was used for another request', statusCode: 422 } })
    const elsewhere = await post(`${server.url}/slow`, key, { item: 'tea' })
    expect(elsewhere.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(runs.orders).toBe(before)
  })

  it('answers IDEMPOTENCY_KEY_IN_PROGRESS 409 with Retry-After to a retry while the first still runs, then replays', async () => {
    const key = newKey()
    let open!: () => void
    gate = new Promise(resolve => open = resolve)
    const before = runs.slow ?? 0
    const first = post(`${server.url}/slow`, key)
    await vi.waitFor(() => expect(runs.slow).toBe(before + 1))
    const duplicate = await post(`${server.url}/slow`, key)
    expect(duplicate.status).toBe(409)
    expect(duplicate.headers.get('retry-after')).toBe('1')
    expect(duplicate.body.error).toEqual({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'A request with this Idempotency-Key is still running; retry later', statusCode: 409 })
    open()
    expect((await first).body).toEqual({ success: true, data: { done: true } })
    const later = await post(`${server.url}/slow`, key)
    expect(later.headers.get('idempotent-replayed')).toBe('true')
    expect(runs.slow).toBe(before + 1)
  })

  it('replays a content type the handler set itself', async () => {
    const key = newKey()
    await post(`${server.url}/problem`, key)
    const retry = await post(`${server.url}/problem`, key)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.headers.get('content-type')).toMatch(/^application\/vnd\.order\+json/)
    expect(runs.problem).toBe(1)
  })

  it('keeps no 5xx: the retry of a request that failed unexpectedly runs again', async () => {
    const key = newKey()
    const first = await post(`${server.url}/flaky`, key)
    const retry = await post(`${server.url}/flaky`, key)
    expect(first.status).toBe(500)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(runs.flaky).toBe(2)
  })

  it('keeps a declared error: its retry gets the same 4xx envelope, replayed', async () => {
    const key = newKey()
    const first = await post(`${server.url}/sold-out`, key)
    const retry = await post(`${server.url}/sold-out`, key)
    expect(first.body).toEqual({ success: false, error: { code: 'SOLD_OUT', message: 'Sold out', statusCode: 409 } })
    expect(retry.status).toBe(409)
    expect(retry.body).toEqual(first.body)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(runs['sold-out']).toBe(1)
  })

  it('keeps no 429 from a middleware after it: the retry runs', async () => {
    const key = newKey()
    expect((await post(`${server.url}/limited-after`, key)).status).toBe(429)
    const retry = await post(`${server.url}/limited-after`, key)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
  })

  it('scopes keys: two users with one key each run once, and neither gets the other\'s answer', async () => {
    const key = newKey()
    const ada = await post(`${server.url}/per-user`, key, {}, { 'x-user': 'ada' })
    const grace = await post(`${server.url}/per-user`, key, {}, { 'x-user': 'grace' })
    const adaAgain = await post(`${server.url}/per-user`, key, {}, { 'x-user': 'ada' })
    expect(ada.body.data.user).toBe('ada')
    expect(grace.body.data.user).toBe('grace')
    expect(grace.headers.get('idempotent-replayed')).toBeNull()
    expect(adaAgain.body).toEqual(ada.body)
    expect(adaAgain.headers.get('idempotent-replayed')).toBe('true')
  })

  it('forgets a key after its ttl: the same key runs again', async () => {
    const key = newKey()
    const first = await post(`${server.url}/short`, key)
    clock = 4000
    expect((await post(`${server.url}/short`, key)).body).toEqual(first.body)
    clock = 5001
    const after = await post(`${server.url}/short`, key)
    expect(after.body.data.n).toBe(first.body.data.n + 1)
    expect(after.headers.get('idempotent-replayed')).toBeNull()
  })

  it('reads the draft\'s quoted key and a bare one as the same key', async () => {
    const key = `bare-${Date.now()}`
    const first = await post(`${server.url}/orders`, `"${key}"`, { item: 'tea' })
    const bare = await post(`${server.url}/orders`, key, { item: 'tea' })
    expect(bare.headers.get('idempotent-replayed')).toBe('true')
    expect(bare.body).toEqual(first.body)
  })

  it.each([
    ['empty', '""'],
    ['over 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', '"caf\u00E9"'],
    ['a quoted string with a stray quote', '"a"b"'],
  ])('refuses a key that is %s with IDEMPOTENCY_KEY_INVALID 400', async (_, key) => {
    const before = runs.orders
    const answer = await post(`${server.url}/orders`, key, { item: 'tea' })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toEqual({ code: 'IDEMPOTENCY_KEY_INVALID', message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters', statusCode: 400 })
    expect(runs.orders).toBe(before)
  })

  it('runs a request without a key as usual, each time; with `required`, refuses it with IDEMPOTENCY_KEY_INVALID 400', async () => {
    const before = runs.orders!
    await post(`${server.url}/orders`, undefined, { item: 'tea' })
    await post(`${server.url}/orders`, undefined, { item: 'tea' })
    expect(runs.orders).toBe(before + 2)
    const refused = await post(`${server.url}/required`, undefined)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toEqual({ code: 'IDEMPOTENCY_KEY_INVALID', message: 'This action needs an Idempotency-Key header', statusCode: 400 })
    expect((await post(`${server.url}/required`, newKey())).status).toBe(200)
  })

  it('sends an answer over maxAnswerSize but keeps only that it ran: the retry gets IDEMPOTENCY_KEY_REUSED 422, never a second run', async () => {
    const key = newKey()
    const first = await post(`${server.url}/large`, key)
    const retry = await post(`${server.url}/large`, key)
    expect(first.body.data.text).toHaveLength(200)
    expect(retry.status).toBe(422)
    expect(retry.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(runs.large).toBe(1)
  })

  it('fails closed when its store fails: INTERNAL_ERROR 500, the handler never runs, the store\'s error never sent', async () => {
    const { status, body, text } = await post(`${server.url}/store-down`, newKey())
    expect(status).toBe(500)
    expect(body.error.code).toBe('INTERNAL_ERROR')
    expect(text).not.toContain('ECONNREFUSED')
    expect(runs['store-down']).toBeUndefined()
  })

  it('claims once when the chain holds it twice (a builder\'s and the action\'s own)', async () => {
    const key = newKey()
    const first = await post(`${server.url}/twice`, key)
    const retry = await post(`${server.url}/twice`, key)
    expect(first.status).toBe(200)
    expect(retry.body).toEqual(first.body)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
  })
})

describe('idempotent and its store', () => {
  it('releases the claim of a request that failed, and keeps the answer of one that passed, for ttl', async () => {
    const { h3V1 } = await import('../helpers/hosts')
    const calls: string[] = []
    const memory = createMemoryStore()
    const store: SharedStore = {
      ...memory,
      setIfAbsent: (key, value, ttl) => {
        calls.push(`setIfAbsent ${ttl}`)
        return memory.setIfAbsent(key, value, ttl)
      },
      set: (key, value, ttl) => {
        calls.push(`set ${ttl} ${(value as { state: string }).state}`)
        expect(key).toMatch(/^idempotency:[0-9a-f]{64}$/)
        return memory.set(key, value, ttl)
      },
      remove: (key) => {
        calls.push('remove')
        return memory.remove(key)
      },
    }
    let fail = true
    const server = await h3V1.serve({
      '/': h3V1.defineAction({
        middleware: [idempotent({ store, ttl: 3_600_000, lockTtl: 30_000 })],
        handler: () => {
          if (fail) throw new Error('down')
          return { ok: true }
        },
      }),
    })
    try {
      await post(`${server.url}/`, '"k"')
      fail = false
      await post(`${server.url}/`, '"k"')
      expect(calls).toEqual(['setIfAbsent 30000', 'remove', 'setIfAbsent 30000', 'set 3600000 done'])
    }
    finally {
      await server.close()
    }
  })
})

describe('idempotent on a host without node:crypto (Workers, where digests are Web Crypto promises)', () => {
  it('claims, replays, and refuses another request under the same key, as on Node', async () => {
    vi.resetModules()
    const getBuiltinModule = process.getBuiltinModule
    Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true, writable: true })
    try {
      const { h3V1 } = await import('../helpers/hosts')
      const fresh = await import('../../src/runtime/server')
      const memory = await import('../../src/runtime/server/shared-store/shared-store-memory')
      let runs = 0
      const server = await h3V1.serve({
        '/': h3V1.defineAction({
          input: z.object({ qty: z.number() }),
          middleware: [fresh.idempotent({ store: memory.createMemoryStore() })],
          handler: ({ input }) => ({ qty: input.qty, run: ++runs }),
        }),
      })
      try {
        const first = await post(`${server.url}/`, '"web-1"', { qty: 1 })
        const retry = await post(`${server.url}/`, '"web-1"', { qty: 1 })
        const other = await post(`${server.url}/`, '"web-1"', { qty: 2 })
        expect([first.status, retry.status, other.status]).toEqual([200, 200, 422])
        expect(retry.body).toEqual(first.body)
        expect(retry.headers.get('idempotent-replayed')).toBe('true')
        expect(runs).toBe(1)
      }
      finally {
        await server.close()
      }
    }
    finally {
      Object.defineProperty(process, 'getBuiltinModule', { value: getBuiltinModule, configurable: true, writable: true })
      vi.resetModules()
    }
  })
})

describe('idempotent options', () => {
  it.each([
    [{ ttl: 0 }, /`ttl`/],
    [{ ttl: 1.5 }, /`ttl`/],
    [{ lockTtl: 10 }, /`lockTtl`/],
    [{ maxAnswerSize: 0 }, /`maxAnswerSize`/],
    [{ trustProxy: -1 }, /`trustProxy`/],
    [{ scope: 'user' }, /`scope`/],
  ])('refuses %j when the middleware is made, not at a request', (options, message) => {
    expect(() => idempotent(options as never)).toThrow(message)
  })
})
