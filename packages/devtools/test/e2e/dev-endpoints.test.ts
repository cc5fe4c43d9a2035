import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestRecord } from '../../src/shared/types'
import { startNuxtDev } from './dev-server'
import type { RunningNuxtDev } from './dev-server'

let app: RunningNuxtDev

beforeAll(async () => {
  app = await startNuxtDev()
})
afterAll(() => app?.close())

const ENDPOINTS: [string, string][] = [
  ['GET', '/__action-route/api/routes'],
  ['GET', '/__action-route/api/records'],
  ['DELETE', '/__action-route/api/records'],
  ['GET', '/__action-route/api/stream'],
  ['GET', '/__action-route/api/scaffold'],
  ['POST', '/__action-route/api/actions'],
]

async function call(method: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseURL}${path}`, { method, headers, signal: AbortSignal.timeout(10_000) })
  const type = response.headers.get('content-type') ?? ''
  // the stream never ends: read its head only
  const body = type.includes('event-stream') ? '' : await response.text()
  if (type.includes('event-stream')) await response.body?.cancel()
  return { status: response.status, type, body }
}

/** node:http sends the Host header as given, which fetch does not. */
function callWithHost(method: string, path: string, headers: Record<string, string>): Promise<{ status: number, body: string }> {
  const { hostname, port } = new URL(app.baseURL)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

async function records(): Promise<RequestRecord[]> {
  const response = await fetch(`${app.baseURL}/__action-route/api/records`, { headers: app.authHeaders })
  expect(response.status).toBe(200)
  return response.json() as Promise<RequestRecord[]>
}

// a sign-in attempt with no password: refused (422), and recorded like any call
async function signIn(name: string) {
  await fetch(`${app.baseURL}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) })
}

describe('the dev-only endpoints in nuxi dev', () => {
  it.each(ENDPOINTS)('%s %s refuses a caller without the token, with the same answer as any refusal', async (method, path) => {
    const refused = await call(method, path)
    expect(refused.status).toBe(403)
    expect(refused.type).not.toMatch(/event-stream/)
    expect(refused.body).not.toMatch(/\/api\/todos|"routes"|record/)
    expect(await call(method, path, { 'x-action-route-token': 'wrong' })).toEqual(refused)
    expect(await call(method, path, { ...app.authHeaders, origin: 'http://evil.example' })).toEqual(refused)
    expect(await call(method, path, { ...app.authHeaders, 'sec-fetch-site': 'cross-site' })).toEqual(refused)
  })

  it.each(ENDPOINTS)('%s %s refuses a forged Host header without the token', async (method, path) => {
    expect((await callWithHost(method, path, { host: 'localhost' })).status).toBe(403)
    expect((await callWithHost(method, path, { host: 'rebound.example:3000', origin: 'http://rebound.example:3000' })).status).toBe(403)
  })

  it('answers the developer: routes, records and the live stream', async () => {
    const routes = await call('GET', '/__action-route/api/routes', app.authHeaders)
    expect(routes.status).toBe(200)
    expect(routes.body).toContain('/api/todos')

    // the stream answers at once, not at its first keep-alive 15 s later, so the panel knows it is connected
    const response = await fetch(`${app.baseURL}/__action-route/api/stream`, { headers: app.authHeaders, signal: AbortSignal.timeout(5000) })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/event-stream/)
    const reader = response.body!.getReader()
    await signIn('streamed-user')
    let text = ''
    while (!text.includes('streamed-user')) text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    expect(text).toMatch(/event: record/)
  })

  it('starts with no Nitro v2 compatibility layer and no deprecated DevTools API', () => {
    // Nuxt 5 names every module it runs through its Nitro v2 layer (NUXT_B9003), DevTools 4 every deprecated call (NDT_DEP_)
    expect(app.log()).not.toMatch(/NUXT_B9003|@action-route\/runtime \(imports|NDT_DEP_/)
  })

  it('answers a POST and a DELETE with a Content-Length while recording them, the action reading the whole body', async () => {
    // Nuxt 5's dev server hung on these when the recorder left the body half-read: each call must answer in time
    // the playground's sign-in takes a seeded account's name and password
    const body = JSON.stringify({ name: 'Ada', password: 'lovelace' })
    const response = await fetch(`${app.baseURL}/api/session?probe=content-length`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body, signal: AbortSignal.timeout(10_000) })
    expect(response.status).toBe(200)
    const envelope = await response.json() as { success: boolean }
    expect(envelope).toEqual({ success: true, data: { name: 'Ada', role: 'admin' } })
    const recorded = (await records()).findLast(entry => entry.url === '/api/session?probe=content-length')
    expect(recorded?.input).toEqual({ name: 'Ada', password: '[redacted]' })
    expect(recorded?.status).toBe(response.status)
    expect(recorded?.envelope).toEqual(envelope)
    const deleted = await fetch(`${app.baseURL}/api/session`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(10_000) })
    expect(deleted.status).toBeLessThan(500)
  })

  it('clears nothing on a refused DELETE, and clears for the developer', async () => {
    await signIn('kept-user')
    expect((await records()).length).toBeGreaterThan(0)
    await call('DELETE', '/__action-route/api/records')
    await call('DELETE', '/__action-route/api/records', { 'x-action-route-token': 'wrong' })
    await call('DELETE', '/__action-route/api/records', { ...app.authHeaders, origin: 'http://evil.example' })
    expect((await records()).some(record => JSON.stringify(record.input).includes('kept-user'))).toBe(true)
    expect((await call('DELETE', '/__action-route/api/records', app.authHeaders)).status).toBe(204)
    expect(await records()).toEqual([])
  })

  it('stores a password, a one-time code and token and key headers as [redacted]', async () => {
    await fetch(`${app.baseURL}/api/session?otp=424242`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'key-not-in-the-list', 'x-csrf-token': 'csrf-typed-in', 'x-amz-security-token': 'amz-typed-in' },
      body: JSON.stringify({ name: 'Ada', password: 'hunter2-typed-in', nested: [{ one_time_code: '987654' }] }),
    })
    const record = (await records()).findLast(entry => entry.path === '/api/session')!
    expect(record.input).toEqual({ name: 'Ada', password: '[redacted]', nested: [{ one_time_code: '[redacted]' }] })
    expect(record.query).toEqual({ otp: '[redacted]' })
    expect(record.url).toBe('/api/session?otp=[redacted]')
    expect(record.headers).toMatchObject({ 'x-api-key': '[redacted]', 'x-csrf-token': '[redacted]', 'x-amz-security-token': '[redacted]', 'content-type': 'application/json' })
    expect(JSON.stringify(record)).not.toMatch(/hunter2-typed-in|987654|424242|key-not-in-the-list|csrf-typed-in|amz-typed-in/)
  })

  it('still lists and streams records after a 100,000-level body', async () => {
    const response = await fetch(`${app.baseURL}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '['.repeat(100_000) + ']'.repeat(100_000) })
    expect(response.status).toBeGreaterThanOrEqual(400)
    const list = await records()
    const deep = list.findLast(entry => entry.path === '/api/feedback')!
    expect(deep.truncated).toContain('input')
    expect(JSON.stringify(deep.input)).toContain('[truncated: deeper than')
    await signIn('after-the-deep-one')
    expect((await records()).some(record => JSON.stringify(record.input).includes('after-the-deep-one'))).toBe(true)
  })
})
