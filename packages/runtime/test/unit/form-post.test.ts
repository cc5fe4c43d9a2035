import { describe, expect, it } from 'vitest'
import type { FormPostRequest, LocalFetch } from '../../src/runtime/form-post/handle-form-post'
import { handleFormPost, mayConcernForms, refusalBody } from '../../src/runtime/form-post/handle-form-post'
import { formToInput } from '../../src/runtime/app/forms/form-input'
import { CALLER_HEADER, takeCallerAddress } from '../../src/runtime/server/client-address/caller-address'

/** A page request whose body is `fields` urlencoded (or `body` as given), with its real length; `reads` counts the body reads. */
function request(path: string, headers: Record<string, string>, fields: Array<[string, string]> | string = [], method = 'POST'): FormPostRequest & { reads: number } {
  const bytes = new TextEncoder().encode(typeof fields === 'string' ? fields : new URLSearchParams(fields).toString())
  const page = {
    method,
    url: new URL(path, 'http://app.test'),
    headers: new Headers({ 'host': 'app.test', 'content-length': String(bytes.length), 'content-type': 'application/x-www-form-urlencoded', ...headers }),
    reads: 0,
    readBody: async () => {
      page.reads++
      return bytes
    },
  }
  return page
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

const limits = { maxBodySize: 1024, maxFormFields: 1000, maxFormFiles: 10, maxJsonDepth: 128 }
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

  it('gives the in-process call the poster\'s address, so a rate limit counts the poster (the caller-address plugin applies it)', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    await handleFormPost({ ...request('/login?__action=/api/login', sameOrigin, [['name', 'ada']]), clientAddress: '203.0.113.7' }, fetchLocal, limits)
    const inner = { headers: { ...calls[0]!.init.headers } as Record<string, string | undefined>, socket: { remoteAddress: '' } }
    takeCallerAddress(inner)
    expect(inner.socket.remoteAddress).toBe('203.0.113.7')
    expect(inner.headers).not.toHaveProperty(CALLER_HEADER)
  })

  it('sends the action an empty text field as the empty string, as the browser\'s form does', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    await handleFormPost(request('/notes?__action=/api/notes', sameOrigin, [['text', ''], ['tags.0', 'a'], ['tags.1', '']]), fetchLocal, limits)
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ text: '', tags: ['a'] })
  })

  it('gives the action the input the browser\'s form gives it, for a multipart post with an empty text and no file chosen', async () => {
    // as Chromium posts it: an empty file input is a part with filename="" and no content
    const part = (name: string, value: string, file = '') => `--b\r\nContent-Disposition: form-data; name="${name}"${file}\r\n${file ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n${value}\r\n`
    const body = new TextEncoder().encode(`${part('title', '')}${part('notes.0', 'a')}${part('notes.1', '')}${part('file', '', '; filename=""')}--b--\r\n`)
    const page: FormPostRequest = {
      method: 'POST',
      url: new URL('/notes?__action=/api/notes', 'http://app.test'),
      headers: new Headers({ ...sameOrigin, 'host': 'app.test', 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length) }),
      readBody: async () => body,
    }
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    await handleFormPost(page, fetchLocal, limits)
    // what the browser's FormData of the same form gives
    const browser: Array<[string, FormDataEntryValue]> = [['title', ''], ['notes.0', 'a'], ['notes.1', ''], ['file', new File([], '')]]
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual(formToInput(browser))
    expect(formToInput(browser)).toEqual({ title: '', notes: ['a'] })
  })

  it('renders the page with the error\'s status and the posted values after a failure', async () => {
    const error = { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors: { 'address.city': ['Required'] } }
    const { fetchLocal } = recordingFetch({ success: false, error }, 422)
    const outcome = await handleFormPost(request('/signup?__action=/api/todos/1&__method=patch&__form=b', sameOrigin, [['name', 'a'], ['address.city', '']]), fetchLocal, limits)
    expect(outcome).toEqual({
      kind: 'render',
      status: 422,
      state: { form: 'PATCH /api/todos/1 b', values: { 'name': ['a'], 'address.city': [''] }, result: { success: false, error } },
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

  it('without Sec-Fetch-Site, refuses an Origin of this host on another scheme: an https page posting to this http server', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    const outcome = async (headers: Record<string, string>, scheme?: string) => {
      const answer = await handleFormPost({ ...request('/p?__action=/api/x', headers), scheme }, fetchLocal, limits)
      return answer.kind === 'refuse' ? answer.status : answer.kind
    }
    expect(await outcome({ origin: 'https://app.test' }, 'http:')).toBe(403)
    expect(calls).toEqual([])
    expect(await outcome({ origin: 'http://app.test' }, 'https:')).toBe(403)
    // behind a proxy that ends TLS: the first X-Forwarded-Proto is the browser's scheme
    expect(await outcome({ 'origin': 'https://app.test', 'x-forwarded-proto': 'https' }, 'http:')).toBe('redirect')
    expect(await outcome({ origin: 'http://app.test' }, 'http:')).toBe('redirect')
    // a host that cannot tell how it was reached compares the host alone
    expect(await outcome({ origin: 'https://app.test' })).toBe('redirect')
  })

  it('refuses the worst-case grid form (kI.N-1 for N names) with PAYLOAD_TOO_LARGE 413 before building it, as an action refuses it', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    const grid = Array.from({ length: 11_000 }, (_, index) => `k${index}.10999=v`).join('&')
    const page = request('/p?__action=/api/x', sameOrigin, grid)
    const outcome = await handleFormPost(page, fetchLocal, { ...limits, maxBodySize: 1024 * 1024 })
    expect(outcome).toEqual({ kind: 'refuse', status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Form data has more than 1000 fields' })
    expect(calls).toEqual([])
    // 85,000 empty fields too
    expect(await handleFormPost(request('/p?__action=/api/x', sameOrigin, '&a='.repeat(85_000)), fetchLocal, { ...limits, maxBodySize: 1024 * 1024 })).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' })
  })

  it('passes a grid form within the field limit to the action as a JSON body no bigger than a few times the form', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    const grid = Array.from({ length: 1000 }, (_, index) => `k${index}.999=v`).join('&')
    const outcome = await handleFormPost(request('/p?__action=/api/x', sameOrigin, grid), fetchLocal, { ...limits, maxBodySize: 1024 * 1024 })
    expect(outcome.kind).toBe('redirect')
    expect((calls[0]!.init.body as string).length).toBeLessThan(3 * grid.length)
  })

  it('refuses a multipart post of more files than maxFormFiles with PAYLOAD_TOO_LARGE 413, and takes one within it', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    const multipart = (files: number) => `${Array.from({ length: files }, (_, index) => `--b\r\nContent-Disposition: form-data; name="f${index}"; filename="f${index}.txt"\r\n\r\nx\r\n`).join('')}--b--\r\n`
    const post = (files: number) => request('/p?__action=/api/x', { ...sameOrigin, 'content-type': 'multipart/form-data; boundary=b' }, multipart(files))
    expect(await handleFormPost(post(11), fetchLocal, limits)).toEqual({ kind: 'refuse', status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Form data has more than 10 files' })
    expect(calls).toEqual([])
    expect((await handleFormPost(post(2), fetchLocal, limits)).kind).toBe('redirect')
    expect(calls[0]!.init.headers['content-type']).toMatch(/^multipart\/form-data/)
  })

  it('refuses a field name nested deeper than maxJsonDepth with PAYLOAD_TOO_LARGE 413, and takes one at the limit', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    const deep = (levels: number) => `${Array.from({ length: levels }, () => 'a').join('.')}=v`
    const wide = { ...limits, maxBodySize: 1024 * 1024 }
    expect(await handleFormPost(request('/p?__action=/api/x', sameOrigin, deep(60_000)), fetchLocal, wide)).toEqual({
      kind: 'refuse', status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Form field names are nested deeper than 128 levels',
    })
    expect(await handleFormPost(request('/p?__action=/api/x', sameOrigin, deep(129)), fetchLocal, wide)).toMatchObject({ status: 413 })
    expect(calls).toEqual([])
    expect((await handleFormPost(request('/p?__action=/api/x', sameOrigin, deep(128)), fetchLocal, wide)).kind).toBe('redirect')
  })

  it('refuses a body no form parser reads with PARSE_ERROR 400, and another content type with UNSUPPORTED_MEDIA_TYPE 415 before reading it', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    const cut = request('/p?__action=/api/x', { ...sameOrigin, 'content-type': 'multipart/form-data; boundary=b' }, '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1')
    expect(await handleFormPost(cut, fetchLocal, limits)).toMatchObject({ status: 400, code: 'PARSE_ERROR' })
    const text = request('/p?__action=/api/x', { ...sameOrigin, 'content-type': 'text/plain' }, 'a=1')
    expect(await handleFormPost(text, fetchLocal, limits)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' })
    expect(text.reads).toBe(0)
    expect(calls).toEqual([])
  })

  it('answers every refusal with a failure envelope', () => {
    expect(JSON.parse(refusalBody({ kind: 'refuse', status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too big' }))).toEqual({
      success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'Too big', statusCode: 413 },
    })
  })

  it('passes fields named like Object.prototype members to the action as plain fields', async () => {
    const { calls, fetchLocal } = recordingFetch({ success: true, data: 1 })
    await handleFormPost(request('/p?__action=/api/x', sameOrigin, 'toString=1&hasOwnProperty=3&a.valueOf=2'), fetchLocal, limits)
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ toString: '1', hasOwnProperty: '3', a: { valueOf: '2' } })
  })

  it('redirects a success only to a path of this origin, whatever the request path holds', async () => {
    const { fetchLocal } = recordingFetch({ success: true, data: 1 })
    const location = async (path: string) => {
      const outcome = await handleFormPost(request(path, sameOrigin, [['name', 'Ada']]), fetchLocal, limits)
      return outcome.kind === 'redirect' ? outcome.location : outcome.kind
    }
    expect(await location('/.//evil.example/?__action=/api/session')).toBe('/evil.example/')
    expect(await location('/.///evil.example?x=1&__action=/api/session')).toBe('/evil.example?x=1')
    expect(await location('/%2F%2Fevil.example?__action=/api/session')).toBe('/%2F%2Fevil.example')
    expect(await location('/signup?__action=/api/session')).toBe('/signup')
  })

  it('puts no text of the request into the flash cookie\'s attributes', async () => {
    const { fetchLocal } = recordingFetch({ success: true, data: 1 })
    const outcome = await handleFormPost(request('/x;Path=/;Domain=127.0.0.1;SameSite=None?__action=/api/session', sameOrigin, [['name', 'Ada']]), fetchLocal, limits)
    if (outcome.kind !== 'redirect') throw new Error(outcome.kind)
    const flash = outcome.setCookies.at(-1)!
    const attributes = flash.split(';').slice(1).map(part => part.trim())
    expect(attributes).toEqual(['Path=/', 'Max-Age=60', 'HttpOnly', 'SameSite=Lax'])
    const nested = await handleFormPost(request('/a/b,c;Domain=x?__action=/api/session', sameOrigin, [['name', 'Ada']]), fetchLocal, limits)
    expect(nested.kind === 'redirect' && nested.setCookies.at(-1)!.split(';')[1]!.trim()).toBe('Path=/a/')
  })

  it('never hands a secret-named field back to the page after a failure', async () => {
    const error = { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors: { email: ['Invalid'] } }
    const { fetchLocal } = recordingFetch({ success: false, error }, 422)
    const fields: Array<[string, string]> = [['name', 'A'], ['email', 'bad'], ['password', 'hunter2'], ['card_number', '4111111111111111'], ['user.newPassword', 'x'], ['cvc', '123'], ['api_key', 'k']]
    const outcome = await handleFormPost(request('/p?__action=/api/x', sameOrigin, fields), fetchLocal, limits)
    expect(outcome.kind === 'render' && outcome.state.values).toEqual({ name: ['A'], email: ['bad'] })
  })

  it('hands every text of a name back to the page: a multiple select\'s choices, the boxes checked under one name', async () => {
    const error = { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors: { name: ['Too short'] } }
    const { fetchLocal } = recordingFetch({ success: false, error }, 422)
    const fields: Array<[string, string]> = [['name', 'A'], ['workshops', 'pottery'], ['workshops', 'wine'], ['toString', 'x']]
    const outcome = await handleFormPost(request('/p?__action=/api/x', sameOrigin, fields), fetchLocal, limits)
    expect(outcome.kind === 'render' && outcome.state.values).toEqual({ name: ['A'], workshops: ['pottery', 'wine'], toString: ['x'] })
  })
})

describe('handleFormPost and the form\'s Idempotency-Key', () => {
  const replay = { success: true, data: { id: 9 } }
  const running = { success: false, error: { code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'A request with this Idempotency-Key is still running; retry later', statusCode: 409 } }

  it('sends the key the form carries in its query as the call\'s Idempotency-Key, and keeps it off the redirect', async () => {
    const { calls, fetchLocal } = recordingFetch(replay, 201)
    const outcome = await handleFormPost(request('/todos/new?__action=/api/todos&__idempotency=k-1', sameOrigin, [['title', 'Milk']]), fetchLocal, limits)
    expect(calls[0]!.init.headers['Idempotency-Key']).toBe('"k-1"')
    expect(outcome).toMatchObject({ kind: 'redirect', location: '/todos/new' })
  })

  it('sends no key for a form without one', async () => {
    const { calls, fetchLocal } = recordingFetch(replay, 201)
    await handleFormPost(request('/todos/new?__action=/api/todos', sameOrigin, [['title', 'Milk']]), fetchLocal, limits)
    expect(Object.keys(calls[0]!.init.headers).map(name => name.toLowerCase())).not.toContain('idempotency-key')
  })

  it('answers a duplicate post with the first one\'s answer: sent again while idempotent() says the first still runs', async () => {
    const answers = [running, running, replay]
    const keys: string[] = []
    const fetchLocal: LocalFetch = async (_path, init) => {
      keys.push(init.headers['Idempotency-Key']!)
      const answer = answers.shift()!
      return new Response(JSON.stringify(answer), { status: answer.success ? 201 : 409, headers: { 'content-type': 'application/json' } })
    }
    const outcome = await handleFormPost(request('/todos/new?__action=/api/todos&__idempotency=k-2', sameOrigin, [['title', 'Milk']]), fetchLocal, limits)
    expect(keys).toEqual(['"k-2"', '"k-2"', '"k-2"'])
    expect(outcome.kind).toBe('redirect')
    expect(outcome.kind === 'redirect' && decodeURIComponent(outcome.setCookies.at(-1)!)).toContain('{"form":"POST /api/todos","data":{"id":9}}')
  })

  it('renders a post without a key that finds its key running as the 409 it is', async () => {
    const { calls, fetchLocal } = recordingFetch(running, 409)
    const outcome = await handleFormPost(request('/todos/new?__action=/api/todos', sameOrigin, [['title', 'Milk']]), fetchLocal, limits)
    expect(calls).toHaveLength(1)
    expect(outcome).toMatchObject({ kind: 'render', status: 409 })
  })
})
