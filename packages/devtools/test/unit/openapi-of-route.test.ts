import { describe, expect, it } from 'vitest'
import { openApiOfRoute } from '../../src/client/logic/openapi-of-route'

const document = {
  openapi: '3.1.0',
  components: { schemas: { ActionFieldErrors: {} } },
  paths: {
    '/api/todos': { get: { operationId: 'list' }, head: { operationId: 'listHead' }, post: { operationId: 'create' } },
    '/api/todos/{id}': { patch: { operationId: 'rename' } },
    '/api/files/{path}': { get: { operationId: 'file' }, head: { operationId: 'fileHead' } },
    '/api/echo': { get: {}, post: {}, delete: {} },
  },
}

describe('openApiOfRoute', () => {
  it('keeps a GET route\'s operations and its HEAD twin, not the POST file on the same path', () => {
    expect(openApiOfRoute(document, { route: '/api/todos', method: 'GET' }).paths).toEqual({ '/api/todos': { get: { operationId: 'list' }, head: { operationId: 'listHead' } } })
  })

  it('maps :params and named catch-alls to OpenAPI\'s {params} and keeps the shared components', () => {
    const narrowed = openApiOfRoute(document, { route: '/api/todos/:id', method: 'PATCH' })
    expect(narrowed.paths).toEqual({ '/api/todos/{id}': { patch: { operationId: 'rename' } } })
    expect(narrowed.components).toEqual(document.components)
    expect(Object.keys(openApiOfRoute(document, { route: '/api/files/**:path', method: 'GET' }).paths)).toEqual(['/api/files/{path}'])
  })

  it('keeps every method of a file without one, and nothing for a route the document lacks', () => {
    expect(Object.keys(openApiOfRoute(document, { route: '/api/echo', method: 'ANY' }).paths['/api/echo']!)).toEqual(['get', 'post', 'delete'])
    expect(openApiOfRoute(document, { route: '/api/plain', method: 'GET' }).paths).toEqual({})
  })
})
