import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createActionError } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import { call, postJson } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('lifecycle on $name', (host) => {
  const order: string[] = []
  let server: TestServer

  /** A Standard Schema whose validate is asynchronous: a positive number `n`, doubled. */
  const asyncDoubled: StandardSchemaV1<unknown, { n: number }> = {
    '~standard': {
      version: 1,
      vendor: 'test',
      validate: async (value) => {
        await new Promise(resolve => setTimeout(resolve, 1))
        const n = Number((value as { n?: unknown } | null)?.n)
        return n > 0 ? { value: { n: n * 2 } } : { issues: [{ message: 'Expected a positive number', path: ['n'] }] }
      },
    },
  }

  /** A thenable that is not a Promise, as query builders (Drizzle's, say) are. */
  function thenable<T>(value: T): PromiseLike<T> {
    return { then: (resolve, reject) => Promise.resolve(value).then(resolve, reject) }
  }

  /** An action behind a handler that reads the body first, as a signature check in front of it would. */
  const echoAfterRead = host.defineAction({ handler: ({ input }) => ({ input }) })

  beforeAll(async () => {
    server = await host.serve({
      '/echo': host.defineAction({ handler: ({ input }) => ({ input }) }),
      // the action's input beside what the host's own getQuery gives, unsafe keys taken off the latter
      '/query': host.defineAction({ handler: ({ input, event }) => ({ input, own: withoutUnsafeKeys(host.getQuery(event)) }) }),
      '/raw-again': host.defineAction({ handler: async ({ input, event }) => ({ input, raw: await host.readRawBody(event) }) }),
      '/read-before': host.plainHandler(async (event) => {
        await host.readRawBody(event)
        return echoAfterRead(event)
      }),
      '/size': host.defineAction({ handler: ({ input }) => JSON.stringify(input).length }),
      '/typed': host.defineAction({
        input: z.object({ title: z.string().min(1), done: z.boolean().default(false) }),
        handler: ({ input }) => input,
      }),
      '/order': host.defineAction({
        input: z.object({ x: z.string() }).transform((value) => {
          order.push('validate')
          return value
        }),
        middleware: [
          host.defineActionMiddleware('first', async ({ next }) => {
            order.push('middleware 1')
            return next({ ctx: { a: 1 } })
          }),
          host.defineActionMiddleware('second', async ({ ctx, next }) => {
            order.push(`middleware 2 sees a=${(ctx as { a: number }).a}`)
            return next({ ctx: { b: 2 } })
          }),
        ],
        outputSchema: z.object({ ctx: z.record(z.string(), z.number()) }).transform((value) => {
          order.push('validate output')
          return value
        }),
        handler: ({ ctx }) => {
          order.push('handler')
          // inline defineActionMiddleware calls type no context
          return { ctx: ctx as Record<string, number> }
        },
      }),
      '/status': host.defineAction({
        handler: ({ event }) => {
          host.setStatus(event, 201)
          host.setHeader(event, 'x-created', 'yes')
          return { created: true }
        },
      }),
      '/undefined': host.defineAction({ handler: () => undefined }),
      '/primitive': host.defineAction({ handler: () => 42 }),
      '/bigint': host.defineAction({ handler: () => ({ big: 1n }) }),
      '/circular': host.defineAction({
        handler: () => {
          const value: Record<string, unknown> = {}
          value.self = value
          return value
        },
      }),
      '/secret': host.defineAction({
        outputSchema: z.object({ id: z.number(), name: z.string() }),
        handler: () => ({ id: 1, name: 'Ada', passwordHash: 'x' }),
      }),
      '/bad-output': host.defineAction({
        outputSchema: z.object({ id: z.number() }),
        // @ts-expect-error the output schema rejects what the handler returns (which also does not compile)
        handler: () => ({ id: 'not a number' }),
      }),
      '/not-found': host.defineAction({
        handler: () => {
          throw createActionError({ code: 'NOT_FOUND', message: 'No such todo', statusCode: 404, fieldErrors: { id: ['unknown'] } })
        },
      }),
      '/h3-error': host.defineAction({
        handler: () => {
          throw host.httpError({ status: 403, message: 'Forbidden here', data: { secret: 'db password' } })
        },
      }),
      '/small': host.defineAction({ maxBodySize: 16, handler: ({ input }) => input }),
      '/async-schemas': host.defineAction({ input: asyncDoubled, outputSchema: asyncDoubled, handler: ({ input }) => input }),
      '/thenable': host.defineAction({ handler: () => thenable({ rows: 2 }) }),
      '/thenable-undefined': host.defineAction({
        middleware: [host.defineActionMiddleware(async ({ next }) => next({ ctx: { user: 'u1' } }))],
        handler: () => thenable(undefined),
      }),
      '/async-handler': host.defineAction({
        middleware: [host.defineActionMiddleware(({ next }) => next())],
        handler: async ({ ctx }) => ({ ctx }),
      }),
    })
  })
  afterAll(() => server.close())

  describe('step 1: parse input', () => {
    it('reads the query for GET, repeated keys become arrays', async () => {
      const { status, body } = await call(`${server.url}/echo?a=1&b=x&b=y`)
      expect(status).toBe(200)
      expect(body).toEqual({ success: true, data: { input: { a: '1', b: ['x', 'y'] } } })
    })

    it('reads the query exactly as this h3\'s own getQuery does, with unsafe keys dropped', async () => {
      const queries = [
        '', '?', '?page=2&size=10', '?tag=a&tag=b&tag=c', '?a=1&&b=&c', '?=x&y==z', '?name=Ada%20L%C3%B6we&plus=a+b',
        '?%61=1&a%5B%5D=2', '?bad=%E0%A4%A', '?stray=100%&x=%zz', '?a=1?b=2', '?constructor=y&ok=1',
      ]
      for (const query of queries) {
        const { body } = await call(`${server.url}/query${query}`)
        expect(body.data.input, query).toEqual(body.data.own)
      }
      const { body } = await call(`${server.url}/query?__proto__=x&prototype=y&constructor=z&tag=a&tag=b`)
      expect(body.data.input).toEqual({ tag: ['a', 'b'] })
      expect(Object.getPrototypeOf(body.data.input)).toBe(Object.prototype)
    })

    it('reads the JSON body for POST, PUT, PATCH and DELETE', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const { body } = await postJson(`${server.url}/echo`, { n: 1 }, method)
        expect(body, method).toEqual({ success: true, data: { input: { n: 1 } } })
      }
    })

    it('reads a body that arrives in many chunks', async () => {
      const input = { text: 'x'.repeat(600_000) }
      const { body } = await postJson(`${server.url}/size`, input)
      expect(body).toEqual({ success: true, data: JSON.stringify(input).length })
    })

    // h3 v1 keeps the body it read (readRawBody); on h3 v2 the action reads the request's body, which a Request allows once
    it.runIf(host.name === 'h3 v1')('leaves the raw body readable to the handler (readRawBody), as a webhook signature check needs', async () => {
      const { body } = await postJson(`${server.url}/raw-again`, { n: 1 })
      expect(body).toEqual({ success: true, data: { input: { n: 1 }, raw: '{"n":1}' } })
    })

    it.runIf(host.name === 'h3 v1')('reads a body that an earlier handler has already read', async () => {
      const { body } = await postJson(`${server.url}/read-before`, { n: 2 })
      expect(body).toEqual({ success: true, data: { input: { n: 2 } } })
    })

    it('gives {} for an absent or empty body', async () => {
      expect((await call(`${server.url}/echo`, { method: 'POST' })).body.data).toEqual({ input: {} })
      const empty = await call(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' })
      expect(empty.body.data).toEqual({ input: {} })
    })

    it('rejects malformed JSON with PARSE_ERROR 400', async () => {
      const { status, body } = await call(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"a":' })
      expect(status).toBe(400)
      expect(body).toEqual({ success: false, error: { code: 'PARSE_ERROR', message: 'Invalid JSON in request body', statusCode: 400 } })
    })

    it('reads +json media types as JSON', async () => {
      const { body } = await call(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/merge-patch+json' }, body: '{"a":1}' })
      expect(body.data).toEqual({ input: { a: 1 } })
    })

    it('reads urlencoded and multipart forms into a plain object', async () => {
      const urlencoded = await call(`${server.url}/echo`, { method: 'POST', body: new URLSearchParams('a=1&tag=x&tag=y') })
      expect(urlencoded.body.data).toEqual({ input: { a: '1', tag: ['x', 'y'] } })
      const form = new FormData()
      form.append('name', 'Ada')
      form.append('toString', 'kept as a plain key')
      form.append('toString', 'twice')
      const multipart = await call(`${server.url}/echo`, { method: 'POST', body: form })
      expect(multipart.body.data).toEqual({ input: { name: 'Ada', toString: ['kept as a plain key', 'twice'] } })
    })

    it('answers UNSUPPORTED_MEDIA_TYPE 415 for other content types', async () => {
      const { status, body } = await call(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' })
      expect(status).toBe(415)
      expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    })

    it('answers PAYLOAD_TOO_LARGE 413 over the per-action limit, with or without Content-Length', async () => {
      const declared = await postJson(`${server.url}/small`, { text: 'more than sixteen bytes' })
      expect(declared.status).toBe(413)
      expect(declared.body.error.code).toBe('PAYLOAD_TOO_LARGE')
      const chunks = ['{"text":"', 'more than sixteen', ' bytes"}']
      const chunked = await call(`${server.url}/small`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new ReadableStream({
          pull(controller) {
            const chunk = chunks.shift()
            if (chunk) controller.enqueue(new TextEncoder().encode(chunk))
            else controller.close()
          },
        }),
        duplex: 'half',
      } as RequestInit)
      expect(chunked.status).toBe(413)
      const fits = await postJson(`${server.url}/small`, { a: 1 })
      expect(fits.status).toBe(200)
    })
  })

  describe('step 2: validate input', () => {
    it('passes the schema output (defaults applied) to the handler', async () => {
      const { status, body } = await postJson(`${server.url}/typed`, { title: 'Write tests' })
      expect(status).toBe(200)
      expect(body.data).toEqual({ title: 'Write tests', done: false })
    })

    it('answers VALIDATION_ERROR 422 with fieldErrors and does not run the handler', async () => {
      const { status, body } = await postJson(`${server.url}/typed`, { title: '', done: 'no' })
      expect(status).toBe(422)
      expect(body.error.code).toBe('VALIDATION_ERROR')
      expect(body.error.message).toBe('Input validation failed')
      expect(Object.keys(body.error.fieldErrors).sort()).toEqual(['done', 'title'])
    })
  })

  describe('steps 3 to 6 in order', () => {
    it('runs validate, middleware in order, handler, output validation', async () => {
      order.length = 0
      const { body } = await postJson(`${server.url}/order`, { x: 'y' })
      expect(body).toEqual({ success: true, data: { ctx: { a: 1, b: 2 } } })
      expect(order).toEqual(['validate', 'middleware 1', 'middleware 2 sees a=1', 'handler', 'validate output'])
    })
  })

  describe('step 4: run the handler', () => {
    it('awaits a promise or another thenable (a query builder) the handler returns', async () => {
      expect((await call(`${server.url}/thenable`)).body).toEqual({ success: true, data: { rows: 2 } })
      expect((await call(`${server.url}/thenable-undefined`)).body).toEqual({ success: true, data: null })
      expect((await call(`${server.url}/async-handler`)).body).toEqual({ success: true, data: { ctx: {} } })
    })
  })

  describe('step 6: respond', () => {
    it('keeps the status and headers the handler set', async () => {
      const { status, headers, body } = await call(`${server.url}/status`, { method: 'POST' })
      expect(status).toBe(201)
      expect(headers.get('x-created')).toBe('yes')
      expect(headers.get('content-type')).toContain('application/json')
      expect(body).toEqual({ success: true, data: { created: true } })
    })

    it('answers data: null when the handler returns undefined, and primitives as is', async () => {
      expect((await call(`${server.url}/undefined`)).body).toEqual({ success: true, data: null })
      expect((await call(`${server.url}/primitive`)).body).toEqual({ success: true, data: 42 })
    })

    it('answers INTERNAL_ERROR 500 for output JSON cannot hold (BigInt, a cycle)', async () => {
      for (const path of ['/bigint', '/circular']) {
        const { status, body } = await call(`${server.url}${path}`)
        expect(status, path).toBe(500)
        expect(body.error, path).toEqual({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 })
      }
    })
  })

  describe('step 5: validate output', () => {
    it('sends only what the output schema outputs (a secret field stays on the server)', async () => {
      const { body } = await call(`${server.url}/secret`)
      expect(body).toEqual({ success: true, data: { id: 1, name: 'Ada' } })
    })

    it('awaits asynchronous input and output schemas', async () => {
      expect((await postJson(`${server.url}/async-schemas`, { n: 3 })).body).toEqual({ success: true, data: { n: 12 } })
      const rejected = await postJson(`${server.url}/async-schemas`, { n: -1 })
      expect(rejected.status).toBe(422)
      expect(rejected.body.error.fieldErrors).toEqual({ n: ['Expected a positive number'] })
    })

    it('answers OUTPUT_VALIDATION_ERROR 500 with fieldErrors when the output schema rejects', async () => {
      const { status, body } = await call(`${server.url}/bad-output`)
      expect(status).toBe(500)
      expect(body.error.code).toBe('OUTPUT_VALIDATION_ERROR')
      expect(body.error.message).toBe('Output validation failed')
      expect(Object.keys(body.error.fieldErrors)).toEqual(['id'])
    })
  })

  describe('thrown errors', () => {
    it('preserves a createActionError as is, with its status', async () => {
      const { status, body } = await call(`${server.url}/not-found`)
      expect(status).toBe(404)
      expect(body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'No such todo', statusCode: 404, fieldErrors: { id: ['unknown'] } } })
    })

    it('answers SERVER_ERROR with the status and message of an h3 error, nothing else', async () => {
      const { status, body } = await call(`${server.url}/h3-error`)
      expect(status).toBe(403)
      expect(body).toEqual({ success: false, error: { code: 'SERVER_ERROR', message: 'Forbidden here', statusCode: 403 } })
    })
  })
})

function withoutUnsafeKeys(query: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (key !== '__proto__' && key !== 'constructor' && key !== 'prototype') copy[key] = value
  }
  return copy
}
