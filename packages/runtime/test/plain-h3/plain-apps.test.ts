// The runtime in plain h3 apps, one of each major, over real HTTP on 127.0.0.1: the entry each app imports
// (`@action-route/runtime/server` on h3 v1, `@action-route/runtime/server/h3-v2` on h3 v2) answers the same.
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as h3v1 from 'h3'
import * as h3v2 from 'h3-v2'
import { createActionError, defineAction as defineActionV1 } from '../../src/runtime/server'
import { defineAction as defineActionV2 } from '../../src/runtime/server/h3-v2'
import type { TestServer } from '../helpers/serve'
import { call, postJson } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('a plain $name app', (host) => {
  let server: TestServer
  beforeAll(async () => {
    server = await host.serve({
      '/echo': host.defineAction({ handler: ({ input, params }) => ({ input, params }) }),
      '/p/:id': host.defineAction({ handler: ({ input, params }) => ({ input, params }) }),
      '/files/**:path': host.defineAction({ handler: ({ params }) => params }),
      '/missing': host.defineAction({
        handler: () => {
          throw createActionError({ code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 })
        },
      }),
      '/no-content': host.defineAction({
        handler: ({ event }) => {
          host.setStatus(event, 204)
          return { saved: true }
        },
      }),
      '/created': host.defineAction({
        handler: ({ event }) => {
          host.setStatus(event, 201)
          host.setHeader(event, 'x-created', 'yes')
          return { id: 1 }
        },
      }),
      '/conflict': host.defineAction({
        handler: ({ event }) => {
          host.setStatus(event, 202, 'Accepted')
          host.setHeader(event, 'x-before', 'set')
          throw host.httpError({ status: 409, message: 'Already there', data: { secret: 'hunter2' } })
        },
      }),
    })
  })
  afterAll(() => server.close())

  it('answers a failure with its status and application/json (the issue: always 200 and text/plain)', async () => {
    const { status, headers, body } = await call(`${server.url}/missing`)
    expect(status).toBe(404)
    expect(headers.get('content-type')).toMatch(/^application\/json/)
    expect(body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 } })
  })

  it('answers a success with 200 and application/json', async () => {
    const { status, headers, body } = await postJson(`${server.url}/echo`, { a: 1 })
    expect(status).toBe(200)
    expect(headers.get('content-type')).toMatch(/^application\/json/)
    expect(body).toEqual({ success: true, data: { input: { a: 1 }, params: {} } })
  })

  it('keeps a status the handler set that carries a body, and its headers', async () => {
    const { status, headers, body } = await call(`${server.url}/created`, { method: 'POST' })
    expect(status).toBe(201)
    expect(headers.get('x-created')).toBe('yes')
    expect(body).toEqual({ success: true, data: { id: 1 } })
  })

  it('answers 200 with the envelope when the handler set 204', async () => {
    const { status, body } = await call(`${server.url}/no-content`)
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, data: { saved: true } })
  })

  it('answers the host\'s own error as SERVER_ERROR in the envelope, with its status, not h3\'s error JSON', async () => {
    const { status, headers, body } = await call(`${server.url}/conflict`)
    expect(status).toBe(409)
    expect(headers.get('content-type')).toMatch(/^application\/json/)
    expect(body).toEqual({ success: false, error: { code: 'SERVER_ERROR', message: 'Already there', statusCode: 409 } })
  })

  it('answers HEAD with the GET\'s status and headers and no body', async () => {
    const head = await fetch(`${server.url}/missing`, { method: 'HEAD' })
    expect(head.status).toBe(404)
    expect(head.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await head.text()).toBe('')
  })

  it('keeps an escaped ? or # in a route param whole, and reads the query from the URL as sent', async () => {
    for (const [path, id] of [['/p/a%3Fb?q=1', 'a?b'], ['/p/a%23b?q=1', 'a#b'], ['/p/a%3fb%3F?q=1', 'a?b?']]) {
      const { status, body } = await call(`${server.url}${path}`)
      expect(status, path).toBe(200)
      expect(body, path).toEqual({ success: true, data: { input: { q: '1' }, params: { id } } })
    }
  })

  it('decodes an escaped / in a route param, as the client escaped it to stay in one segment', async () => {
    const { status, body } = await call(`${server.url}/p/a%2Fb%20c%25?q=1`)
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, data: { input: { q: '1' }, params: { id: 'a/b c%' } } })
  })

  it('keeps an escaped ? in a catch-all param whole', async () => {
    const { body } = await call(`${server.url}/files/a/b%3Fc?x=1`)
    expect(body).toEqual({ success: true, data: { path: 'a/b?c' } })
  })

  it('refuses JSON whose bytes are not UTF-8 with PARSE_ERROR 400, however the host decodes it', async () => {
    for (const sequence of [[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xEF, 0xBF]]) {
      const body = new Uint8Array([...new TextEncoder().encode('{"a":"'), ...sequence, ...new TextEncoder().encode('"}')])
      const { status, body: answer } = await call(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect(status, sequence.join(' ')).toBe(400)
      expect(answer.error.code).toBe('PARSE_ERROR')
    }
  })

  it('accepts JSON holding U+FFFD itself, and a byte-order mark', async () => {
    expect((await postJson(`${server.url}/echo`, { a: '\uFFFD and \u{1F600}' })).body.data.input).toEqual({ a: '\uFFFD and \u{1F600}' })
    const withBom = await call(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '\uFEFF{"a":1}' })
    expect(withBom.body).toEqual({ success: true, data: { input: { a: 1 }, params: {} } })
  })

  it('refuses JSON nested deeper than the limit with 413, quotes and escapes read as strings', async () => {
    const deep = await call(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `${'['.repeat(129)}${']'.repeat(129)}` })
    expect(deep.status).toBe(413)
    const inString = await postJson(`${server.url}/echo`, { a: `\\"${'['.repeat(200)}` })
    expect(inString.status).toBe(200)
  })

  it('refuses a declared body over the limit with 413 before reading it', async () => {
    const { status, body } = await call(`${server.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
    })
    expect(status).toBe(413)
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('a body announced by Content-Length that never comes', () => {
  it('reads as no body on h3 v2 (a Request whose body is null), without waiting', async () => {
    const app = new h3v2.H3().all('/echo', defineActionV2({ handler: ({ input }) => ({ input }) }))
    const request = new Request('http://localhost/echo', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', 'content-length': '13' },
    })
    expect(request.body).toBeNull()
    expect(request.headers.get('content-length')).toBe('13')
    const response = await app.fetch(request)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, data: { input: {} } })
  })

  it('reads as no body on h3 v1, when an in-process request marks it missing on an ended stream', async () => {
    const app = h3v1.createApp().use('/echo', defineActionV1({ handler: ({ input }) => ({ input }) }))
    // as Nitro's in-process request (node-mock-http) hands a DELETE on the Workers preset to h3
    const request = new IncomingMessage(new Socket())
    request.method = 'DELETE'
    request.url = '/echo'
    request.headers = { 'content-type': 'application/json', 'content-length': '13' }
    request.push(null)
    request.resume()
    await new Promise(resolve => request.once('end', resolve))
    Object.assign(request, { body: null })
    const response = new ServerResponse(request)
    let sent = ''
    response.end = ((chunk?: unknown) => {
      sent = String(chunk ?? '')
      return response
    }) as typeof response.end
    await h3v1.toNodeListener(app)(request, response)
    expect(response.statusCode).toBe(200)
    expect(JSON.parse(sent)).toEqual({ success: true, data: { input: {} } })
  })
})
