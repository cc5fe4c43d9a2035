import { describe, expect, it } from 'vitest'
import { createApp, eventHandler, toWebHandler } from 'h3'
import { H3 } from 'h3-v2'
import { clientAddress } from '../../src/runtime/server/client-address/client-address'

/**
 * Nitro 2's shape: an h3 v1 app called in-process (a socket with no address), as its Workers entry calls it;
 * `platform` is what the entry puts on `event.context` (`cloudflare: { request, env, context }`).
 */
async function nitro2(headers: Record<string, string>, platform?: Record<string, unknown>, trustProxy = 0): Promise<string | null> {
  const app = createApp()
  app.use(eventHandler(event => ({ address: clientAddress(event, trustProxy) ?? null })))
  const request = new Request('http://localhost/api/counted', { headers })
  const answer = await toWebHandler(app)(request, platform as never)
  return (await answer.json() as { address: string | null }).address
}

/** Nitro 2's Workers entry: the platform's request beside the event, the headers Cloudflare's edge wrote on it. */
function workersEntry(headers: Record<string, string>): Record<string, unknown> {
  return { cf: {}, cloudflare: { request: new Request('https://app.example/api/counted', { headers }), env: {}, context: {} } }
}

describe('clientAddress on Nitro 2\'s Workers build', () => {
  it('takes cf-connecting-ip, as Nitro 3\'s preset does, since the entry gives the request no address', async () => {
    const headers = { 'cf-connecting-ip': '203.0.113.7' }
    expect(await nitro2(headers, workersEntry(headers))).toBe('203.0.113.7')
    const v6 = { 'cf-connecting-ip': '2001:db8::7' }
    expect(await nitro2(v6, workersEntry(v6))).toBe('2001:db8::7')
  })

  it('never reads a client-sent cf-connecting-ip elsewhere: without the Workers entry\'s context there is no address', async () => {
    expect(await nitro2({ 'cf-connecting-ip': '203.0.113.7' })).toBeNull()
    expect(await nitro2({ 'cf-connecting-ip': '203.0.113.7' }, { cloudflare: {} })).toBeNull()
  })

  it('has no address on Workers without the header (workerd alone): one shared key, as before', async () => {
    expect(await nitro2({}, workersEntry({}))).toBeNull()
    expect(await nitro2({}, workersEntry({ 'cf-connecting-ip': ' ' }))).toBeNull()
  })

  it('lets a trusted proxy\'s X-Forwarded-For entry, and an address set on the context, come first', async () => {
    const headers = { 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.1, 192.0.2.9' }
    expect(await nitro2(headers, workersEntry(headers), 1)).toBe('192.0.2.9')
    expect(await nitro2(headers, { ...workersEntry(headers), clientAddress: '192.0.2.5' })).toBe('192.0.2.5')
  })
})

describe('clientAddress on Nitro 3', () => {
  it('takes the request\'s ip, which Nitro 3\'s Workers preset sets from cf-connecting-ip, and no header of its own', async () => {
    const app = new H3()
    app.get('/api/counted', event => ({ address: clientAddress(event, 0) ?? null }))
    const withIp = new Request('http://localhost/api/counted', { headers: { 'cf-connecting-ip': '203.0.113.8' } })
    Object.defineProperty(withIp, 'ip', { value: '203.0.113.8', enumerable: true })
    expect(await (await app.fetch(withIp)).json()).toEqual({ address: '203.0.113.8' })
    const without = new Request('http://localhost/api/counted', { headers: { 'cf-connecting-ip': '203.0.113.8' } })
    expect(await (await app.fetch(without)).json()).toEqual({ address: null })
  })
})
