import { describe, expect, inject, it } from 'vitest'

const baseURL = inject('playgroundURL')

async function call(path: string, init: RequestInit & { json?: unknown, token?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  const response = await fetch(`${baseURL}${path}`, { ...init, headers, body: init.json === undefined ? init.body : JSON.stringify(init.json) })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

describe('playground', () => {
  it('serves the page that calls the actions', async () => {
    const html = await (await fetch(baseURL)).text()
    expect(html).toContain('Action Route playground')
  })

  it('signs in with a cookie that the auth middleware reads', async () => {
    const signIn = await call('/api/session', { method: 'POST', json: { name: 'Grace' } })
    expect(signIn.body).toEqual({ success: true, data: { name: 'Grace', role: 'member' } })
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
    const list = await call('/api/todos', { headers: { cookie } })
    expect(list.body).toEqual({ success: true, data: { page: 1, total: 0, items: [] } })
    const unknown = await call('/api/session', { method: 'POST', json: { name: 'Nobody' } })
    expect(unknown.body.error.fieldErrors).toEqual({ name: ['Try Ada or Grace'] })
  })

  it('refuses todos without a user (auth middleware)', async () => {
    const { status, body } = await call('/api/todos')
    expect(status).toBe(401)
    expect(body.error.code).toBe('UNAUTHORIZED')
  })

  it('todos CRUD with query coercion, field errors, params and ownership', async () => {
    const token = 'ada-token'
    const created = await call('/api/todos', { method: 'POST', json: { title: '  Ship the playground ' }, token })
    expect(created.status).toBe(201)
    expect(created.body.data).toEqual({ id: expect.any(Number), title: 'Ship the playground', done: false })
    const invalid = await call('/api/todos', { method: 'POST', json: { title: '   ' }, token })
    expect(invalid.status).toBe(422)
    expect(invalid.body.error.fieldErrors).toEqual({ title: ['Write something first'] })
    const id = created.body.data.id
    expect((await call(`/api/todos/${id}`, { method: 'PATCH', json: { done: true }, token })).body.data.done).toBe(true)
    const doneOnly = await call('/api/todos?page=1&done=true', { token })
    expect(doneOnly.body.data.items.map((todo: { id: number }) => todo.id)).toContain(id)
    expect(doneOnly.body.data.items.every((todo: { done: boolean }) => todo.done)).toBe(true)
    expect((await call(`/api/todos/${id}`, { method: 'PATCH', json: { done: false }, token: 'grace-token' })).status).toBe(404)
    expect((await call(`/api/todos/${id}`, { method: 'DELETE', token })).body).toEqual({ success: true, data: null })
    expect((await call('/api/todos/not-a-number', { method: 'DELETE', token })).body.error.fieldErrors).toHaveProperty(['params.id'])
  })

  it('keeps the secret fields of the profile on the server (output schema)', async () => {
    const { body } = await call('/api/profile', { token: 'ada-token' })
    expect(body).toEqual({ success: true, data: { id: 1, name: 'Ada', role: 'admin' } })
  })

  it('the admin route takes its role from metadata', async () => {
    expect((await call('/api/admin/stats', { token: 'ada-token' })).body.data).toEqual({ users: 2, todos: expect.any(Number), done: expect.any(Number) })
    const denied = await call('/api/admin/stats', { token: 'grace-token' })
    expect(denied.status).toBe(403)
    expect(denied.body.error).toEqual({ code: 'FORBIDDEN', message: 'This needs the admin role', statusCode: 403 })
  })

  it('the valibot and arktype routes validate', async () => {
    expect((await call('/api/newsletter', { method: 'POST', json: { email: ' ada@example.com ' } })).body.data).toEqual({ subscribed: 'ada@example.com', topics: ['releases'] })
    expect((await call('/api/newsletter', { method: 'POST', json: { email: 'nope' } })).body.error.fieldErrors).toEqual({ email: ['Enter a valid email'] })
    expect((await call('/api/feedback', { method: 'POST', json: { rating: 5 } })).body.data).toEqual({ thanks: true, rating: 5 })
    expect(Object.keys((await call('/api/feedback', { method: 'POST', json: { rating: 9 } })).body.error.fieldErrors)).toEqual(['rating'])
  })
})
