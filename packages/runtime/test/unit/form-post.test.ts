import { describe, expect, it } from 'vitest'
import type { FormPostRequest, LocalFetch } from '../../src/runtime/form-post/handle-form-post'
import { handleFormPost, mayConcernForms } from '../../src/runtime/form-post/handle-form-post'

function request(path: string, headers: Record<string, string>, fields: Array<[string, string]> = [], method = 'POST'): FormPostRequest {
  const form = new FormData()
  for (const [name, value] of fields) form.append(name, value)
  return { method, url: new URL(path, 'http://app.test'), headers: new Headers({ 'host': 'app.test', 'content-length': '100', ...headers }), readForm: async () => form }
}

function recordingFetch(answer: unknown, status = 200, setCookie?: string) {
  const calls: Array<{ path: string, init: Parameters<LocalFetch>[1] }> = []
  const fetchLocal: LocalFetch = async (path, init) => {
    calls.push({ path, init })
    const headers = new Headers({ 'content-type': 'application/json' })
    if (setCookie) headers.append('set-cookie', setCookie)
    return new Response(JSON.stringify(answer), { status, headers })
  }
  return { calls, fetchLocal }
}

const limits = { maxBodySize: 1024 }
const sameOrigin = { 'sec-fetch-site': 'same-origin', 'cookie': 'session=s1' }

describe('mayConcernForms', () => {
  it('picks out a POST with the form query and a GET with the flash cookie, and nothing else', () => {
    expect(mayConcernForms('POST', '/signup?__action=/api/signup', undefined)).toBe(true)
    expect(mayConcernForms('GET', '/signup', 'a=1; action-route-form=x')).toBe(true)
    expect(mayConcernForms('POST', '/api/signup', 'action-route-form=x')).toBe(false)
    expect(mayConcernForms('GET', '/signup?__action=/api/signup', 'a=1')).toBe(false)
    expect(mayConcernForms('PUT', '/signup?__action=/api/signup', undefined)).toBe(false)
  })
})

describe('handleFormPost', () => {
  it('passes a POST without the form query and a GET without the flash cookie', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    expect(await handleFormPost(request('/signup', sameOrigin), fetchLocal, limits)).toEqual({ kind: 'pass' })
    expect(await handleFormPost(request('/signup', {}, [], 'GET'), fetchLocal, limits)).toEqual({ kind: 'pass' })
    expect(calls).toEqual([])
  })

  it('runs the action with the nested input and the user\'s cookie, then answers 303 back to the page with a flash', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: { id: 7 } }, 200, 'session=s2; Path=/')
    const outcome = await handleFormPost(request('/signup?ref=x&__action=/api/signup', sameOrigin, [['address.city', 'Oslo']]), fetchLocal, limits)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.path).toBe('/api/signup')
    expect(calls[0]!.init.method).toBe('POST')
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ address: { city: 'Oslo' } })
    expect(calls[0]!.init.headers).toMatchObject({ 'cookie': 'session=s1', 'content-type': 'application/json' })
    expect(calls[0]!.init.headers['content-length']).toBeUndefined()
    expect(outcome.kind).toBe('redirect')
    if (outcome.kind !== 'redirect') return
    expect(outcome.location).toBe('/signup?ref=x')
    expect(outcome.setCookies[0]).toBe('session=s2; Path=/')
    expect(outcome.setCookies[1]).toMatch(/^action-route-form=.+; Path=\/signup; Max-Age=60; HttpOnly; SameSite=Lax$/)

    // the page loaded after the redirect reads the flash once and clears it
    const flash = outcome.setCookies[1]!.split(';')[0]!
    const page = await handleFormPost(request('/signup?ref=x', { 'cookie': flash, 'sec-fetch-dest': 'document' }, [], 'GET'), fetchLocal, limits)
    expect(page).toEqual({
      kind: 'render',
      state: { form: 'POST /api/signup', values: {}, result: { success: true, data: { id: 7 } } },
      setCookies: ['action-route-form=; Path=/signup; Max-Age=0; HttpOnly; SameSite=Lax'],
    })
    // an image or fetch under the page's path leaves it alone
    expect(await handleFormPost(request('/signup', { 'cookie': flash, 'sec-fetch-dest': 'image' }, [], 'GET'), fetchLocal, limits)).toEqual({ kind: 'pass' })
  })

  it('renders the page with the error\'s status and the posted values after a failure', async () => {
    const error = { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors: { 'address.city': ['Required'] } }
    const { fetchLocal } = recordingFetch({ success: false, error }, 422)
    const outcome = await handleFormPost(request('/signup?__action=/api/todos/1&__method=patch&__form=b', sameOrigin, [['name', 'a'], ['address.city', '']]), fetchLocal, limits)
    expect(outcome).toEqual({
      kind: 'render',
      status: 422,
      state: { form: 'PATCH /api/todos/1 b', values: { 'name': 'a', 'address.city': '' }, result: { success: false, error } },
      setCookies: [],
    })
  })

  it('refuses, before reading the body or running anything, a post from another site, of another app, too big or without a length', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    const refused = async (path: string, headers: Record<string, string>) => {
      const outcome = await handleFormPost(request(path, headers), fetchLocal, limits)
      return outcome.kind === 'refuse' ? outcome.status : outcome.kind
    }
    expect(await refused('/p?__action=/api/x', { 'sec-fetch-site': 'cross-site' })).toBe(403)
    expect(await refused('/p?__action=/api/x', { 'sec-fetch-site': 'same-site' })).toBe(403)
    expect(await refused('/p?__action=/api/x', { origin: 'https://evil.test' })).toBe(403)
    expect(await refused('/p?__action=/api/x', { origin: 'null' })).toBe(403)
    expect(await refused('/p?__action=//evil.test/api', sameOrigin)).toBe(400)
    expect(await refused('/p?__action=/api/x&__method=GET', sameOrigin)).toBe(400)
    expect(await refused(`/p?__action=${encodeURIComponent('/p?__action=/api/x')}`, sameOrigin)).toBe(400)
    expect(await refused('/p?__action=/api/x', { ...sameOrigin, 'content-length': '2048' })).toBe(413)
    expect(calls).toEqual([])
    // an Origin of this host is a post of this app
    expect(await refused('/p?__action=/api/x', { origin: 'http://app.test' })).toBe('redirect')
  })
})
