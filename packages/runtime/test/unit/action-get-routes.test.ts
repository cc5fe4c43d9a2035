import { describe, expect, it } from 'vitest'
import { matchActionGetRoutes } from '../../src/runtime/server/single-flight/internal/action-get-routes'
import { getRoutesOf } from '../../src/single-flight/internal/single-flight-routes'

describe('which URLs single flight may run', () => {
  const isActionGet = matchActionGetRoutes(['/', '/api/profile', '/api/todos', '/api/todos/:id', '/api/files/**:path'])

  it('accepts a GET action\'s URL, its dynamic segments and its query', () => {
    for (const url of ['/', '/api/profile', '/api/todos?page=2', '/api/todos/3', '/api/todos/a%20b', '/api/files/a/b/c.txt']) expect(isActionGet(url), url).toBe(true)
  })

  it('refuses pages, static files, other routes and every spelling that could reach one', () => {
    for (const url of ['/todos', '/favicon.ico', '/api/internal/ip', '/api/todos/3/extra', '/api/todos/', '/api//todos', '/api/todos/..', '/api/todos/%2e%2e', '/api/todos/x%2F..%2Finternal', '/api/todos/a%5Cb', '/api/todos/%E0%A4%A', '/API/profile', 'api/profile']) {
      expect(isActionGet(url), url).toBe(false)
    }
  })

  it('refuses every URL when no routes are given', () => {
    expect(matchActionGetRoutes([])('/api/todos')).toBe(false)
  })

  it('refuses a URL that another GET route fits at least as specifically, since the router picks that one', () => {
    const beside = matchActionGetRoutes(['/api/**', '/api/todos/:id', '/api/files'], ['/**', '/api/internal/ip', '/api/todos/:slug', '/api/files/**'])
    expect(beside('/api/internal/ip')).toBe(false)
    expect(beside('/api/todos/3')).toBe(false)
    // the page renderer's catch-all and a wildcard under a literal are less specific
    expect(beside('/api/profile')).toBe(true)
    expect(beside('/api/files')).toBe(true)
  })
})

describe('the GET action routes the module gives single flight', () => {
  const sources: Record<string, string> = {
    '/s/api/todos/index.get.ts': 'export default authedAction.input(schema).handler(({ ctx }) => ctx.user)',
    '/s/api/profile.get.ts': 'export default defineAction({ handler: () => 1 })',
    '/s/api/any.ts': 'export default defineAction({ handler: () => 1 })',
    '/s/api/internal/ip.get.ts': 'export default defineEventHandler(event => getRequestIP(event))',
    '/s/api/todos/index.post.ts': 'export default defineAction({ handler: () => 1 })',
  }
  it('splits the routes that answer GET into actions and the others, leaving out other methods and middleware', () => {
    const handlers = [
      { route: '/api/todos', method: 'get', handler: '/s/api/todos/index.get.ts' },
      { route: '/api/todos', method: 'head', handler: '/s/api/todos/index.get.ts' },
      { route: '/api/profile', method: 'get', handler: '/s/api/profile.get.ts' },
      { route: '/api/any', handler: '/s/api/any.ts' },
      { route: '/api/internal/ip', method: 'get', handler: '/s/api/internal/ip.get.ts' },
      { route: '/api/todos', method: 'post', handler: '/s/api/todos/index.post.ts' },
      { handler: '/s/middleware/auth.ts', middleware: true },
      { route: '/api/gone', method: 'get', handler: '/s/api/gone.get.ts' },
    ]
    const read = (file: string) => {
      if (!(file in sources)) throw new Error('ENOENT')
      return sources[file]!
    }
    expect(getRoutesOf([...handlers, { route: '/**', handler: '#internal/nuxt/renderer' }], read)).toEqual({
      actions: ['/api/any', '/api/profile', '/api/todos'],
      others: ['/**', '/api/gone', '/api/internal/ip'],
    })
  })

  it('leaves out a handler the production server does not serve, as the prerender-only OpenAPI route', () => {
    const handlers = [
      { route: '/__action-route/openapi-build.json', method: 'get', env: 'prerender', handler: '/r/openapi/prerender/nitro3.mjs' },
      { route: '/api/dev-only', method: 'get', env: ['dev'], handler: '/s/api/dev-only.get.ts' },
      { route: '/api/on-node', method: 'get', env: ['node-server', 'dev'], handler: '/s/api/on-node.get.ts' },
      { route: '/api/internal/ip', method: 'get', handler: '/s/api/internal/ip.get.ts' },
    ]
    expect(getRoutesOf(handlers, () => '', new Set(['prod', 'node-server']))).toEqual({ actions: [], others: ['/api/internal/ip', '/api/on-node'] })
  })
})
