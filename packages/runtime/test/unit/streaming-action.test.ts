// Streaming actions on both h3 majors over real HTTP: an `async function*` handler answers text/event-stream,
// one `data:` message per yielded value and an `end` event with the envelope; what fails before the first
// event answers the JSON envelope with its honest status.
import { request } from 'node:http'
import type { IncomingMessage } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createActionError, idempotent } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { ActionErrorReport } from '../../src/runtime/server/errors/report-error'
import { setErrorReporter } from '../../src/runtime/server/errors/report-error'
import type { TestServer } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

/** Reads an answer whole: the JSON envelope when it is one, else the stream's text. */
async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init)
  const text = await response.text()
  const json = response.headers.get('content-type')?.startsWith('application/json')
  return { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : undefined, text }
}

function postJson(url: string, body: unknown) {
  return call(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** Waits until `check` holds, polling (a server-side flag set when a connection closes). */
async function eventually(check: () => boolean, timeout = 2000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeout) throw new Error('timed out waiting')
    await sleep(10)
  }
}

describe.each(hosts)('streaming actions on $name', (host) => {
  let server: TestServer
  let reports: ActionErrorReport[] = []
  /** Flags the endless streams set: whether their signal aborted and their `finally` ran, how many events they made. */
  const endless = { aborted: false, finallyRan: false, made: 0 }
  const slow = { made: 0, finallyRan: false }
  const refused = { finallyRan: false }
  const afterNext: string[] = []
  let keyedRuns = 0
  const slowPlain = { aborted: false }
  let releaseKeyed: () => void = () => {}

  const auth = host.defineActionMiddleware('auth', ({ event, next }) => {
    if (host.requestHeader(event, 'authorization') !== 'yes') throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
    return next({ ctx: { user: 'ada' } })
  })

  beforeAll(async () => {
    server = await host.serve({
      '/tokens': host.defineAction({
        input: z.object({ prompt: z.string().min(1) }),
        async* handler({ input }) {
          yield 'Hello'
          yield { prompt: input.prompt }
          yield undefined
          return { words: 2 }
        },
      }),
      '/created': host.defineAction({
        async* handler({ event }) {
          host.setStatus(event, 201)
          yield 1
        },
      }),
      '/empty': host.defineAction({
        async* handler() {},
      }),
      '/missing': host.defineAction({
        errors: { NOT_FOUND: { statusCode: 404, message: 'No such chat' } },
        async* handler({ errors }) {
          throw errors.NOT_FOUND()
          yield 1
        },
      }),
      '/guarded': host.defineAction({
        middleware: [auth],
        async* handler({ ctx }) {
          yield ctx.user
        },
      }),
      '/watched': host.defineAction({
        middleware: [host.defineActionMiddleware('watch', async ({ next }) => {
          afterNext.length = 0
          const result = await next()
          afterNext.push('middleware after next')
          return result
        })],
        async* handler() {
          yield 'first'
          afterNext.push('second event pulled')
          yield 'second'
        },
      }),
      '/refused-after-start': host.defineAction({
        middleware: [host.defineActionMiddleware('late-refusal', async ({ next }) => {
          await next()
          throw createActionError({ code: 'FORBIDDEN', message: 'Not for you', statusCode: 403 })
        })],
        async* handler() {
          try {
            yield 'secret'
          }
          finally {
            refused.finallyRan = true
          }
        },
      }),
      '/fails-mid-stream': host.defineAction({
        async* handler() {
          yield 'one'
          throw new Error('connection string postgres://admin:hunter2@db')
        },
      }),
      '/declared-mid-stream': host.defineAction({
        errors: { QUOTA: { statusCode: 429, message: 'Out of tokens' } },
        async* handler({ errors }) {
          yield 'one'
          throw errors.QUOTA()
        },
      }),
      '/checked-events': host.defineAction({
        eventSchema: z.object({ n: z.number() }),
        async* handler({ input }) {
          yield { n: 1, secret: 'dropped' }
          if ((input as { bad?: string }).bad) yield { n: 'two' } as unknown as { n: number }
          return 'done'
        },
      }),
      '/checked-return': host.defineAction({
        outputSchema: z.object({ total: z.number() }),
        async* handler({ input }) {
          yield 1
          return (input as { bad?: string }).bad ? { total: 'x' } as unknown as { total: number } : { total: 1, secret: 'dropped' }
        },
      }),
      '/endless': host.defineAction({
        async* handler({ signal }) {
          endless.aborted = false
          endless.finallyRan = false
          signal.addEventListener('abort', () => {
            endless.aborted = true
          })
          try {
            for (;;) {
              endless.made++
              yield endless.made
              await sleep(5)
            }
          }
          finally {
            endless.finallyRan = true
          }
        },
      }),
      '/flood': host.defineAction({
        heartbeat: false,
        async* handler() {
          const chunk = 'x'.repeat(16_384)
          try {
            for (;;) {
              slow.made++
              yield chunk
            }
          }
          finally {
            slow.finallyRan = true
          }
        },
      }),
      '/quiet': host.defineAction({
        heartbeat: 40,
        async* handler() {
          yield 'start'
          await sleep(150)
          return 'end'
        },
      }),
      '/made-by-a-function': host.defineAction({
        handler: ({ input }) => (async function* () {
          yield input
        })(),
      }),
      '/built': host.createActionClient({ middleware: [auth] })
        .eventSchema(z.object({ token: z.string() }))
        .handler(async function* ({ ctx }) {
          yield { token: ctx.user, extra: 1 }
          return 'built'
        }),
      '/keyed': host.defineAction({
        middleware: [idempotent({ store: createMemoryStore() })],
        async* handler() {
          keyedRuns++
          yield keyedRuns
          await new Promise<void>((resolve) => {
            releaseKeyed = resolve
          })
        },
      }),
      '/slow-plain': host.defineAction({
        handler: async ({ signal }) => {
          slowPlain.aborted = false
          await new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => resolve())
            setTimeout(resolve, 2000)
          })
          slowPlain.aborted = signal.aborted
          return 'late'
        },
      }),
      '/plain': host.defineAction({
        middleware: [host.defineActionMiddleware('reads signal', ({ signal, next }) => next({ ctx: { same: signal } }))],
        handler: ({ signal, ctx }) => ({ isSignal: signal instanceof AbortSignal, aborted: signal.aborted, same: ctx.same === signal }),
      }),
    })
    setErrorReporter({ expected: false, report: report => void reports.push(report) })
  })
  afterAll(async () => {
    setErrorReporter(undefined)
    await server.close()
  })
  afterEach(() => {
    reports = []
  })

  it('sends each yielded value as one data message, in order, then the end envelope', async () => {
    const { status, headers, text } = await postJson(`${server.url}/tokens`, { prompt: 'Hi' })
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(headers.get('x-accel-buffering')).toBe('no')
    expect(headers.get('content-length')).toBeNull()
    expect(headers.get('content-encoding')).toBeNull()
    expect(text).toBe(
      'data: "Hello"\n\n'
      + 'data: {"prompt":"Hi"}\n\n'
      + 'data: null\n\n'
      + 'event: end\ndata: {"success":true,"data":{"words":2}}\n\n',
    )
  })

  it('keeps a 2xx status the handler set, and a generator that yields nothing sends only the end', async () => {
    const created = await call(`${server.url}/created`)
    expect(created.status).toBe(201)
    expect(created.text).toBe('data: 1\n\nevent: end\ndata: {"success":true,"data":null}\n\n')
    const empty = await call(`${server.url}/empty`)
    expect(empty.status).toBe(200)
    expect(empty.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(empty.text).toBe('event: end\ndata: {"success":true,"data":null}\n\n')
  })

  it('answers the JSON envelope with its honest status for what fails before the first event', async () => {
    const invalid = await postJson(`${server.url}/tokens`, { prompt: '' })
    expect(invalid.status).toBe(422)
    expect(invalid.headers.get('content-type')).toMatch(/^application\/json/)
    expect(invalid.body.error.code).toBe('VALIDATION_ERROR')

    const missing = await call(`${server.url}/missing`)
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'No such chat', statusCode: 404 } })

    const refused = await call(`${server.url}/guarded`)
    expect(refused.status).toBe(401)
    expect(refused.body.error.code).toBe('UNAUTHORIZED')
    const allowed = await call(`${server.url}/guarded`, { headers: { authorization: 'yes' } })
    expect(allowed.text).toBe('data: "ada"\n\nevent: end\ndata: {"success":true,"data":null}\n\n')
  })

  it('runs middleware code after next() once the first event is ready, before the rest is pulled', async () => {
    const { text } = await call(`${server.url}/watched`)
    expect(text).toContain('data: "second"')
    expect(afterNext).toEqual(['middleware after next', 'second event pulled'])
  })

  it('a middleware that fails after the first event answers its failure, and the generator\'s finally runs', async () => {
    refused.finallyRan = false
    const { status, body } = await call(`${server.url}/refused-after-start`)
    expect(status).toBe(403)
    expect(body.error.code).toBe('FORBIDDEN')
    await eventually(() => refused.finallyRan)
  })

  it('ends with a masked failure envelope for an error after the first event, and reports it', async () => {
    const { status, text } = await call(`${server.url}/fails-mid-stream`)
    expect(status).toBe(200)
    expect(text).toBe('data: "one"\n\nevent: end\ndata: {"success":false,"error":{"code":"INTERNAL_ERROR","message":"An unexpected error occurred","statusCode":500}}\n\n')
    expect(text).not.toContain('hunter2')
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ unexpected: true, envelope: { code: 'INTERNAL_ERROR' }, action: { route: '/fails-mid-stream' } })
    expect((reports[0]!.error as Error).message).toContain('hunter2')
  })

  it('keeps a declared error thrown after the first event', async () => {
    const { text } = await call(`${server.url}/declared-mid-stream`)
    expect(text).toBe('data: "one"\n\nevent: end\ndata: {"success":false,"error":{"code":"QUOTA","message":"Out of tokens","statusCode":429}}\n\n')
  })

  it('sends each event as its eventSchema outputs it, and ends a rejected one as an output validation failure', async () => {
    const good = await postJson(`${server.url}/checked-events`, {})
    expect(good.text).toBe('data: {"n":1}\n\nevent: end\ndata: {"success":true,"data":"done"}\n\n')
    const bad = await postJson(`${server.url}/checked-events`, { bad: 'yes' })
    const end = JSON.parse(bad.text.split('event: end\ndata: ')[1]!)
    expect(bad.text.startsWith('data: {"n":1}\n\n')).toBe(true)
    expect(end).toMatchObject({ success: false, error: { code: 'OUTPUT_VALIDATION_ERROR', statusCode: 500 } })
    expect(reports.map(report => report.envelope.code)).toEqual(['OUTPUT_VALIDATION_ERROR'])
  })

  it('validates the return value with outputSchema', async () => {
    const good = await postJson(`${server.url}/checked-return`, {})
    expect(good.text).toBe('data: 1\n\nevent: end\ndata: {"success":true,"data":{"total":1}}\n\n')
    const bad = await postJson(`${server.url}/checked-return`, { bad: 'yes' })
    expect(bad.text).toContain('event: end\ndata: {"success":false,"error":{"code":"OUTPUT_VALIDATION_ERROR"')
  })

  it('aborts the signal and runs the generator\'s finally when the client goes away half-way', async () => {
    endless.made = 0
    const url = new URL('/endless', server.url)
    await new Promise<void>((resolve, reject) => {
      const req = request(url, (res) => {
        let seen = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          seen += chunk
          if (seen.includes('data: 3\n\n')) {
            req.destroy()
            resolve()
          }
        })
      })
      req.on('error', (error) => {
        if (!req.destroyed) reject(error)
      })
      req.end()
    })
    await eventually(() => endless.finallyRan)
    expect(endless.aborted).toBe(true)
    const made = endless.made
    await sleep(50)
    expect(endless.made).toBe(made)
  })

  it('pulls no event ahead of a client that does not read', async () => {
    slow.made = 0
    slow.finallyRan = false
    const url = new URL('/flood', server.url)
    let response!: IncomingMessage
    const req = request(url)
    await new Promise<void>((resolve) => {
      req.on('response', (res) => {
        response = res
        res.pause()
        resolve()
      })
      req.end()
    })
    await sleep(300)
    const settled = slow.made
    await sleep(300)
    // the socket's buffers hold a bounded number of 16 KB events; nothing more is made while nobody reads
    expect(slow.made).toBe(settled)
    expect(settled).toBeLessThan(2_000)
    response.destroy()
    req.destroy()
    await eventually(() => slow.finallyRan)
  })

  it('sends a heartbeat comment while the generator is quiet', async () => {
    const { text } = await call(`${server.url}/quiet`)
    expect(text.startsWith('data: "start"\n\n: \n\n')).toBe(true)
    expect(text.endsWith(': \n\nevent: end\ndata: {"success":true,"data":"end"}\n\n')).toBe(true)
  })

  it('streams a handler that returns an async generator without being one', async () => {
    const { text } = await postJson(`${server.url}/made-by-a-function`, { a: 1 })
    expect(text).toBe('data: {"a":1}\n\nevent: end\ndata: {"success":true,"data":null}\n\n')
  })

  it('streams from a builder, with its eventSchema and middleware', async () => {
    const { text } = await call(`${server.url}/built`, { headers: { authorization: 'yes' } })
    expect(text).toBe('data: {"token":"ada"}\n\nevent: end\ndata: {"success":true,"data":"built"}\n\n')
  })

  it('never stores a stream for idempotent(): a retry while it runs is refused, one after it runs again', async () => {
    keyedRuns = 0
    const headers = { 'idempotency-key': `stream-${host.name}` }
    const first = await fetch(`${server.url}/keyed`, { method: 'POST', headers })
    const reader = first.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: 1\n\n')
    const during = await call(`${server.url}/keyed`, { method: 'POST', headers })
    expect(during.status).toBe(409)
    expect(during.body.error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS')
    releaseKeyed()
    while (!(await reader.read()).done);
    await eventually(() => keyedRuns === 1)
    const after = fetch(`${server.url}/keyed`, { method: 'POST', headers })
    await eventually(() => keyedRuns === 2)
    releaseKeyed()
    const again = await after
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect(await again.text()).toBe('data: 2\n\nevent: end\ndata: {"success":true,"data":null}\n\n')
  })

  it('gives every handler and middleware the request\'s signal, streaming or not', async () => {
    const { body } = await call(`${server.url}/plain`)
    expect(body.data).toEqual({ isSignal: true, aborted: false, same: true })
  })

  it('aborts a plain handler\'s signal when the client goes away before the answer', async () => {
    const req = request(new URL('/slow-plain', server.url))
    req.on('error', () => {})
    req.end()
    await sleep(100)
    req.destroy()
    await eventually(() => slowPlain.aborted)
  })

  it('refuses a heartbeat that is not a positive number of ms or false, and an eventSchema that is no schema', () => {
    for (const heartbeat of [0, -1, Number.NaN, '5s', true]) {
      expect(() => host.defineAction({ heartbeat: heartbeat as number, async* handler() {} })).toThrow(TypeError)
    }
    expect(() => host.defineAction({ eventSchema: {} as never, async* handler() {} })).toThrow(TypeError)
  })

  it('marks a streaming action in its definition, for tooling', () => {
    const generator = host.defineAction({ async* handler() {} })
    const schema = z.object({ n: z.number() })
    const withSchema = host.defineAction({ eventSchema: schema, handler: () => (async function* () {})() })
    const plain = host.defineAction({ handler: () => 1 })
    expect(generator['~action'].stream).toBe(true)
    expect(withSchema['~action']).toMatchObject({ stream: true, eventSchema: schema })
    expect(plain['~action'].stream).toBe(false)
  })
})
