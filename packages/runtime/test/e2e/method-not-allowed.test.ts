import { describe, expect, inject, it } from 'vitest'

const baseURL = inject('baseURL')

async function request(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseURL}${path}`, init)
  const text = await response.text()
  return { status: response.status, headers: response.headers, text }
}

describe('a method the route files do not answer, on the server (Nitro 2 and 3)', () => {
  it('PUT on a GET and POST route is METHOD_NOT_ALLOWED 405 with Allow', async () => {
    const { status, headers, text } = await request('/api/todos', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(status).toBe(405)
    expect(headers.get('allow')).toBe('GET, HEAD, POST')
    expect(JSON.parse(text)).toEqual({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: '/api/todos does not answer PUT: it answers GET, HEAD, POST', statusCode: 405 },
    })
  })

  it('a route with a parameter names its pattern and its methods', async () => {
    const { status, headers, text } = await request('/api/todos/1', { method: 'GET' })
    expect(status).toBe(405)
    expect(headers.get('allow')).toBe('DELETE, PATCH')
    expect(JSON.parse(text).error.message).toBe('/api/todos/:id does not answer GET: it answers DELETE, PATCH')
  })

  it('OPTIONS is 204 with Allow and no body', async () => {
    const { status, headers, text } = await request('/api/todos', { method: 'OPTIONS' })
    expect(status).toBe(204)
    expect(headers.get('allow')).toBe('GET, HEAD, POST')
    expect(text).toBe('')
  })

  it('the methods the route answers still reach its actions', async () => {
    const list = await request('/api/todos')
    expect(list.status).toBe(200)
    expect(JSON.parse(list.text).success).toBe(true)
    const head = await request('/api/todos', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('allow')).toBeNull()
    const created = await request('/api/todos', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Allow' }) })
    expect(created.status).toBe(201)
    expect(JSON.parse(created.text).success).toBe(true)
  })

  it('a path no route matches answers as before (the page renderer here, an app without pages/), as GET does', async () => {
    const put = await request('/api/no-such-route', { method: 'PUT' })
    const get = await request('/api/no-such-route')
    expect(put.status).toBe(get.status)
    expect(put.status).not.toBe(405)
    expect(put.headers.get('allow')).toBeNull()
    expect(put.text).not.toContain('METHOD_NOT_ALLOWED')
  })
})
