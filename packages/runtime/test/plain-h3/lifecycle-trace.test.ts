// The lifecycle's timings on both h3 majors, over real HTTP: a request the dev recorder marks (here a plain
// handler marks it as the recorder plugin would) is timed step by step and answers with Server-Timing; an
// unmarked one, as in production, carries no header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { LifecycleTiming } from '@action-route/devtools/types'
import { createActionError } from '../../src/runtime/server'
import { traceRequest } from '../../src/runtime/devtools/internal/request-trace'
import type { RequestTrace } from '../../src/runtime/devtools/internal/request-trace'
import { serverTimingHeader } from '../../src/runtime/devtools/internal/server-timing'
import type { TestServer } from '../helpers/serve'
import { call, postJson } from '../helpers/serve'
import type { AnyHandler } from '../helpers/hosts'
import { hosts } from '../helpers/hosts'

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

function steps(timings: readonly LifecycleTiming[]): string[] {
  return timings.map(timing => timing.name ? `${timing.step}:${timing.name}` : timing.step)
}

describe.each(hosts)('lifecycle timings on $name', (host) => {
  let server: TestServer
  /** The trace of the last marked request. */
  let last: RequestTrace | undefined

  /** The action, with each request marked for tracing, as the dev recorder plugin marks it. */
  const traced = (action: AnyHandler): AnyHandler => host.plainHandler((event) => {
    last = traceRequest(event.context)
    return action(event)
  })

  const auth = host.defineActionMiddleware('auth', async ({ next }) => {
    await sleep(5)
    return next({ ctx: { user: { id: 1, password: 'hunter2' }, role: 'admin' } })
  })
  const logRequests = host.defineActionMiddleware('log requests', ({ next }) => next())
  const todo = {
    input: z.object({ title: z.string() }),
    outputSchema: z.object({ id: z.number(), title: z.string() }),
    // the third has no name
    middleware: [auth, logRequests, host.defineActionMiddleware(({ next }) => next({ ctx: { tenant: 't' } }))],
  }

  beforeAll(async () => {
    server = await host.serve({
      '/todos': traced(host.defineAction({
        ...todo,
        handler: async ({ input }) => {
          await sleep(10)
          return { id: 1, title: input.title, secret: 'dropped by the output schema' }
        },
      }) as AnyHandler),
      '/untraced': host.defineAction({ ...todo, handler: ({ input }) => ({ id: 1, title: input.title }) }) as AnyHandler,
      '/plain': traced(host.defineAction({ handler: () => 'pong' }) as AnyHandler),
      '/forbidden': traced(host.defineAction({
        middleware: [auth],
        handler: () => {
          throw createActionError({ code: 'FORBIDDEN', message: 'No', statusCode: 403 })
        },
      }) as AnyHandler),
      '/denied': traced(host.defineAction({
        middleware: [async function deny() {
          throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in', statusCode: 401 })
        }],
        handler: () => 'never',
      }) as AnyHandler),
      // @ts-expect-error the output schema rejects what the handler returns (which also does not compile)
      '/bad-output': traced(host.defineAction({ outputSchema: z.object({ id: z.number() }), handler: () => ({ id: 'x' }) }) as AnyHandler),
    })
  })
  afterAll(() => server.close())

  it('times each step in order: parse, validate, each middleware by name, handler, output, respond', async () => {
    const response = await postJson(`${server.url}/todos`, { title: 'milk' })
    expect(response.status).toBe(200)
    const timings = last!.timings
    expect(steps(timings)).toEqual([
      'parse', 'validate', 'middleware:auth', 'middleware:log requests', 'middleware:middleware #3', 'handler', 'output', 'respond',
    ])
    for (const timing of timings) {
      expect(timing.duration).toBeGreaterThanOrEqual(0)
      expect(Math.round(timing.start * 100) / 100).toBe(timing.start)
      expect(Math.round(timing.duration * 100) / 100).toBe(timing.duration)
    }
    // each step starts where the one before it started or later
    for (let index = 1; index < timings.length; index++) expect(timings[index]!.start).toBeGreaterThanOrEqual(timings[index - 1]!.start)
    const [, , authTiming, , , handler, output, respond] = timings
    // a middleware wraps the rest of the chain: auth's span holds the handler's
    expect(authTiming!.duration).toBeGreaterThanOrEqual(14)
    expect(handler!.duration).toBeGreaterThanOrEqual(9)
    expect(authTiming!.start + authTiming!.duration).toBeGreaterThanOrEqual(handler!.start + handler!.duration - 0.02)
    expect(output!.start).toBeGreaterThanOrEqual(handler!.start + handler!.duration - 0.02)
    expect(respond!.start).toBeGreaterThanOrEqual(output!.start)
  })

  it('names the ctx keys each middleware added, never their values', async () => {
    await postJson(`${server.url}/todos`, { title: 'milk' })
    const middleware = last!.timings.filter(timing => timing.step === 'middleware')
    expect(middleware.map(timing => timing.ctxKeys)).toEqual([['user', 'role'], [], ['tenant']])
    expect(JSON.stringify(last!.timings)).not.toContain('hunter2')
  })

  it('answers a traced request with Server-Timing, on success and on failure', async () => {
    const ok = await postJson(`${server.url}/todos`, { title: 'milk' })
    expect(ok.headers.get('server-timing')).toBe(serverTimingHeader(last!.timings))
    expect(ok.headers.get('server-timing')).toMatch(
      /^parse;dur=[\d.]+, validate;dur=[\d.]+, mw-auth;desc="middleware auth";dur=[\d.]+, mw-log-requests;desc="middleware log requests";dur=[\d.]+, mw-3;desc="middleware #3";dur=[\d.]+, handler;dur=[\d.]+, output;dur=[\d.]+, respond;dur=[\d.]+$/,
    )
    expect(ok.headers.get('content-type')).toBe('application/json')
    const invalid = await postJson(`${server.url}/todos`, { title: 1 })
    expect(invalid.status).toBe(422)
    expect(invalid.headers.get('server-timing')).toMatch(/^parse;dur=[\d.]+, validate;dur=[\d.]+, respond;dur=[\d.]+$/)
  })

  it('times no middleware nor handler for a request refused by validation (422)', async () => {
    const response = await postJson(`${server.url}/todos`, { title: 1 })
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect(steps(last!.timings)).toEqual(['parse', 'validate', 'respond'])
  })

  it('times the step a failure interrupted, and what ran before it', async () => {
    const malformed = await call(`${server.url}/todos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
    expect(malformed.status).toBe(400)
    expect(steps(last!.timings)).toEqual(['parse', 'respond'])
    expect(malformed.headers.get('server-timing')).toMatch(/^parse;dur=[\d.]+, respond;dur=[\d.]+$/)

    const forbidden = await call(`${server.url}/forbidden`)
    expect(forbidden.status).toBe(403)
    expect(steps(last!.timings)).toEqual(['parse', 'validate', 'middleware:auth', 'handler', 'respond'])

    const denied = await call(`${server.url}/denied`)
    expect(denied.status).toBe(401)
    expect(steps(last!.timings)).toEqual(['parse', 'validate', 'middleware:deny', 'respond'])
    expect(last!.timings[2]!.ctxKeys).toBeUndefined()

    const badOutput = await call(`${server.url}/bad-output`)
    expect(badOutput.status).toBe(500)
    expect(steps(last!.timings)).toEqual(['parse', 'validate', 'handler', 'output', 'respond'])
  })

  it('times an action without middleware: the handler alone', async () => {
    const response = await call(`${server.url}/plain`)
    expect(response.body).toEqual({ success: true, data: 'pong' })
    expect(steps(last!.timings)).toEqual(['parse', 'validate', 'handler', 'respond'])
  })

  it('answers an unmarked request (production) without Server-Timing', async () => {
    last = undefined
    const response = await postJson(`${server.url}/untraced`, { title: 'milk' })
    expect(response.status).toBe(200)
    expect(response.headers.get('server-timing')).toBeNull()
    expect(last).toBeUndefined()
  })
})

describe('the Server-Timing header', () => {
  it('writes each middleware name as a token, its name quoted in printable ASCII', () => {
    expect(serverTimingHeader([
      { step: 'parse', start: 0, duration: 0.12 },
      { step: 'middleware', name: 'check "role", then go', start: 0.2, duration: 3 },
      { step: 'middleware', name: 'přihlásit', start: 0.3, duration: 2.5 },
      { step: 'middleware', name: 'middleware #3', start: 0.4, duration: 2 },
      { step: 'handler', start: 0.5, duration: 1.25 },
    ])).toBe(
      'parse;dur=0.12, mw-check-role-then-go;desc="middleware check \\"role\\", then go";dur=3, '
      + 'mw-p-ihl-sit;desc="middleware p?ihl?sit";dur=2.5, mw-3;desc="middleware #3";dur=2, handler;dur=1.25',
    )
  })
})
