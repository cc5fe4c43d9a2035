import { describe, expect, it } from 'vitest'
import { allowedMethodsOf } from '../../src/http-methods/method-guards'

describe('allowedMethodsOf', () => {
  it('lists the methods of a route whose files all name one, HEAD wherever GET', () => {
    expect(allowedMethodsOf([
      { route: '/api/todos', method: 'post' },
      { route: '/api/todos', method: 'get' },
      { route: '/api/todos/:id', method: 'patch' },
    ])).toEqual([['/api/todos', ['GET', 'HEAD', 'POST']], ['/api/todos/:id', ['PATCH']]])
  })

  it('a route with a method-less handler takes every method, and every route is listed so URLs match as the router does', () => {
    expect(allowedMethodsOf([
      { route: '/api/echo', method: 'get' },
      { route: '/api/echo' },
      { route: '/**' },
    ])).toEqual([['/**', null], ['/api/echo', null]])
  })

  it('leaves out middleware and handlers of environments the server is not', () => {
    expect(allowedMethodsOf([
      { middleware: true, handler: 'auth' } as never,
      { route: '/api/debug', method: 'get', env: 'dev' },
      { route: '/api/debug', method: 'post' },
    ], new Set(['prod', 'node-server']))).toEqual([['/api/debug', ['POST']]])
  })
})
