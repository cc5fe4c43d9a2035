// One test per row of the contract's tables (the lifecycle and the errors table, as the README gives them),
// named after the row, so the contract can be traced test by test.
// The behaviours are tested in depth elsewhere (lifecycle, errors, middleware, conformance, e2e).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as v from 'valibot'
import { type } from 'arktype'
import { createActionError } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import { call, postJson } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('the contract, row by row, on $name', (host) => {
  const order: string[] = []
  const handlerRuns: string[] = []
  let server: TestServer

  beforeAll(async () => {
    server = await host.serve({
      '/ok': host.defineAction({ handler: () => ({ id: 1 }) }),
      '/primitive': host.defineAction({ handler: () => 'text' }),
      '/array': host.defineAction({ handler: () => [1, 2] }),
      '/null': host.defineAction({ handler: () => null }),
      '/typed': host.defineAction({
        input: z.object({ title: z.string().min(1), items: z.array(z.object({ name: z.string().min(1) })).default([]) }),
        handler: ({ input }) => {
          handlerRuns.push('typed')
          return input
        },
      }),
      '/raw': host.defineAction({ handler: ({ input }) => ({ input }) }),
      '/output': host.defineAction({ outputSchema: z.object({ id: z.number() }), handler: () => ({ id: 1, secret: 'x' }) }),
      // @ts-expect-error the output schema rejects what the handler returns (which also does not compile)
      '/bad-output': host.defineAction({ outputSchema: z.object({ id: z.number() }), handler: () => ({ id: 'x' }) }),
      '/middleware': host.defineAction({
        middleware: [
          host.defineActionMiddleware(async ({ next }) => {
            order.push('first')
            return next({ ctx: { user: { id: 1 }, tags: ['a'] } })
          }),
          host.defineActionMiddleware(async ({ next }) => {
            order.push('second')
            return next({ ctx: { user: { role: 'admin' }, tags: ['b'] } })
          }),
        ],
        handler: ({ ctx }) => {
          order.push('handler')
          return ctx
        },
      }),
      '/no-middleware-ctx': host.defineAction({ handler: ({ ctx }) => ({ ctx }) }),
      '/halt': host.defineAction({
        middleware: [host.defineActionMiddleware(async () => {
          throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in', statusCode: 401 })
        })],
        handler: () => {
          handlerRuns.push('halt')
        },
      }),
      '/metadata': host.defineAction({
        metadata: { role: 'admin' },
        middleware: [host.defineActionMiddleware(async ({ metadata, next }) => next({ ctx: { seen: metadata.role } }))],
        handler: ({ ctx }) => ctx,
      }),
      '/mapped': host.defineAction({ handleServerError: () => ({ code: 'MAPPED', message: 'Mapped', statusCode: 503 }), handler: () => { throw new Error('x') } }),
      '/event': host.defineAction({
        handler: ({ event }) => {
          host.setHeader(event, 'x-seen', 'yes')
          return { header: host.requestHeader(event, 'x-in') ?? null, cookie: host.cookie(event, 'c') ?? null }
        },
      }),
      '/h3-error': host.defineAction({ handler: () => { throw host.httpError({ status: 403, message: 'No' }) } }),
      '/string': host.defineAction({ handler: () => { throw 'boom' } }),
      '/valibot': host.defineAction({ input: v.object({ n: v.number() }), handler: ({ input }) => input }),
      '/arktype': host.defineAction({ input: type({ n: 'number' }), handler: ({ input }) => input }),
    })
  })
  afterAll(() => server.close())

  describe('contract: ActionResult envelope', () => {
    it('success: `success` is true', async () => expect((await call(`${server.url}/ok`)).body.success).toBe(true))
    it('success: `data` is the handler return value', async () => expect((await call(`${server.url}/ok`)).body.data).toEqual({ id: 1 }))
    it('failure: `success` is false', async () => expect((await call(`${server.url}/string`)).body.success).toBe(false))
    it('failure: `error` is an ActionError object', async () => expect(Object.keys((await call(`${server.url}/string`)).body.error).sort()).toEqual(['code', 'message', 'statusCode']))
  })

  describe('contract: Error object', () => {
    it('code: a machine-readable string', async () => expect((await call(`${server.url}/halt`)).body.error.code).toBe('UNAUTHORIZED'))
    it('message: human-readable text', async () => expect((await call(`${server.url}/halt`)).body.error.message).toBe('Sign in'))
    it('statusCode: an HTTP-style status', async () => expect((await call(`${server.url}/halt`)).body.error.statusCode).toBe(401))
    it('fieldErrors: field path (dot notation) to messages, for validation failures', async () => {
      const { body } = await postJson(`${server.url}/typed`, { title: '', items: [{ name: '' }] })
      expect(Object.keys(body.error.fieldErrors).sort()).toEqual(['items.0.name', 'title'])
    })
  })

  describe('contract: defineAction options', () => {
    it('input: validates request input', async () => expect((await postJson(`${server.url}/typed`, {})).status).toBe(422))
    it('outputSchema: validates the handler return value', async () => expect((await call(`${server.url}/output`)).body.data).toEqual({ id: 1 }))
    it('middleware: run sequentially before the handler', async () => {
      order.length = 0
      await call(`${server.url}/middleware`)
      expect(order).toEqual(['first', 'second', 'handler'])
    })
    it('metadata: readable by middleware, unused by the runtime', async () => expect((await call(`${server.url}/metadata`)).body.data).toEqual({ seen: 'admin' }))
    it('handleServerError: maps non-ActionError Error instances to the response error', async () => expect((await call(`${server.url}/mapped`)).body.error).toEqual({ code: 'MAPPED', message: 'Mapped', statusCode: 503 }))
    it('handler: the core function, required', () => expect(() => host.defineAction({} as never)).toThrow(TypeError))
  })

  describe('contract: handler parameters', () => {
    it('input: the schema output after defaults and transforms', async () => expect((await postJson(`${server.url}/typed`, { title: 't' })).body.data).toEqual({ title: 't', items: [] }))
    it('input: unvalidated (unknown) without an input schema', async () => expect((await postJson(`${server.url}/raw`, { any: [1] })).body.data).toEqual({ input: { any: [1] } }))
    it('event: headers, cookies, and setting response headers', async () => {
      const { body, headers } = await call(`${server.url}/event`, { headers: { 'x-in': 'h', 'cookie': 'c=v' } })
      expect(body.data).toEqual({ header: 'h', cookie: 'v' })
      expect(headers.get('x-seen')).toBe('yes')
    })
    it('ctx: built by middleware', async () => expect((await call(`${server.url}/middleware`)).body.data.user).toEqual({ id: 1, role: 'admin' }))
    it('ctx: an empty object when there is no middleware', async () => expect((await call(`${server.url}/no-middleware-ctx`)).body.data).toEqual({ ctx: {} }))
  })

  describe('contract: middleware context merge', () => {
    it('deep-merged: nested objects merge recursively, arrays are replaced', async () => {
      expect((await call(`${server.url}/middleware`)).body.data).toEqual({ user: { id: 1, role: 'admin' }, tags: ['b'] })
    })
    it('halts execution by throwing', async () => {
      handlerRuns.length = 0
      expect((await call(`${server.url}/halt`)).status).toBe(401)
      expect(handlerRuns).toEqual([])
    })
  })

  describe('contract: request lifecycle', () => {
    it('1 parse input: malformed JSON on application/json responds PARSE_ERROR (400)', async () => {
      const { status, body } = await call(`${server.url}/raw`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
      expect([status, body.error.code]).toEqual([400, 'PARSE_ERROR'])
    })
    it('2 validate input: rejected input responds VALIDATION_ERROR (422) with fieldErrors; handler not run', async () => {
      handlerRuns.length = 0
      const { status, body } = await postJson(`${server.url}/typed`, { title: '' })
      expect([status, body.error.code, Object.keys(body.error.fieldErrors)]).toEqual([422, 'VALIDATION_ERROR', ['title']])
      expect(handlerRuns).toEqual([])
    })
    it('3 run middleware: a thrown error halts the chain and is handled per Errors', async () => expect((await call(`${server.url}/halt`)).body.error.code).toBe('UNAUTHORIZED'))
    it('4 execute handler: called with { input, event, ctx }', async () => expect((await call(`${server.url}/event`, { headers: { 'x-in': '1' } })).body.data.header).toBe('1'))
    it('5 validate output: rejection responds OUTPUT_VALIDATION_ERROR (500) with fieldErrors', async () => {
      const { status, body } = await call(`${server.url}/bad-output`)
      expect([status, body.error.code, Object.keys(body.error.fieldErrors)]).toEqual([500, 'OUTPUT_VALIDATION_ERROR', ['id']])
    })
    it('6 return result: { success: true, data }', async () => expect((await call(`${server.url}/ok`)).body).toEqual({ success: true, data: { id: 1 } }))
  })

  describe('contract: endpoints, input source per method', () => {
    for (const method of ['GET', 'HEAD']) {
      it(`${method}: query parameters`, async () => {
        const { status, body } = await call(`${server.url}/raw?a=1`, { method })
        expect(status).toBe(200)
        if (method === 'GET') expect(body.data).toEqual({ input: { a: '1' } })
      })
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      it(`${method}: JSON request body`, async () => expect((await postJson(`${server.url}/raw?a=1`, { b: 2 }, method)).body.data).toEqual({ input: { b: 2 } }))
    }
    it('rule 1: query parameter values are always strings', async () => expect((await call(`${server.url}/raw?n=1&b=true`)).body.data).toEqual({ input: { n: '1', b: 'true' } }))
    it('rule 2: with no schema the input is passed through unvalidated', async () => expect((await postJson(`${server.url}/raw`, [1, 'x'])).body.data).toEqual({ input: [1, 'x'] }))
    it('rule 3: handlers may return any serializable value (object, array, primitive, null)', async () => {
      for (const [path, data] of [['/ok', { id: 1 }], ['/array', [1, 2]], ['/primitive', 'text'], ['/null', null]] as const) {
        expect((await call(`${server.url}${path}`)).body).toEqual({ success: true, data })
      }
    })
    it('rule 4: the handler sets response headers and reads request headers and cookies through event', async () => {
      expect((await call(`${server.url}/event`, { headers: { cookie: 'c=1' } })).body.data.cookie).toBe('1')
    })
  })

  describe('contract: Errors table', () => {
    it('VALIDATION_ERROR 422 "Input validation failed" with fieldErrors', async () => expect((await postJson(`${server.url}/typed`, {})).body.error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 422, message: 'Input validation failed' }))
    it('OUTPUT_VALIDATION_ERROR 500 "Output validation failed" with fieldErrors', async () => expect((await call(`${server.url}/bad-output`)).body.error).toMatchObject({ code: 'OUTPUT_VALIDATION_ERROR', statusCode: 500, message: 'Output validation failed' }))
    it('PARSE_ERROR 400 "Invalid JSON in request body", no fieldErrors', async () => expect((await call(`${server.url}/raw`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[' })).body.error).toEqual({ code: 'PARSE_ERROR', statusCode: 400, message: 'Invalid JSON in request body' }))
    it('INTERNAL_ERROR 500 "An unexpected error occurred" for a thrown non-Error value', async () => expect((await call(`${server.url}/string`)).body.error).toEqual({ code: 'INTERNAL_ERROR', statusCode: 500, message: 'An unexpected error occurred' }))
    it('SERVER_ERROR with the status and message of a thrown framework error', async () => expect((await call(`${server.url}/h3-error`)).body.error).toEqual({ code: 'SERVER_ERROR', statusCode: 403, message: 'No' }))
    it('createActionError: code, statusCode and message preserved as is', async () => expect((await call(`${server.url}/halt`)).body.error).toEqual({ code: 'UNAUTHORIZED', statusCode: 401, message: 'Sign in' }))
    it('handleServerError: returned code, message and statusCode', async () => expect((await call(`${server.url}/mapped`)).status).toBe(503))
  })

  describe('contract: versioning', () => {
    it('any library implementing Standard Schema works (zod, valibot, arktype side by side)', async () => {
      expect((await postJson(`${server.url}/valibot`, { n: 1 })).body.data).toEqual({ n: 1 })
      expect((await postJson(`${server.url}/arktype`, { n: 1 })).body.data).toEqual({ n: 1 })
      expect((await postJson(`${server.url}/arktype`, { n: 'x' })).status).toBe(422)
    })
  })
})
