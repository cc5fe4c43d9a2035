import { describe, expect, it, vi } from 'vitest'
import { createApp, eventHandler, getRequestIP, toWebHandler } from 'h3'
import { H3, getRequestIP as getRequestIPv2 } from 'h3-v2'
import { ssrCallHeaders } from '../../src/runtime/app/call/forwarded-headers'
import { CALLER_HEADER, callerAddressHeader, takeCallerAddress, takeWebCallerAddress } from '../../src/runtime/server/client-address/caller-address'
import { clientAddress } from '../../src/runtime/server/client-address/client-address'

// What an action sees of its caller: h3's getRequestIP, rateLimit's clientAddress, and whether the header reached it
type Seen = { ip: string | null, counted: string | null, header: string | null }

/** Nitro 2's shape: an h3 v1 app with the caller-address plugin's request hook, called in-process (a socket with no address). */
function nitro2App(): (headers: Record<string, string>) => Promise<Seen> {
  const app = createApp({ onRequest: event => takeCallerAddress(event.node.req) })
  app.use(eventHandler(event => ({
    ip: getRequestIP(event) ?? null,
    counted: clientAddress(event, 0) ?? null,
    header: (event.node.req.headers[CALLER_HEADER] as string | undefined) ?? null,
  })))
  const handler = toWebHandler(app)
  return async headers => (await handler(new Request('http://localhost/api/counted', { headers }))).json()
}

/** Nitro 3's shape: an h3 v2 app with the plugin's request hook, called in-process with a Request (no `ip`). */
function nitro3App(): (headers: Record<string, string>, ip?: string) => Promise<Seen> {
  const app = new H3({ onRequest: event => takeWebCallerAddress(event) })
  app.get('/api/counted', event => ({
    ip: getRequestIPv2(event) ?? null,
    counted: clientAddress(event, 0) ?? null,
    header: event.req.headers.get(CALLER_HEADER),
  }))
  return async (headers, ip) => {
    const request = new Request('http://localhost/api/counted', { headers })
    if (ip) Object.defineProperty(request, 'ip', { value: ip, enumerable: true })
    return (await app.fetch(request)).json()
  }
}

describe('an action called during SSR counts for the page\'s client', () => {
  it('gives the in-process request the page\'s address on Nitro 2 (its socket), and hides the header from the action', async () => {
    const headers = ssrCallHeaders('/api/counted', { cookie: 'session=ada' }, {}, '203.0.113.7')
    expect(headers[CALLER_HEADER]).toMatch(/^\S+ 203\.0\.113\.7$/)
    expect(await nitro2App()(headers)).toEqual({ ip: '203.0.113.7', counted: '203.0.113.7', header: null })
  })

  it('gives the in-process request the page\'s address on Nitro 3 (event.context.clientAddress), and hides the header from the action', async () => {
    const headers = ssrCallHeaders('/api/counted', { cookie: 'session=ada' }, {}, '2001:db8::7')
    expect(await nitro3App()(headers)).toEqual({ ip: '2001:db8::7', counted: '2001:db8::7', header: null })
  })

  it('sends no address to another server, nor when the page request had none', () => {
    expect(ssrCallHeaders('https://other.example/api', {}, {}, '203.0.113.7')).toEqual({})
    expect(ssrCallHeaders('//other.example/api', {}, {}, '203.0.113.7')).toEqual({})
    expect(ssrCallHeaders('/api/counted', {}, {}, undefined)).toEqual({})
  })

  it('lets no client claim an address with the header: a wrong token is removed and ignored on both majors', async () => {
    callerAddressHeader('198.51.100.1') // a token exists in this process
    for (const forged of ['guess 10.0.0.1', '10.0.0.1', '', `${callerAddressHeader('10.0.0.1')} extra`]) {
      expect(await nitro2App()({ [CALLER_HEADER]: forged })).toEqual({ ip: null, counted: null, header: null })
      expect(await nitro3App()({ [CALLER_HEADER]: forged })).toEqual({ ip: null, counted: null, header: null })
    }
  })

  it('never replaces the address of a request that has its own connection', async () => {
    const seen = await nitro3App()({ [CALLER_HEADER]: callerAddressHeader('10.0.0.1') }, '192.0.2.5')
    expect(seen).toEqual({ ip: '192.0.2.5', counted: '192.0.2.5', header: null })
    const request = { headers: { [CALLER_HEADER]: callerAddressHeader('10.0.0.1') } as Record<string, string | undefined>, socket: { remoteAddress: '192.0.2.5' } }
    takeCallerAddress(request)
    expect(request).toEqual({ headers: {}, socket: { remoteAddress: '192.0.2.5' } })
  })

  it('shares one token between two copies of the module (the app\'s SSR bundle and Nitro\'s server bundle)', async () => {
    vi.resetModules()
    const appCopy = await import('../../src/runtime/server/client-address/caller-address')
    vi.resetModules()
    const serverCopy = await import('../../src/runtime/server/client-address/caller-address')
    expect(appCopy).not.toBe(serverCopy)
    const request = { headers: { [CALLER_HEADER]: appCopy.callerAddressHeader('203.0.113.8') } as Record<string, string | undefined>, socket: { remoteAddress: '' } }
    serverCopy.takeCallerAddress(request)
    expect(request.socket.remoteAddress).toBe('203.0.113.8')
  })
})
