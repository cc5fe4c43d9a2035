import { validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineAction, defineActionMiddleware, idempotent, rateLimit } from '../../src/runtime/server/index'
import { documentMiddlewareResponses } from '../../src/runtime/server/middleware-responses'
import { generateOpenApiDocument } from '../../src/runtime/openapi/generate-document'
import type { OpenApiRouteEntry } from '../../src/runtime/openapi/generate-document'
import { responseValidator } from './response-validator'

// the tests read into the generated schemas freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any

function entry(route: string, method: string, handler: unknown): OpenApiRouteEntry {
  return { route, method, file: `/app/server/api${route}.${method}.ts`, load: async () => ({ default: handler }) }
}

// any middleware may say the same: its own failures, a header it sets, the request header it reads
const handMade = documentMiddlewareResponses(defineActionMiddleware('idempotent', ({ next }) => next()), {
  errors: {
    IDEMPOTENCY_KEY_IN_PROGRESS: { statusCode: 409, message: 'A request with this key is still running' },
    IDEMPOTENCY_KEY_REUSED: { statusCode: 422, message: 'This key was used with another body' },
  },
  headers: { 'Idempotent-Replayed': { description: 'The answer is the stored answer of an earlier request', schema: { type: 'string', const: 'true' } } },
  requestHeaders: { 'Idempotency-Key': { description: 'One key per intended effect', schema: { type: 'string' }, required: true } },
})

const routes = [
  entry('/api/login', 'post', defineAction({
    input: z.object({ email: z.string() }),
    middleware: [rateLimit({ limit: 5, window: 60_000, name: 'login', message: 'Too many attempts' })],
    handler: () => ({ ok: true }),
  })),
  entry('/api/search', 'get', defineAction({
    errors: { QUOTA_EXCEEDED: { statusCode: 429, message: 'Monthly quota used up' } },
    middleware: [rateLimit({ limit: 10, window: 1000, name: 'burst' }), rateLimit({ limit: 100, window: 60_000, name: 'minute' })],
    handler: () => [],
  })),
  entry('/api/orders', 'post', defineAction({
    input: z.object({ item: z.string() }),
    middleware: [handMade],
    handler: () => ({ id: 1 }),
  })),
  entry('/api/payments', 'post', defineAction({
    input: z.object({ amount: z.number() }),
    metadata: { successStatus: 201 },
    middleware: [idempotent({ required: true })],
    handler: () => ({ id: 1 }),
  })),
  entry('/api/refresh', 'get', defineAction({ middleware: [idempotent()], handler: () => null })),
  // a builder's idempotent() and the action's own: the outer one holds the request, both are listed once
  entry('/api/transfers', 'post', defineAction({ middleware: [idempotent(), idempotent({ required: true })], handler: () => null })),
  entry('/api/open', 'get', defineAction({ middleware: [defineActionMiddleware('plain', ({ next }) => next())], handler: () => null })),
]

describe('middleware in the OpenAPI document', async () => {
  const { document } = await generateOpenApiDocument(routes, { info: { title: 'Test', version: '1.0.0' } })
  const content = (response: Schema) => response.content['application/json'].schema

  it('validates as OpenAPI 3.1 with @readme/openapi-parser', async () => {
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })

  it('documents a rateLimit action\'s 429 in the envelope (RATE_LIMITED), with Retry-After, RateLimit and RateLimit-Policy', () => {
    const login = document.paths['/api/login']!.post!
    const refused: Schema = login.responses['429']
    expect(refused.description).toBe('RATE_LIMITED: Too many attempts')
    expect(content(refused).properties.error.properties.code).toEqual({ type: 'string', enum: ['RATE_LIMITED', 'SERVER_ERROR'] })
    expect(content(refused).properties.error.properties.statusCode).toEqual({ type: 'integer', const: 429 })
    expect(Object.keys(refused.headers)).toEqual(['Retry-After', 'RateLimit-Policy', 'RateLimit'])
    expect(refused.headers['Retry-After']).toEqual({ description: expect.any(String), required: true, schema: { type: 'integer', minimum: 1 } })
    expect(refused.headers['RateLimit-Policy'].description).toContain('"login";q=5;w=60')
    expect(refused.headers.RateLimit.required).toBe(true)
  })

  it('says the success answer carries RateLimit and RateLimit-Policy too, and no Retry-After', () => {
    const success: Schema = document.paths['/api/login']!.post!.responses['200']
    expect(Object.keys(success.headers)).toEqual(['RateLimit-Policy', 'RateLimit'])
    expect(success.headers.RateLimit.required).toBe(true)
  })

  it('accepts the 429 the runtime answers (the body test/e2e/rate-limit.test.ts gets)', () => {
    const check = responseValidator(document)
    expect(check('/api/login', 'post', 429, { success: false, error: { code: 'RATE_LIMITED', message: 'Too many attempts', statusCode: 429 } })).toEqual([])
    expect(check('/api/login', 'post', 429, { success: false, error: { code: 'OTHER', message: 'x', statusCode: 429 } })).not.toEqual([])
  })

  it('writes two limits as one case, naming both policies, and shares the status with a declared 429: Retry-After then is not required', () => {
    const search: Schema = document.paths['/api/search']!.get!.responses['429']
    expect(content(search).properties.error.properties.code.enum).toEqual(['RATE_LIMITED', 'QUOTA_EXCEEDED', 'SERVER_ERROR'])
    expect(search.description).toBe('RATE_LIMITED: Too many requests, try again later; QUOTA_EXCEEDED: Monthly quota used up')
    expect(search.headers['RateLimit-Policy'].description).toContain('"burst";q=10;w=1')
    expect(search.headers['RateLimit-Policy'].description).toContain('"minute";q=100;w=60')
    expect(search.headers['Retry-After'].required).toBe(false)
  })

  it('gives the HEAD twin the headers without a body', () => {
    const head: Schema = document.paths['/api/search']!.head!.responses['429']
    expect(head.content).toBeUndefined()
    expect(Object.keys(head.headers)).toEqual(['Retry-After', 'RateLimit-Policy', 'RateLimit'])
  })

  it('takes any middleware\'s failures, headers and request headers the same way (an idempotency key\'s 409 and 422)', () => {
    const orders = document.paths['/api/orders']!.post!
    expect(orders.parameters).toEqual([{ name: 'Idempotency-Key', in: 'header', description: 'One key per intended effect', schema: { type: 'string' }, required: true }])
    const responses: Schema = orders.responses
    expect(content(responses['409']).properties.error.properties.code).toEqual({ type: 'string', enum: ['IDEMPOTENCY_KEY_IN_PROGRESS', 'SERVER_ERROR'] })
    // beside the input's VALIDATION_ERROR, whose fieldErrors this failure does not carry
    expect(content(responses['422']).properties.error.properties.code.enum).toEqual(['VALIDATION_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'SERVER_ERROR'])
    expect(content(responses['422']).properties.error.required).not.toContain('fieldErrors')
    expect(responses['201'] ?? responses['200']).toMatchObject({ headers: { 'Idempotent-Replayed': { required: false } } })
  })

  it('documents an idempotent() action: the Idempotency-Key header, IDEMPOTENCY_KEY_INVALID 400 beside PARSE_ERROR, IN_PROGRESS 409 with Retry-After, REUSED 422 beside VALIDATION_ERROR', () => {
    const payments = document.paths['/api/payments']!.post!
    expect(payments.parameters).toEqual([{ name: 'Idempotency-Key', in: 'header', description: expect.stringContaining('1 to 255 printable ASCII characters'), schema: { type: 'string', minLength: 1, pattern: '^[\\x20-\\x7E]+$' }, required: true }])
    const responses: Schema = payments.responses
    expect(content(responses['400']).properties.error.properties.code.enum).toEqual(['PARSE_ERROR', 'IDEMPOTENCY_KEY_INVALID', 'SERVER_ERROR'])
    expect(responses['400'].description).toContain('IDEMPOTENCY_KEY_INVALID: The Idempotency-Key header is missing')
    expect(content(responses['409']).properties.error.properties.code.enum).toEqual(['IDEMPOTENCY_KEY_IN_PROGRESS', 'SERVER_ERROR'])
    expect(responses['409'].headers).toEqual({ 'Retry-After': { description: expect.any(String), required: true, schema: { type: 'integer', minimum: 1 } } })
    expect(content(responses['422']).properties.error.properties.code.enum).toEqual(['VALIDATION_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'SERVER_ERROR'])
    expect(content(responses['422']).properties.error.required).not.toContain('fieldErrors')
  })

  it('marks the success answer (at its successStatus) with an optional Idempotent-Replayed: true', () => {
    const success: Schema = document.paths['/api/payments']!.post!.responses['201']
    expect(success.headers).toEqual({ 'Idempotent-Replayed': { description: expect.stringContaining('stored answer'), required: false, schema: { type: 'string', const: 'true' } } })
    expect(document.paths['/api/payments']!.post!.responses['200']).toBeUndefined()
  })

  it('makes the key an optional parameter unless required: true, and a request without input still gets IDEMPOTENCY_KEY_INVALID 400', () => {
    const refresh: Schema = document.paths['/api/refresh']!.get!
    expect(refresh.parameters).toMatchObject([{ name: 'Idempotency-Key', in: 'header', required: false }])
    expect(content(refresh.responses['400']).properties.error.properties.code.enum).toEqual(['IDEMPOTENCY_KEY_INVALID', 'SERVER_ERROR'])
    expect(content(refresh.responses['422']).properties.error.properties.code.enum).toEqual(['IDEMPOTENCY_KEY_REUSED', 'SERVER_ERROR'])
    expect(document.paths['/api/refresh']!.head!.parameters).toMatchObject([{ name: 'Idempotency-Key', required: false }])
  })

  it('lists two idempotent() on one action once, the key required if either requires it', () => {
    const transfers: Schema = document.paths['/api/transfers']!.post!
    expect(transfers.parameters).toHaveLength(1)
    expect(transfers.parameters[0]).toMatchObject({ name: 'Idempotency-Key', required: true })
    expect(transfers.parameters[0].description).not.toMatch(/\. One key per/)
    expect(content(transfers.responses['409']).properties.error.properties.code.enum).toEqual(['IDEMPOTENCY_KEY_IN_PROGRESS', 'SERVER_ERROR'])
    expect(transfers.responses['200'].headers['Idempotent-Replayed'].required).toBe(false)
  })

  it('accepts the failures idempotent() answers (the bodies test/unit/idempotent.test.ts gets)', () => {
    const check = responseValidator(document)
    expect(check('/api/payments', 'post', 409, { success: false, error: { code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'A request with this Idempotency-Key is still running; retry later', statusCode: 409 } })).toEqual([])
    expect(check('/api/payments', 'post', 422, { success: false, error: { code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was used for another request', statusCode: 422 } })).toEqual([])
    expect(check('/api/payments', 'post', 400, { success: false, error: { code: 'IDEMPOTENCY_KEY_INVALID', message: 'This action needs an Idempotency-Key header', statusCode: 400 } })).toEqual([])
    expect(check('/api/payments', 'post', 409, { success: false, error: { code: 'IDEMPOTENCY_KEY_REUSED', message: 'x', statusCode: 409 } })).not.toEqual([])
  })

  it('adds nothing for a middleware that says nothing', () => {
    const open: Schema = document.paths['/api/open']!.get!
    expect(open.responses['429']).toBeUndefined()
    expect(open.responses['200'].headers).toBeUndefined()
    expect(open.parameters).toBeUndefined()
  })
})
