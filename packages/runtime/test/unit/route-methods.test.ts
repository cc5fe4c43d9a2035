import { describe, expect, it } from 'vitest'
import { renderRouteMethods } from '../../src/routes/internal/render-route-types'
import { methodNotAllowed, unknownRouteHint } from '../../src/runtime/app/call/internal/check-route'

const routes = {
  '/api/todos': ['GET', 'HEAD', 'POST'],
  '/api/todos/:id': ['DELETE', 'PATCH'],
  '/api/echo': null,
}

describe('the methods of each route, for the client', () => {
  it('lists each route\'s methods upper case, HEAD wherever GET, null for a file that takes every method', () => {
    const rendered = renderRouteMethods([
      { route: '/api/echo', method: undefined, file: '/s/api/echo.ts' },
      { route: '/api/todos', method: 'post', file: '/s/api/todos/index.post.ts' },
      { route: '/api/todos', method: 'get', file: '/s/api/todos/index.get.ts' },
      { route: '/api/mixed', method: 'get', file: '/s/api/mixed.get.ts' },
      { route: '/api/mixed', method: undefined, file: '/s/api/mixed.ts' },
    ])
    expect(rendered).toBe('export const routeMethods = {"/api/echo":null,"/api/todos":["GET","HEAD","POST"],"/api/mixed":null}\n')
  })
})

describe('METHOD_NOT_ALLOWED', () => {
  it('answers a method the route does not take with 405 naming the methods it takes', () => {
    expect(methodNotAllowed('/api/todos', 'PUT', routes)).toEqual({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: '/api/todos does not answer PUT: it answers GET, HEAD, POST', statusCode: 405 },
    })
  })

  it('lets through a method the route takes, any method of a route without suffix, and a route not in the map', () => {
    expect(methodNotAllowed('/api/todos', 'POST', routes)).toBeUndefined()
    expect(methodNotAllowed('/api/echo', 'PUT', routes)).toBeUndefined()
    expect(methodNotAllowed('/api/added-by-a-module', 'PUT', routes)).toBeUndefined()
    expect(methodNotAllowed('constructor', 'PUT', routes)).toBeUndefined()
  })
})

describe('the hint for an unknown path', () => {
  it('names the nearest route', () => {
    expect(unknownRouteHint('/api/todoz', routes)).toBe('No action route /api/todoz; did you mean /api/todos?')
    expect(unknownRouteHint('/api/todo/:id', routes)).toBe('No action route /api/todo/:id; did you mean /api/todos/:id?')
  })

  it('says only that it is unknown when nothing is near, and nothing for a known route or an empty map', () => {
    expect(unknownRouteHint('/health/check/deep', routes)).toBe('No action route /health/check/deep among the app\'s route files')
    expect(unknownRouteHint('/api/todos', routes)).toBeUndefined()
    expect(unknownRouteHint('/api/x', {})).toBeUndefined()
  })
})
