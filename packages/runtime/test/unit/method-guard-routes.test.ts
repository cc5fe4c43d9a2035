import { describe, expect, it } from 'vitest'
import { createApp, createRouter, defineEventHandler, setResponseHeader, toWebHandler } from 'h3'
import type { RouterMethod } from 'h3'
import { H3 } from 'h3-v2'
import type { HTTPMethod } from 'h3-v2'
import { addGuardRoutes } from '../../src/runtime/server/method-guard/guard-routes'
import type { GuardedPattern, RefusedRoute } from '../../src/runtime/server/method-guard/guard-routes'
import { answerRefusedMethod } from '../../src/runtime/server/method-guard/refuse-method'
import { guardRoutesOf } from '../../src/http-methods/method-guards'

const patterns: GuardedPattern[] = [
  ['/**', null],
  ['/api/echo', null],
  ['/api/files/**:path', ['GET', 'HEAD']],
  ['/api/todos', ['GET', 'HEAD', 'POST']],
  ['/api/todos/:id', ['DELETE', 'PATCH']],
  ['/api/todos/special', ['GET', 'HEAD']],
]

/** What the guard does with a request (in a header, which HEAD keeps): the refusal's status and `Allow`, or 'pass'. */
const verdict = (route: RefusedRoute | undefined, method: string) => {
  if (!route) return 'pass'
  const { status, allow } = answerRefusedMethod(route, method)
  return `${status} ${route.pattern} ${allow}`
}

// the guard's routes in h3 v1's router (the Nitro 2 guard's) and in h3 v2's, on rou3, the router Nitro 3 compiles its
// own matcher with at build time (the Nitro 3 guard's; the end-to-end suite runs that one on Nuxt 5)
const hosts: Record<string, (request: Request) => Promise<Response>> = {
  'h3 v1': (() => {
    const router = createRouter()
    addGuardRoutes(patterns, (pattern, method, refused) => {
      router.use(pattern, defineEventHandler(event => setResponseHeader(event, 'x-verdict', verdict(refused, event.method))), method?.toLowerCase() as RouterMethod | undefined)
    })
    return toWebHandler(createApp().use(router))
  })(),
  'h3 v2': (() => {
    const app = new H3()
    addGuardRoutes(patterns, (pattern, method, refused) => app.on((method ?? '') as HTTPMethod, pattern, (event) => {
      event.res.headers.set('x-verdict', verdict(refused, event.req.method))
      return ''
    }))
    return async (request: Request) => app.fetch(request)
  })(),
}

describe.each(Object.keys(hosts))('the guard\'s routes in %s\'s router', (host) => {
  it.each([
    ['PUT', '/api/todos', '405 /api/todos GET, HEAD, POST'],
    ['OPTIONS', '/api/todos', '204 /api/todos GET, HEAD, POST'],
    ['GET', '/api/todos', 'pass'],
    ['HEAD', '/api/todos', 'pass'],
    ['HEAD', '/api/todos/1', '405 /api/todos/:id DELETE, PATCH'],
    ['GET', '/api/todos/1', '405 /api/todos/:id DELETE, PATCH'],
    ['PATCH', '/api/todos/1', 'pass'],
    ['DELETE', '/api/todos/special', '405 /api/todos/special GET, HEAD'],
    ['POST', '/api/files/a/b.txt', '405 /api/files/**:path GET, HEAD'],
    ['PUT', '/api/echo', 'pass'],
    ['PUT', '/api/no-such-route', 'pass'],
  ])('%s %s: %s', async (method, path, expected) => {
    const response = await hosts[host]!(new Request(`http://localhost${path}`, { method }))
    expect(response.headers.get('x-verdict')).toBe(expected)
  })
})

describe('guardRoutesOf (the routes Nitro 3\'s router compiles at build time)', () => {
  it('passes on each method a route answers, refuses every other, and passes every method of a route that takes all', () => {
    expect(guardRoutesOf([['/api/echo', null], ['/api/todos', ['GET', 'HEAD']]])).toEqual([
      { route: '/api/echo', method: '', data: null },
      { route: '/api/todos', method: 'GET', data: null },
      { route: '/api/todos', method: 'HEAD', data: null },
      { route: '/api/todos', method: '', data: { pattern: '/api/todos', allowed: ['GET', 'HEAD'] } },
    ])
  })
})
