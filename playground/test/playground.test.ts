import { describe, expect, inject, it } from 'vitest'
import { passwords, sessionCookieName, signIn } from './session'

const baseURL = inject('playgroundURL')
const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

async function call(path: string, init: RequestInit & { json?: unknown, token?: string, cookie?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  if (init.cookie) headers.set('cookie', init.cookie)
  const response = await fetch(`${baseURL}${path}`, { ...init, headers, body: init.json === undefined ? init.body : JSON.stringify(init.json) })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

describe('playground', () => {
  it('serves the page that calls the actions', async () => {
    const html = await (await fetch(baseURL)).text()
    expect(html).toContain('Action Route playground')
  })

  it('signs in with a sealed session cookie that the auth middleware reads, and signs out', async () => {
    const signedIn = await call('/api/session', { method: 'POST', json: { name: 'grace', password: passwords.Grace } })
    expect(signedIn.body).toEqual({ success: true, data: { name: 'Grace', role: 'member' } })
    const setCookie = signedIn.headers.getSetCookie().find(header => header.startsWith(`${sessionCookieName}=`))!
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    // sealed: the cookie carries no readable name or role
    expect(decodeURIComponent(setCookie)).not.toContain('Grace')
    const cookie = setCookie.split(';')[0]!
    expect((await call('/api/profile', { cookie })).body).toEqual({ success: true, data: { id: 2, name: 'Grace', role: 'member' } })
    const list = await call('/api/todos', { cookie })
    expect(list.body).toMatchObject({ success: true, data: { page: 1 } })

    const signedOut = await fetch(`${baseURL}/api/session`, { method: 'DELETE', headers: { cookie } })
    // cleared: an empty value (h3 1 adds Max-Age=0 and an Expires in 1970, h3 2 neither), and the cookie a
    // browser keeps from that answer signs nobody in
    const cleared = signedOut.headers.getSetCookie().find(header => header.startsWith(`${sessionCookieName}=`))!
    const kept = cleared.split(';')[0]!
    expect(kept).toBe(`${sessionCookieName}=`)
    expect((await call('/api/profile', { cookie: kept })).status).toBe(401)
  })

  it('refuses an unknown user, a wrong password and a forged cookie', async () => {
    const unknown = await call('/api/session', { method: 'POST', json: { name: 'Nobody', password: 'x' } })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.fieldErrors).toEqual({ name: ['Try Ada or Grace'] })
    const wrong = await call('/api/session', { method: 'POST', json: { name: 'Ada', password: 'hopper' } })
    expect(wrong.status).toBe(401)
    expect(wrong.body.error).toMatchObject({ code: 'WRONG_PASSWORD', fieldErrors: { password: ['Wrong password'] } })
    expect(wrong.headers.getSetCookie().some(header => header.startsWith(`${sessionCookieName}=`) && !header.startsWith(`${sessionCookieName}=;`) && !/Max-Age=0/i.test(header))).toBe(false)
    const forged = await call('/api/profile', { cookie: `${sessionCookieName}=Fe26.2**forged` })
    expect(forged.status).toBe(401)
  })

  it('refuses todos without a user (auth middleware)', async () => {
    const { status, body } = await call('/api/todos')
    expect(status).toBe(401)
    expect(body.error.code).toBe('UNAUTHORIZED')
  })

  it('todos CRUD with query coercion, field errors, params, ownership, and dates as ISO strings', async () => {
    const token = 'ada-token'
    const created = await call('/api/todos', { method: 'POST', json: { title: '  Ship the playground ' }, token })
    expect(created.status).toBe(201)
    expect(created.body.data).toEqual({ id: expect.any(Number), title: 'Ship the playground', done: false, createdAt: expect.stringMatching(isoDate), updatedAt: expect.stringMatching(isoDate), attachment: null })
    expect(Math.abs(Date.parse(created.body.data.createdAt) - Date.now())).toBeLessThan(60_000)
    const invalid = await call('/api/todos', { method: 'POST', json: { title: '   ' }, token })
    expect(invalid.status).toBe(422)
    expect(invalid.body.error.fieldErrors).toEqual({ title: ['Write something first'] })
    const id = created.body.data.id
    const patched = await call(`/api/todos/${id}`, { method: 'PATCH', json: { done: true }, token })
    expect(patched.body.data.done).toBe(true)
    expect(patched.body.data.createdAt).toBe(created.body.data.createdAt)
    expect(patched.body.data.updatedAt).toMatch(isoDate)
    const doneOnly = await call('/api/todos?page=1&done=true', { token })
    expect(doneOnly.body.data.items.map((todo: { id: number }) => todo.id)).toContain(id)
    expect(doneOnly.body.data.items.every((todo: { done: boolean }) => todo.done)).toBe(true)
    expect((await call('/api/todos?page=1&done=false', { token })).body.data.items.map((todo: { id: number }) => todo.id)).not.toContain(id)
    expect((await call(`/api/todos/${id}`, { token })).body.data).toEqual(patched.body.data)
    expect((await call(`/api/todos/${id}`, { method: 'PATCH', json: { done: false }, token: 'grace-token' })).status).toBe(404)
    expect((await call(`/api/todos/${id}`, { method: 'DELETE', token })).body).toEqual({ success: true, data: null })
    expect((await call(`/api/todos/${id}`, { token })).body.error.code).toBe('NOT_FOUND')
    expect((await call('/api/todos/not-a-number', { method: 'DELETE', token })).body.error.fieldErrors).toHaveProperty(['params.id'])
  })

  it('keeps the secret fields of the profile on the server (output schema)', async () => {
    const { body } = await call('/api/profile', { token: 'ada-token' })
    expect(body).toEqual({ success: true, data: { id: 1, name: 'Ada', role: 'admin' } })
  })

  it('the admin route takes its role from metadata: a member is refused', async () => {
    const cookie = await signIn(baseURL, 'Ada')
    expect((await call('/api/admin/stats', { cookie })).body.data).toEqual({ users: 5, todos: expect.any(Number), done: expect.any(Number) })
    const denied = await call('/api/admin/stats', { cookie: await signIn(baseURL, 'Grace') })
    expect(denied.status).toBe(403)
    expect(denied.body.error).toEqual({ code: 'FORBIDDEN', message: 'This needs the admin role', statusCode: 403 })
    expect((await call('/api/admin/todos', { token: 'grace-token' })).status).toBe(403)
    const everyone = (await call('/api/admin/todos', { cookie })).body.data
    expect(everyone).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, title: 'Try the playground', owner: 'Ada', createdAt: expect.stringMatching(isoDate) })]))
    expect(everyone[0]).not.toHaveProperty('ownerId')
  })

  it('an admin may delete anyone\'s todo, a member only their own', async () => {
    const grace = await signIn(baseURL, 'Grace')
    const adas = await call('/api/todos', { method: 'POST', json: { title: 'Ada\'s, not Grace\'s' }, token: 'ada-token' })
    expect((await call(`/api/todos/${adas.body.data.id}`, { method: 'DELETE', cookie: grace })).status).toBe(404)
    const graces = await call('/api/todos', { method: 'POST', json: { title: 'Grace\'s, deleted by Ada' }, cookie: grace })
    expect((await call(`/api/todos/${graces.body.data.id}`, { method: 'DELETE', token: 'ada-token' })).body).toEqual({ success: true, data: null })
    expect((await call(`/api/todos/${adas.body.data.id}`, { method: 'DELETE', token: 'ada-token' })).status).toBe(200)
  })

  it('uploads an attachment as multipart, lists it, and sends the same bytes back to its owner only', async () => {
    const cookie = await signIn(baseURL, 'Grace')
    const todo = (await call('/api/todos', { method: 'POST', json: { title: 'With a file' }, cookie })).body.data
    const bytes = new Uint8Array(Array.from({ length: 3000 }, (_, index) => index % 251))
    const form = new FormData()
    form.append('file', new File([bytes], 'notes ü.bin', { type: 'application/x-demo' }))
    const uploaded = await call(`/api/todos/${todo.id}/attachment`, { method: 'POST', body: form, cookie })
    expect(uploaded.status).toBe(200)
    expect(uploaded.body.data.attachment).toEqual({ name: 'notes ü.bin', type: 'application/x-demo', size: 3000 })
    const listed = (await call('/api/todos', { cookie })).body.data.items.find((item: { id: number }) => item.id === todo.id)
    expect(listed.attachment).toEqual({ name: 'notes ü.bin', type: 'application/x-demo', size: 3000 })

    const download = await fetch(`${baseURL}/attachments/${todo.id}`, { headers: { cookie } })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/x-demo')
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('notes ü.bin')}`)
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes)
    expect((await fetch(`${baseURL}/attachments/${todo.id}`)).status).toBe(401)
    expect((await fetch(`${baseURL}/attachments/${todo.id}`, { headers: { cookie: await signIn(baseURL, 'Ada') } })).status).toBe(404)

    const tooBig = new FormData()
    tooBig.append('file', new File([new Uint8Array(100 * 1024 + 1)], 'big.bin'))
    const refused = await call(`/api/todos/${todo.id}/attachment`, { method: 'POST', body: tooBig, cookie })
    expect(refused.status).toBe(422)
    expect(refused.body.error.fieldErrors).toEqual({ file: ['At most 100 KB'] })
    const notAFile = await call(`/api/todos/${todo.id}/attachment`, { method: 'POST', json: { file: 'x' }, cookie })
    expect(notAFile.body.error.fieldErrors).toEqual({ file: ['Choose a file'] })
    expect((await call(`/api/todos/${todo.id}`, { method: 'DELETE', cookie })).status).toBe(200)
    expect((await fetch(`${baseURL}/attachments/${todo.id}`, { headers: { cookie } })).status).toBe(404)
  })

  it('the valibot and arktype routes validate', async () => {
    expect((await call('/api/newsletter', { method: 'POST', json: { email: ' ada@example.com ' } })).body.data).toEqual({ subscribed: 'ada@example.com', topics: ['releases'] })
    expect((await call('/api/newsletter', { method: 'POST', json: { email: 'nope' } })).body.error.fieldErrors).toEqual({ email: ['Enter a valid email'] })
    expect((await call('/api/feedback', { method: 'POST', json: { rating: 5 } })).body.data).toEqual({ thanks: true, rating: 5 })
    expect(Object.keys((await call('/api/feedback', { method: 'POST', json: { rating: 9 } })).body.error.fieldErrors)).toEqual(['rating'])
  })
})
