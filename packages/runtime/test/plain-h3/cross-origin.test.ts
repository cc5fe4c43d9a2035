// The cross-origin guard of the parse step in plain apps of both h3 majors, over real HTTP on 127.0.0.1: a body
// method that a browser marks as from another origin answers CROSS_ORIGIN_REQUEST 403 before the body is read
// or any middleware runs, unless the action, its client or the module trusts that origin.
import { request } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../helpers/serve'
import { call, serve } from '../helpers/serve'
import { hosts } from '../helpers/hosts'
import { setModuleTrustedOrigins } from '../../src/runtime/server/cross-origin/trusted-origins'
import formPostNitro2 from '../../src/runtime/form-post/nitro2'

const REFUSED = {
  success: false,
  error: { code: 'CROSS_ORIGIN_REQUEST', message: 'A page of another origin cannot call this action', statusCode: 403 },
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe.each(hosts)('cross-origin requests on $name', (host) => {
  let server: TestServer
  let hostHeader: string
  const ran: string[] = []

  beforeAll(async () => {
    const record = host.defineActionMiddleware('record', ({ next }) => {
      ran.push('middleware')
      return next()
    })
    server = await host.serve({
      '/todos': host.defineAction({
        middleware: [record],
        handler: ({ input }) => {
          ran.push('handler')
          return { created: input }
        },
      }),
      '/pay-back': host.defineAction({ trustedOrigins: ['https://pay.example'], handler: ({ input }) => input }),
      '/open': host.defineAction({ trustedOrigins: ['*'], handler: ({ input }) => input }),
      '/from-client': host.createActionClient({ trustedOrigins: ['https://admin.example'] }).handler(({ input }) => input),
    })
    hostHeader = new URL(server.url).host
  })
  afterAll(() => server.close())
  afterEach(() => {
    ran.length = 0
    setModuleTrustedOrigins([])
  })

  const post = (path: string, headers: Record<string, string>, body: BodyInit = 'title=Pay+me', method = 'POST') =>
    call(`${server.url}${path}`, { method, headers: { ...FORM, ...headers }, body })

  it('refuses a cross-site form post with 403 CROSS_ORIGIN_REQUEST before any middleware runs', async () => {
    const answer = await post('/todos', { 'origin': 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(answer.status).toBe(403)
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(answer.body).toEqual(REFUSED)
    expect(ran).toEqual([])
  })

  it('refuses a post from another origin of the same site (Sec-Fetch-Site: same-site)', async () => {
    const answer = await post('/todos', { 'origin': 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' })
    expect(answer.body).toEqual(REFUSED)
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses a cross-site %s whatever its content type: JSON, multipart, text/plain or none', async (method) => {
    const site = { 'sec-fetch-site': 'cross-site', 'origin': 'https://evil.example' }
    const multipart = new FormData()
    multipart.append('title', 'x')
    for (const [headers, body] of [
      [{ ...site, 'content-type': 'application/json' }, '{"title":"x"}'],
      [site, multipart],
      [{ ...site, 'content-type': 'text/plain' }, 'title=x'],
      [{ ...site, 'content-type': '' }, ''],
    ] as const) {
      const answer = await call(`${server.url}/todos`, { method, headers, body })
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual(REFUSED)
    }
    expect(ran).toEqual([])
  })

  it('refuses before the body is read: the answer comes while the declared body is still unsent', async () => {
    const { port } = new URL(server.url)
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/todos', method: 'POST', headers: { ...FORM, 'content-length': '1000', 'sec-fetch-site': 'cross-site' } })
      req.on('response', (response) => {
        resolve(response.statusCode!)
        response.resume()
        req.destroy()
      })
      req.on('error', reject)
      req.write('title=')
    })
    expect(status).toBe(403)
  })

  it('without Sec-Fetch-Site, refuses an Origin that is not the request\'s host, and Origin: null', async () => {
    expect((await post('/todos', { origin: 'https://evil.example' })).body).toEqual(REFUSED)
    expect((await post('/todos', { origin: 'null' })).body).toEqual(REFUSED)
    expect((await post('/todos', { origin: `http://${hostHeader}` })).status).toBe(200)
  })

  it('behind a proxy, compares Origin with the first X-Forwarded-Host', async () => {
    const proxied = { 'origin': 'https://shop.example', 'x-forwarded-host': 'shop.example, internal:3000' }
    expect((await post('/todos', proxied)).status).toBe(200)
    expect((await post('/todos', { ...proxied, origin: 'https://evil.example' })).body).toEqual(REFUSED)
  })

  it('without Sec-Fetch-Site, refuses an Origin of the same host on another scheme: an https page posting to this http server', async () => {
    expect((await post('/todos', { origin: `https://${hostHeader}` })).body).toEqual(REFUSED)
    expect(ran).toEqual([])
  })

  it('behind a proxy, compares Origin\'s scheme with the first X-Forwarded-Proto', async () => {
    expect((await post('/todos', { 'origin': `https://${hostHeader}`, 'x-forwarded-proto': 'https' })).status).toBe(200)
    expect((await post('/todos', { 'origin': 'https://shop.example', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https, http' })).status).toBe(200)
    expect((await post('/todos', { 'origin': 'http://shop.example', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' })).body).toEqual(REFUSED)
  })

  it('takes a post from the same origin, from the user\'s own navigation (none), and with no browser header (curl, webhooks)', async () => {
    expect((await post('/todos', { 'sec-fetch-site': 'same-origin', 'origin': `http://${hostHeader}` })).body).toEqual({ success: true, data: { created: { title: 'Pay me' } } })
    expect((await post('/todos', { 'sec-fetch-site': 'none' })).status).toBe(200)
    expect((await post('/todos', {})).status).toBe(200)
    expect(ran).toEqual(['middleware', 'handler', 'middleware', 'handler', 'middleware', 'handler'])
  })

  it('never refuses a GET or a HEAD: a query changes nothing', async () => {
    const answer = await call(`${server.url}/todos?title=x`, { headers: { 'sec-fetch-site': 'cross-site', 'origin': 'https://evil.example' } })
    expect(answer.status).toBe(200)
  })

  it('an action\'s trustedOrigins let that origin post, and only it', async () => {
    const pay = { 'sec-fetch-site': 'cross-site', 'origin': 'https://pay.example' }
    expect((await post('/pay-back', pay)).body).toEqual({ success: true, data: { title: 'Pay me' } })
    expect((await post('/pay-back', { ...pay, origin: 'https://evil.example' })).body).toEqual(REFUSED)
    expect((await post('/pay-back', { 'sec-fetch-site': 'cross-site' })).body).toEqual(REFUSED)
  })

  it('trustedOrigins [\'*\'] takes posts from any page, Origin: null included', async () => {
    expect((await post('/open', { 'sec-fetch-site': 'cross-site', 'origin': 'https://anyone.example' })).status).toBe(200)
    expect((await post('/open', { origin: 'null' })).status).toBe(200)
  })

  it('createActionClient({ trustedOrigins }) trusts those origins for its actions', async () => {
    const admin = { 'sec-fetch-site': 'same-site', 'origin': 'https://admin.example' }
    expect((await post('/from-client', admin)).status).toBe(200)
    expect((await post('/todos', admin)).body).toEqual(REFUSED)
  })

  it('the module-wide trusted origins let their pages post to every action', async () => {
    setModuleTrustedOrigins('https://admin.example, https://ops.example')
    const ops = { 'sec-fetch-site': 'cross-site', 'origin': 'https://ops.example' }
    expect((await post('/todos', ops)).status).toBe(200)
    expect((await post('/pay-back', ops)).status).toBe(200)
    expect((await post('/todos', { ...ops, origin: 'https://evil.example' })).body).toEqual(REFUSED)
  })

  it('a trustedOrigins entry that is no origin throws when the action is defined, quoting it', () => {
    expect(() => host.defineAction({ trustedOrigins: ['https://pay.example/return'], handler: () => null }))
      .toThrow('defineAction: `trustedOrigins` takes origins as browsers send them ("https://pay.example") or "*", got "https://pay.example/return"')
    expect(() => host.defineAction({ trustedOrigins: 'pay.example' as never, handler: () => null })).toThrow(/got "pay.example"/)
  })
})

// Nitro 2's form middleware on a real socket: the scheme it compares is the connection's, as the action routes' is
describe('the no-JS form path of Nitro 2 on a plain h3 1 app', () => {
  let server: TestServer
  let hostHeader: string
  const actionCalls: string[] = []
  const nitroFetch = (globalThis as { $fetch?: unknown }).$fetch

  beforeAll(async () => {
    // Nitro's in-app $fetch, as the middleware calls it: the action answers a success
    ;(globalThis as { $fetch?: unknown }).$fetch = {
      raw: async (path: string) => {
        actionCalls.push(path)
        return { status: 200, headers: new Headers({ 'content-type': 'application/json' }), _data: JSON.stringify({ success: true, data: { ok: true } }) }
      },
    }
    server = await serve({ '/rsvp': formPostNitro2 })
    hostHeader = new URL(server.url).host
  })
  afterAll(async () => {
    ;(globalThis as { $fetch?: unknown }).$fetch = nitroFetch
    await server.close()
  })
  afterEach(() => {
    actionCalls.length = 0
  })

  const postForm = (headers: Record<string, string>) =>
    fetch(`${server.url}/rsvp?__action=/api/rsvp`, { method: 'POST', headers: { ...FORM, ...headers }, body: 'name=Ada', redirect: 'manual' })

  it('without Sec-Fetch-Site, refuses an https page of this host posting to this http server, before the action runs', async () => {
    const answer = await postForm({ origin: `https://${hostHeader}` })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual(REFUSED)
    expect(actionCalls).toEqual([])
  })

  it('takes the post when the first X-Forwarded-Proto names the Origin\'s scheme, and a post of this very origin', async () => {
    const proxied = await postForm({ 'origin': `https://${hostHeader}`, 'x-forwarded-proto': 'https' })
    expect(proxied.status).toBe(303)
    expect(proxied.headers.get('location')).toBe('/rsvp')
    const own = await postForm({ origin: `http://${hostHeader}` })
    expect(own.status).toBe(303)
    expect(actionCalls).toEqual(['/api/rsvp', '/api/rsvp'])
  })
})
