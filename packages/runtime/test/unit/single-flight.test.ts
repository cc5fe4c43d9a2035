import { describe, expect, it } from 'vitest'
import type { ActionHost } from '../../src/runtime/server/lifecycle/action-host'
import { MAX_REFRESHED, withRefreshedQueries } from '../../src/runtime/server/single-flight/internal/single-flight-refresh'
import type { SingleFlightApp } from '../../src/runtime/server/single-flight/internal/single-flight-refresh'
import { CALLER_HEADER, takeCallerAddress } from '../../src/runtime/server/client-address/caller-address'

interface FakeEvent {
  method: string
  headers: Record<string, string>
  $fetch?: (url: string, options: { headers: Record<string, string> }) => Promise<unknown>
  req?: { headers: Headers }
}

// h3 v2's host reads the Request's headers
const host = {
  method: event => event.method,
  header: (event, name) => event.headers[name] ?? (event.req?.headers instanceof Headers ? event.req.headers.get(name) ?? undefined : undefined),
} as ActionHost<FakeEvent>

const success = JSON.stringify({ success: true, data: { id: 1 } })
/** An app whose every in-app path is a GET action, at the root: what these tests of the mechanics need. */
const anyRoute: SingleFlightApp = { baseURL: '/', isActionGet: () => true }

/** A Nitro 2 event whose in-app `$fetch` answers each URL with an envelope naming it, recording the calls. */
function nitroEvent(method: string, headers: Record<string, string>) {
  const fetched: Array<{ url: string, headers: Record<string, string> }> = []
  const event: FakeEvent = {
    method,
    headers,
    $fetch: async (url, options) => {
      fetched.push({ url, headers: options.headers })
      if (url === '/page') return '<html></html>'
      if (url === '/broken') throw new Error('down')
      return { success: true, data: url }
    },
  }
  return { event, fetched }
}

describe('single flight on the server', () => {
  it('adds the asked queries\' envelopes under refreshed, after the data, keyed by URL', async () => {
    const { event, fetched } = nitroEvent('POST', { 'x-action-refresh': JSON.stringify(['/api/todos', '/api/stats?x=1']) })
    const answer = JSON.parse(await withRefreshedQueries(event, host, success, anyRoute) as string)
    expect(answer).toEqual({ success: true, data: { id: 1 }, refreshed: { '/api/todos': { success: true, data: '/api/todos' }, '/api/stats?x=1': { success: true, data: '/api/stats?x=1' } } })
    // the inner calls never ask for single flight themselves, and are marked as its own
    expect(fetched.every(call => call.headers['x-action-refresh'] === '' && call.headers['x-action-route-single-flight'] === '1')).toBe(true)
  })

  it('leaves the answer as it is for a caller that did not ask, a GET, a failure or a host without in-process fetch', () => {
    const asked = { 'x-action-refresh': JSON.stringify(['/api/todos']) }
    expect(withRefreshedQueries(nitroEvent('POST', {}).event, host, success, anyRoute)).toBe(success)
    expect(withRefreshedQueries(nitroEvent('GET', asked).event, host, success, anyRoute)).toBe(success)
    const failure = JSON.stringify({ success: false, error: { code: 'X', message: 'x', statusCode: 400 } })
    expect(withRefreshedQueries(nitroEvent('POST', asked).event, host, failure, anyRoute)).toBe(failure)
    expect(withRefreshedQueries({ method: 'POST', headers: asked }, host, success, anyRoute)).toBe(success)
  })

  it('runs nothing for a header naming anything outside the app, and at most 8 queries', async () => {
    for (const urls of [['//evil.example/x'], ['https://evil.example/x'], ['/\\evil'], 'not json', [1]]) {
      const { event, fetched } = nitroEvent('PATCH', { 'x-action-refresh': typeof urls === 'string' ? urls : JSON.stringify(urls) })
      expect(withRefreshedQueries(event, host, success, anyRoute)).toBe(success)
      expect(fetched).toEqual([])
    }
    const many = Array.from({ length: MAX_REFRESHED + 3 }, (_, index) => `/api/q${index}`)
    const { event, fetched } = nitroEvent('DELETE', { 'x-action-refresh': JSON.stringify(many) })
    await withRefreshedQueries(event, host, success, anyRoute)
    expect(fetched).toHaveLength(MAX_REFRESHED)
  })

  it('leaves out what is not an envelope or failed to load: the caller refetches it', async () => {
    const { event } = nitroEvent('POST', { 'x-action-refresh': JSON.stringify(['/page', '/broken', '/api/ok']) })
    const answer = JSON.parse(await withRefreshedQueries(event, host, success, anyRoute) as string)
    expect(Object.keys(answer.refreshed)).toEqual(['/api/ok'])
  })

  it('calls the app in-process on h3 v2 (Nitro 3) with the caller\'s headers, but not its body\'s', async () => {
    const seen: Request[] = []
    const event = {
      method: 'PATCH',
      headers: { 'x-action-refresh': JSON.stringify(['/api/todos?page=2']) },
      req: { url: 'http://app.test/api/todos/1', headers: new Headers({ 'cookie': 'session=1', 'authorization': 'Bearer t', 'content-type': 'application/json', 'content-length': '12', 'x-action-refresh': '[]' }) },
      app: {
        fetch(request: Request) {
          seen.push(request)
          return Response.json({ success: true, data: [] })
        },
      },
    }
    const answer = JSON.parse(await withRefreshedQueries(event as unknown as FakeEvent, host, success, anyRoute) as string)
    expect(answer.refreshed).toEqual({ '/api/todos?page=2': { success: true, data: [] } })
    expect(seen[0]!.url).toBe('http://app.test/api/todos?page=2')
    expect(seen[0]!.method).toBe('GET')
    // and the mark that makes a streaming action run nothing
    expect(Object.fromEntries(seen[0]!.headers)).toEqual({ 'cookie': 'session=1', 'authorization': 'Bearer t', 'x-action-route-single-flight': '1' })
  })

  it('puts the app\'s base URL before each query\'s URL on h3 v2, whose app routes the URL as a browser sends it', async () => {
    const seen: string[] = []
    const event = {
      method: 'POST',
      headers: { 'x-action-refresh': JSON.stringify(['/api/todos', '/shop/api/stats']) },
      req: { url: 'http://app.test/shop/api/todos', headers: new Headers() },
      app: {
        fetch(request: Request) {
          seen.push(new URL(request.url).pathname)
          return Response.json({ success: true, data: [] })
        },
      },
    }
    const answer = JSON.parse(await withRefreshedQueries(event as unknown as FakeEvent, host, success, { ...anyRoute, baseURL: '/shop/' }) as string)
    // keyed by the URLs the caller sent; one already under the base is not given it twice
    expect(Object.keys(answer.refreshed)).toEqual(['/api/todos', '/shop/api/stats'])
    expect(seen).toEqual(['/shop/api/todos', '/shop/api/stats'])
  })
})

/** Who the session cookie of a Cookie header names, as the playground's /api/profile answers. */
function profileFor(cookie: string | null | undefined) {
  const session = /(?:^|; )session=([^;]*)/.exec(cookie ?? '')?.[1]
  const name = { 'ada-token': 'Ada', 'grace-token': 'Grace' }[session ?? '']
  return name ? { success: true, data: { name } } : { success: false, error: { code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 } }
}

/** A Nitro 2 event (h3 v1) whose mutation answered `setCookies`, its in-app `$fetch` answering /api/profile from the Cookie it is given. */
function nitroEventAfter(cookie: string | undefined, setCookies: string[], extra: Partial<{ remoteAddress: string }> = {}) {
  const calls: Array<{ headers: Record<string, string> }> = []
  const responseHeaders: Record<string, unknown> = { 'set-cookie': setCookies }
  const headers = { 'x-action-refresh': JSON.stringify(['/api/profile']), ...cookie ? { cookie } : {} }
  const node = {
    req: { headers, socket: { remoteAddress: extra.remoteAddress ?? '203.0.113.7' } },
    res: { getHeader: (name: string) => responseHeaders[name], setHeader: (name: string, value: string) => responseHeaders[name] = value },
  }
  const event = {
    method: 'POST',
    headers,
    node,
    // h3 1.15 also names Node's request and response `req` and `res`
    req: node.req,
    res: node.res,
    $fetch: async (_url: string, options: { headers: Record<string, string> }) => {
      calls.push(options)
      return profileFor(options.headers.cookie)
    },
  }
  return { event: event as unknown as FakeEvent, calls, responseHeaders }
}

/** An h3 v2 event (Nitro 3) whose mutation answered `setCookies` on `event.res.headers`, its app answering /api/profile from the Cookie it is given. */
function h3V2EventAfter(cookie: string | undefined, setCookies: string[]) {
  const seen: Request[] = []
  const res = { headers: new Headers() }
  for (const line of setCookies) res.headers.append('set-cookie', line)
  const event = {
    method: 'DELETE',
    headers: {},
    req: { url: 'http://app.test/api/session', headers: new Headers({ 'x-action-refresh': JSON.stringify(['/api/profile']), ...cookie ? { cookie } : {} }), ip: '198.51.100.4' },
    res,
    app: {
      fetch(request: Request) {
        seen.push(request)
        return Response.json(profileFor(request.headers.get('cookie')))
      },
    },
  }
  return { event: event as unknown as FakeEvent, seen, res }
}

const refreshedProfile = async (event: FakeEvent) => JSON.parse(await withRefreshedQueries(event, host, success, anyRoute) as string).refreshed['/api/profile']

describe('single flight refreshes with the cookies the mutation set or cleared', () => {
  it('answers a sign-out with the signed-out profile, not the previous user\'s (Nitro 2 and h3 v2)', async () => {
    const signOut = ['session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']
    const nitro = nitroEventAfter('theme=dark; session=ada-token', signOut)
    expect((await refreshedProfile(nitro.event)).error.code).toBe('UNAUTHORIZED')
    // the other cookies still go along
    expect(nitro.calls[0]!.headers.cookie).toBe('theme=dark')
    const h3 = h3V2EventAfter('session=ada-token', signOut)
    expect((await refreshedProfile(h3.event)).error.code).toBe('UNAUTHORIZED')
    expect(h3.seen[0]!.headers.has('cookie')).toBe(false)
  })

  it('answers a sign-in with the signed-in user, not UNAUTHORIZED (Nitro 2 and h3 v2)', async () => {
    const signIn = ['session=ada-token; Path=/; HttpOnly; SameSite=Lax']
    expect((await refreshedProfile(nitroEventAfter(undefined, signIn).event)).data).toEqual({ name: 'Ada' })
    expect((await refreshedProfile(h3V2EventAfter(undefined, signIn).event)).data).toEqual({ name: 'Ada' })
  })

  it('answers an account switch with the new account\'s profile (Nitro 2 and h3 v2)', async () => {
    const switchTo = ['session=grace-token; Path=/; HttpOnly']
    expect((await refreshedProfile(nitroEventAfter('session=ada-token', switchTo).event)).data).toEqual({ name: 'Grace' })
    expect((await refreshedProfile(h3V2EventAfter('session=ada-token', switchTo).event)).data).toEqual({ name: 'Grace' })
  })
})

describe('single flight runs only the app\'s GET actions, as the caller', () => {
  it('runs only the URLs that name a GET action, and leaves the others out for the client to refetch', async () => {
    const { event, fetched } = nitroEvent('POST', { 'x-action-refresh': JSON.stringify(['/api/todos?page=2', '/todos', '/api/internal/ip', '/favicon.ico']) })
    const app: SingleFlightApp = { baseURL: '/', isActionGet: url => url.startsWith('/api/todos') }
    const answer = JSON.parse(await withRefreshedQueries(event, host, success, app) as string)
    expect(Object.keys(answer.refreshed)).toEqual(['/api/todos?page=2'])
    expect(fetched.map(call => call.url)).toEqual(['/api/todos?page=2'])
  })

  it('says Vary: x-action-refresh on a mutation\'s answer, keeping the handler\'s own Vary', async () => {
    const nitro = nitroEventAfter('session=ada-token', [])
    nitro.responseHeaders.vary = 'accept-language'
    await withRefreshedQueries(nitro.event, host, success, anyRoute)
    expect(nitro.responseHeaders.vary).toBe('accept-language, x-action-refresh')
    const h3 = h3V2EventAfter('session=ada-token', [])
    await withRefreshedQueries(h3.event, host, success, anyRoute)
    expect(h3.res.headers.get('vary')).toBe('x-action-refresh')
  })

  it('gives the inner requests the caller\'s address for getRequestIP (Nitro 2: its in-process socket, h3 v2: the request\'s ip)', async () => {
    const nitro = nitroEventAfter('session=ada-token', [], { remoteAddress: '203.0.113.9' })
    await withRefreshedQueries(nitro.event, host, success, anyRoute)
    // what the Nitro 2 plugin's request hook does with the inner request
    const inner = { headers: { ...nitro.calls[0]!.headers } as Record<string, string | undefined>, socket: { remoteAddress: '' } }
    takeCallerAddress(inner)
    expect(inner.socket.remoteAddress).toBe('203.0.113.9')
    expect(inner.headers).not.toHaveProperty(CALLER_HEADER)
    // a client that sends the header itself claims nothing
    const forged = { headers: { [CALLER_HEADER]: 'guess 10.0.0.1' } as Record<string, string | undefined>, socket: { remoteAddress: '' } }
    takeCallerAddress(forged)
    expect(forged.socket.remoteAddress).toBe('')
    expect(forged.headers).not.toHaveProperty(CALLER_HEADER)
    const h3 = h3V2EventAfter('session=ada-token', [])
    await withRefreshedQueries(h3.event, host, success, anyRoute)
    expect((h3.seen[0] as Request & { ip?: string }).ip).toBe('198.51.100.4')
  })
})
