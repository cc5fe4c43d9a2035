import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { z } from 'zod'
import { createActionError } from '../../src/runtime/server'
import { issuesToFieldErrors } from '../../src/runtime/server/errors/field-errors'
import type { TestServer } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('envelope-properties on $name', (host) => {
  type ErrorChange = Partial<Record<'code' | 'message' | 'statusCode' | 'fieldErrors', unknown>>
  /** What the next request's action error has changed after createActionError checked it. */
  let errorChange: ErrorChange = {}
  /** How many times the middleware of `/guarded` ran. */
  let guardedRuns = 0

  let server: TestServer
  beforeAll(async () => {
    server = await host.serve({
      '/loose': host.defineAction({ handler: ({ input }) => ({ input }) }),
      '/strict': host.defineAction({ input: z.object({ name: z.string().min(1), tags: z.array(z.string()).max(3) }), handler: ({ input }) => input }),
      '/guarded': host.defineAction({
        middleware: [host.defineActionMiddleware('count', ({ next }) => (guardedRuns++, next()))],
        handler: ({ input }) => ({ input }),
      }),
      '/changed-error': host.defineAction({
        handler: () => {
          const error = createActionError({ code: 'CONFLICT', message: 'Taken', statusCode: 409, fieldErrors: { name: ['taken'] } })
          for (const [field, value] of Object.entries(errorChange)) Object.defineProperty(error, field, { value })
          throw error
        },
      }),
    })
  })
  afterAll(() => server.close())

  /** Sends raw bytes with node:http (fetch refuses some methods and bodies, and a 407 answer) and reads the answer. */
  function send(method: string, path: string, headers: Record<string, string>, body: Uint8Array): Promise<{ status: number, text: string }> {
    const url = new URL(path, server.url)
    return new Promise((resolve, reject) => {
      const req = request(url, { method, headers: { ...headers, 'content-length': String(body.byteLength) } }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode!, text }))
      })
      req.on('error', reject)
      req.end(body)
    })
  }

  function expectEnvelope(status: number, text: string, method: string) {
    if (method === 'HEAD') {
      expect(text).toBe('')
      return
    }
    const envelope = JSON.parse(text)
    if (envelope.success === true) {
      expect(status).toBeGreaterThanOrEqual(200)
      expect(status).toBeLessThan(300)
      expect(Object.keys(envelope).sort()).toEqual(['data', 'success'])
      return
    }
    expect(envelope.success).toBe(false)
    expect(Object.keys(envelope).sort()).toEqual(['error', 'success'])
    const { code, message, statusCode, fieldErrors, ...rest } = envelope.error
    expect(rest).toEqual({})
    expect(typeof code).toBe('string')
    expect(typeof message).toBe('string')
    expect(statusCode).toBe(status)
    if (fieldErrors !== undefined) {
      for (const messages of Object.values(fieldErrors)) expect((messages as unknown[]).every(entry => typeof entry === 'string')).toBe(true)
    }
    expect(text).not.toMatch(/\bat .*\(|node_modules|\.ts:\d/)
  }

  const methods = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')
  const contentTypes = fc.option(fc.constantFrom(
    'application/json', 'application/json; charset=utf-8', 'application/problem+json', 'text/plain',
    'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'multipart/form-data', 'application/octet-stream', '*/*', 'garbage',
  ), { nil: undefined })
  const bodies = fc.oneof(
    fc.uint8Array({ maxLength: 256 }),
    fc.json().map(text => new TextEncoder().encode(text)),
    fc.jsonValue().map(value => new TextEncoder().encode(JSON.stringify({ name: value, tags: value, __proto__: value }))),
    fc.string().map(text => new TextEncoder().encode(text)),
  )
  const queries = fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'a[b]', 'a.b')), fc.string()), { maxLength: 5 })
    .map(pairs => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&'))

  // hundreds of real requests a property: over the project's 5 s on a loaded machine (one took 5.4 s in CI)
  describe('envelope invariant (property)', { timeout: 60_000 }, () => {
    it('any method, content type, body bytes and query answers a valid envelope', async () => {
      await fc.assert(fc.asyncProperty(methods, contentTypes, bodies, queries, fc.constantFrom('/loose', '/strict'), async (method, contentType, body, query, path) => {
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {}
        const { status, text } = await send(method, `${path}?${query}`, headers, method === 'GET' || method === 'HEAD' ? new Uint8Array() : body)
        expectEnvelope(status, text, method)
      }), { numRuns: 300 })
      expect(Object.prototype).not.toHaveProperty('polluted')
      expect(({} as Record<string, unknown>).name).toBeUndefined()
    })

    it('an action error changed after creation still answers a valid envelope whose statusCode is the HTTP status', async () => {
      const change = fc.record({
        statusCode: fc.oneof(fc.integer({ min: -100, max: 1100 }), fc.double(), fc.constantFrom(null, undefined, '404', 404.5, Number.NaN), fc.string()),
        code: fc.oneof(fc.string(), fc.integer(), fc.constantFrom(null, undefined, '')),
        message: fc.oneof(fc.string(), fc.anything()),
        fieldErrors: fc.oneof(
          fc.anything(),
          fc.dictionary(fc.string(), fc.oneof(fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null))), fc.string(), fc.integer())),
        ),
      }, { requiredKeys: [] })
      await fc.assert(fc.asyncProperty(change, async (changed) => {
        errorChange = changed
        // node:http, not fetch: fetch turns a 407 answer into a network error
        const { status, text } = await send('GET', '/changed-error', {}, new Uint8Array())
        const body = JSON.parse(text)
        const { code, message, statusCode, fieldErrors, ...rest } = body.error
        expect(rest).toEqual({})
        expect(statusCode).toBe(status)
        expect(Number.isInteger(status) && status >= 400 && status <= 599).toBe(true)
        expect(typeof code === 'string' && code !== '').toBe(true)
        expect(typeof message).toBe('string')
        if (fieldErrors !== undefined) {
          expect(typeof fieldErrors === 'object' && !Array.isArray(fieldErrors)).toBe(true)
          for (const messages of Object.values(fieldErrors)) expect((messages as unknown[]).every(entry => typeof entry === 'string')).toBe(true)
        }
        const sent = { code: 'CONFLICT', message: 'Taken', statusCode: 409, ...changed }
        const stillValid = typeof sent.code === 'string' && sent.code !== '' && typeof sent.message === 'string'
          && Number.isInteger(sent.statusCode) && (sent.statusCode as number) >= 400 && (sent.statusCode as number) <= 599
        if (stillValid) expect({ code, message, statusCode }).toEqual({ code: sent.code, message: sent.message, statusCode: sent.statusCode })
        else expect(body.error).toEqual({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 })
      }), { numRuns: 300, examples: [[{ statusCode: 407 }]] })
    })

    it('client-shaped JSON (deep nesting, huge numbers, long and many keys) answers success or 4xx, never 5xx', async () => {
      const numbers = fc.oneof(fc.constantFrom('1e999', '-1e999', '1e-999', '-0', '0.0000000000000000000001'), fc.stringMatching(/^-?[1-9]\d{0,400}$/))
      const leaves = fc.oneof(numbers, fc.json(), fc.string().map(text => JSON.stringify(text)))
      const shapes = fc.record({
        depth: fc.oneof(fc.nat({ max: 400 }), fc.integer({ min: 10_000, max: 100_000 })),
        open: fc.constantFrom('[', '{"k":'),
        leaf: leaves,
        keys: fc.nat({ max: 3000 }),
        keyLength: fc.nat({ max: 20_000 }),
      })
      await fc.assert(fc.asyncProperty(shapes, fc.constantFrom('/loose', '/strict'), async ({ depth, open, leaf, keys, keyLength }, path) => {
        const close = open === '[' ? ']' : '}'
        const many = Array.from({ length: keys }, (_, index) => `"k${index}":${leaf}`).join(',')
        const text = `{${many}${many ? ',' : ''}"${'x'.repeat(keyLength)}":${open.repeat(depth)}${leaf}${close.repeat(depth)}}`
        const { status, text: answer } = await send('POST', path, { 'content-type': 'application/json' }, new TextEncoder().encode(text))
        expect(status).toBeLessThan(500)
        expectEnvelope(status, answer, 'POST')
      }), { numRuns: 150 })
    })

    it('any Sec-Fetch-Site but same-origin or none on a body method answers 403 CROSS_ORIGIN_REQUEST, whatever the body, content type and Origin; no middleware runs', async () => {
      const bodyMethods = fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE')
      const sites = fc.oneof(fc.constantFrom('cross-site', 'same-site', 'Same-Origin', 'NONE', ''), fc.stringMatching(/^[\x21-\x7E]{0,20}$/))
        .filter(site => site !== 'same-origin' && site !== 'none')
      const origins = fc.option(fc.oneof(fc.constantFrom('null', server.url, 'https://evil.example'), fc.webUrl().map(url => new URL(url).origin)), { nil: undefined })
      guardedRuns = 0
      await fc.assert(fc.asyncProperty(bodyMethods, sites, origins, contentTypes, bodies, async (method, site, origin, contentType, body) => {
        const headers: Record<string, string> = { 'sec-fetch-site': site, ...(origin && { origin }), ...(contentType && { 'content-type': contentType }) }
        const { status, text } = await send(method, '/guarded', headers, body)
        expect(status).toBe(403)
        expect(JSON.parse(text)).toEqual({ success: false, error: { code: 'CROSS_ORIGIN_REQUEST', message: 'A page of another origin cannot call this action', statusCode: 403 } })
      }), { numRuns: 300 })
      expect(guardedRuns).toBe(0)
    })

    it('without Sec-Fetch-Site, an Origin answers 403 CROSS_ORIGIN_REQUEST exactly when it is not the server\'s own', async () => {
      const origins = fc.oneof(fc.constant(server.url), fc.constant('null'), fc.webUrl().map(url => new URL(url).origin), fc.string())
      await fc.assert(fc.asyncProperty(origins, bodies, async (origin, body) => {
        const { status, text } = await send('POST', '/loose', { 'origin': encodeURI(origin), 'content-type': 'application/json' }, body)
        const refused = status === 403 && JSON.parse(text).error.code === 'CROSS_ORIGIN_REQUEST'
        expect(refused).toBe(encodeURI(origin) !== server.url)
      }), { numRuns: 200 })
    })

    it('fieldErrors keys are dot paths, for any issue path, and cannot pollute', () => {
      const segment = fc.oneof(fc.string(), fc.nat(), fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.record({ key: fc.oneof(fc.string(), fc.nat()) }))
      fc.assert(fc.property(fc.array(fc.record({ message: fc.string(), path: fc.option(fc.array(segment, { maxLength: 5 }), { nil: undefined }) })), (issues) => {
        const fieldErrors = issuesToFieldErrors(issues)
        expect(Object.getPrototypeOf(fieldErrors)).toBeNull()
        for (const issue of issues) {
          const parts = (issue.path ?? []).map(part => String(typeof part === 'object' ? part.key : part))
          const key = parts.length ? parts.join('.') : '_root'
          expect(fieldErrors[key]).toContain(issue.message)
        }
        expect(Object.values(fieldErrors).flat()).toHaveLength(issues.length)
        expect(Object.prototype).not.toHaveProperty('0')
        expect(({} as Record<string, unknown>).__proto__).toBe(Object.prototype)
      }), { numRuns: 500 })
    })
  })
})
