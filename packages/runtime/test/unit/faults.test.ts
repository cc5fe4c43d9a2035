import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActionError } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import type { AnyHandler } from '../helpers/hosts'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('faults on $name', (host) => {
  const INTERNAL = { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 }
  class CustomError extends Error {
    secret = 'hunter2'
  }
  function throwSecret(): never {
    throw new Error('hunter2')
  }
  const thrownValues: Record<string, { value: () => unknown, expected: object }> = {
    'an Error': { value: () => new Error('hunter2'), expected: INTERNAL },
    'a TypeError': { value: () => new TypeError('hunter2'), expected: INTERNAL },
    'an Error subclass with fields': { value: () => new CustomError('hunter2'), expected: INTERNAL },
    'a string': { value: () => 'hunter2', expected: INTERNAL },
    'a number': { value: () => 42, expected: INTERNAL },
    'null': { value: () => null, expected: INTERNAL },
    'undefined': { value: () => undefined, expected: INTERNAL },
    'a symbol': { value: () => Symbol('hunter2'), expected: INTERNAL },
    'a BigInt': { value: () => 10n, expected: INTERNAL },
    'a plain object shaped like an action error': { value: () => ({ code: 'FAKE', message: 'hunter2', statusCode: 418 }), expected: INTERNAL },
    'an array': { value: () => ['hunter2'], expected: INTERNAL },
    'a function': { value: () => () => 'hunter2', expected: INTERNAL },
    'an object with a throwing getter': { value: () => ({ get message() { throw new Error('hunter2') } }), expected: INTERNAL },
    'a proxy whose every trap throws': { value: () => new Proxy({}, { getPrototypeOf: throwSecret, get: throwSecret }), expected: INTERNAL },
    'an h3 error whose message was set to a non-string': { value: () => Object.assign(host.httpError({ status: 409 }), { message: { secret: 'hunter2' } }), expected: INTERNAL },
    'an h3 error': { value: () => host.httpError({ status: 409, message: 'Conflict', data: { secret: 'hunter2' } }), expected: { code: 'SERVER_ERROR', message: 'Conflict', statusCode: 409 } },
    'an action error': { value: () => createActionError({ code: 'GONE', message: 'Gone', statusCode: 410 }), expected: { code: 'GONE', message: 'Gone', statusCode: 410 } },
  }

  const slugOf = (name: string) => name.replace(/\W+/g, '-')
  let server: TestServer
  beforeAll(async () => {
    const routes: Record<string, AnyHandler> = {}
    for (const [name, { value }] of Object.entries(thrownValues)) {
      const slug = slugOf(name)
      routes[`/handler/${slug}`] = host.defineAction({
        handler: () => {
          throw value()
        },
      })
      routes[`/async-handler/${slug}`] = host.defineAction({ handler: () => Promise.reject(value()) })
      routes[`/middleware/${slug}`] = host.defineAction({
        middleware: [host.defineActionMiddleware(async () => {
          throw value()
        })],
        handler: () => 'not reached',
      })
      routes[`/after-next/${slug}`] = host.defineAction({
        middleware: [host.defineActionMiddleware(async ({ next }) => {
          await next()
          throw value()
        })],
        handler: () => 'reached',
      })
    }
    routes['/ok'] = host.defineAction({ handler: () => 'ok' })
    server = await host.serve(routes)
  })
  afterAll(() => server.close())

  describe.each(Object.entries(thrownValues))('faults: throwing %s', (name, { expected }) => {
    for (const place of ['handler', 'async-handler', 'middleware', 'after-next']) {
      it(`from ${place} answers the documented envelope, leaks nothing, and the next request works`, async () => {
        const { status, body, text } = await call(`${server.url}/${place}/${slugOf(name)}`)
        expect(body).toEqual({ success: false, error: expected })
        expect(status).toBe((expected as { statusCode: number }).statusCode)
        expect(text).not.toContain('hunter2')
        expect((await call(`${server.url}/ok`)).body).toEqual({ success: true, data: 'ok' })
      })
    }
  })
})
