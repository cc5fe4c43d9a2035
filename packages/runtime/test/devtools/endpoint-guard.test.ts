import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, defineEventHandler, toNodeListener } from 'h3'
import { createDevtoolsGuard, DEVTOOLS_TOKEN_HEADER } from '../../src/runtime/devtools/internal/create-devtools-guard'

const TOKEN = 'test-token-0123456789abcdef'
let dir: string
let server: TestServer
let openServer: TestServer
let records: string[]

interface TestServer {
  url: string
  close: () => Promise<void>
}

/** The guard as Nitro runs it: a middleware before every handler; behind it, endpoints that hold data. */
async function serve(guard: ReturnType<typeof createDevtoolsGuard>): Promise<TestServer> {
  const app = createApp()
  app.use(guard)
  app.use(defineEventHandler((event) => {
    if (event.path.startsWith('/__action-route/api/records') && event.method === 'DELETE') {
      records = []
      return null
    }
    if (event.path.startsWith('/__action-route/api/')) return { routes: ['/api/secret-route'], records }
    return { app: true }
  }))
  const http = createServer(toNodeListener(app))
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise(resolve => http.close(() => resolve())),
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'action-route-guard-'))
  await writeFile(join(dir, 'dev-auth-token.txt'), `${TOKEN}\n`)
  server = await serve(createDevtoolsGuard({ base: '/__action-route', tokenFile: join(dir, 'dev-auth-token.txt'), requireToken: true }))
  openServer = await serve(createDevtoolsGuard({ base: '/__action-route', tokenFile: join(dir, 'missing.txt'), requireToken: false }))
})
afterAll(async () => {
  await server?.close()
  await openServer?.close()
  await rm(dir, { recursive: true, force: true })
})

async function call(path: string, init: { method?: string, headers?: Record<string, string> } = {}, base = server.url) {
  const response = await fetch(`${base}${path}`, init)
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
}

/** node:http, which, unlike fetch, sends a Host header as given. */
function callWithHost(path: string, headers: Record<string, string>): Promise<{ status: number, body: string }> {
  const { hostname, port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const ENDPOINTS: [string, string][] = [
  ['GET', '/__action-route/api/routes'],
  ['GET', '/__action-route/api/records'],
  ['DELETE', '/__action-route/api/records'],
  ['GET', '/__action-route/api/stream'],
  ['GET', '/__action-route/api/added-later'],
  ['HEAD', '/__action-route/api/records'],
  ['OPTIONS', '/__action-route/api/records'],
]

describe('the guard on /__action-route/', () => {
  it.each(ENDPOINTS)('refuses %s %s without a token', async (method, path) => {
    const answer = await call(path, { method })
    expect(answer.status).toBe(403)
    expect(answer.body).not.toContain('secret-route')
  })

  it.each(ENDPOINTS)('refuses %s %s with a wrong token', async (method, path) => {
    expect((await call(path, { method, headers: { [DEVTOOLS_TOKEN_HEADER]: 'wrong' } })).status).toBe(403)
    expect((await call(path, { method, headers: { [DEVTOOLS_TOKEN_HEADER]: `${TOKEN}x` } })).status).toBe(403)
    expect((await call(path, { method, headers: { [DEVTOOLS_TOKEN_HEADER]: '' } })).status).toBe(403)
  })

  it.each([
    '//__action-route/api/records',
    '/__ACTION-ROUTE/api/records',
    '/%5F_action-route/api/records',
    '/__action-route%2Fapi%2Frecords',
    '/__action-route/api/records?x=1',
    '/__action-route',
  ])('refuses %s, a spelling of the prefix', async (path) => {
    expect((await call(path)).status).toBe(403)
  })

  it('answers the developer: the right token, with or without a same-origin Origin', async () => {
    const plain = await call('/__action-route/api/routes', { headers: { [DEVTOOLS_TOKEN_HEADER]: TOKEN } })
    expect(plain.status).toBe(200)
    expect(plain.body).toContain('secret-route')
    const sameOrigin = await call('/__action-route/api/routes', { headers: { [DEVTOOLS_TOKEN_HEADER]: TOKEN, 'origin': server.url, 'sec-fetch-site': 'same-origin' } })
    expect(sameOrigin.status).toBe(200)
  })

  it.each([
    ['origin', 'http://evil.example'],
    ['origin', 'null'],
    ['origin', 'http://127.0.0.1:1'],
    ['sec-fetch-site', 'cross-site'],
    ['sec-fetch-site', 'same-site'],
  ])('refuses a cross-site request even with the right token: %s %s', async (name, value) => {
    expect((await call('/__action-route/api/routes', { headers: { [DEVTOOLS_TOKEN_HEADER]: TOKEN, [name]: value } })).status).toBe(403)
  })

  it('refuses a forged Host header without a token, and accepts any Host with the token', async () => {
    const forged = await callWithHost('/__action-route/api/records', { host: 'localhost' })
    expect(forged.status).toBe(403)
    const rebound = await callWithHost('/__action-route/api/records', { host: 'attacker.example:3000', origin: 'http://attacker.example:3000', [DEVTOOLS_TOKEN_HEADER]: 'guess' })
    expect(rebound.status).toBe(403)
  })

  it('answers every refusal with the same status, type and body, whatever the reason', async () => {
    const answers = await Promise.all([
      call('/__action-route/api/routes'),
      call('/__action-route/api/records', { headers: { [DEVTOOLS_TOKEN_HEADER]: 'wrong' } }),
      call('/__action-route/api/stream', { headers: { [DEVTOOLS_TOKEN_HEADER]: TOKEN, origin: 'http://evil.example' } }),
      call('/__action-route/api/nothing-here', { method: 'DELETE' }),
    ])
    expect(new Set(answers.map(answer => JSON.stringify(answer))).size).toBe(1)
  })

  it('clears nothing on a refused DELETE', async () => {
    records = ['kept']
    await call('/__action-route/api/records', { method: 'DELETE' })
    await call('/__action-route/api/records', { method: 'DELETE', headers: { [DEVTOOLS_TOKEN_HEADER]: TOKEN, origin: 'http://evil.example' } })
    expect(records).toEqual(['kept'])
    await call('/__action-route/api/records', { method: 'DELETE', headers: { [DEVTOOLS_TOKEN_HEADER]: TOKEN } })
    expect(records).toEqual([])
  })

  it('refuses everything when the token file is missing', async () => {
    const guard = createDevtoolsGuard({ base: '/__action-route', tokenFile: join(dir, 'missing.txt'), requireToken: true })
    const missing = await serve(guard)
    try {
      expect((await call('/__action-route/api/routes', { headers: { [DEVTOOLS_TOKEN_HEADER]: '' } }, missing.url)).status).toBe(403)
      expect((await call('/__action-route/api/routes', { headers: { [DEVTOOLS_TOKEN_HEADER]: 'undefined' } }, missing.url)).status).toBe(403)
    }
    finally {
      await missing.close()
    }
  })

  it('leaves the app\'s own routes alone', async () => {
    expect((await call('/api/todos')).status).toBe(200)
    expect((await call('/__action-router/api/x')).status).toBe(200)
  })

  it('with DevTools\' disableAuthorization, needs no token but still refuses cross-site requests', async () => {
    expect((await call('/__action-route/api/routes', {}, openServer.url)).status).toBe(200)
    expect((await call('/__action-route/api/routes', { headers: { 'sec-fetch-site': 'cross-site' } }, openServer.url)).status).toBe(403)
    expect((await call('/__action-route/api/routes', { headers: { origin: 'http://evil.example' } }, openServer.url)).status).toBe(403)
  })
})

describe('the guard under a non-root app.baseURL', () => {
  it('guards the prefix under the base too, whether or not the server took the base off the path (Nitro 3 does not)', async () => {
    const { refuseUnlessDeveloper } = await import('../../src/runtime/devtools/internal/devtools-guard')
    const options = { base: '/__action-route', tokenFile: join(dir, 'dev-auth-token.txt'), requireToken: true, appBase: '/base/' }
    for (const path of ['/base/__action-route/api/records', '/BASE//__action-route/api/routes', '/base/%5F%5Faction-route/api/stream', '/__action-route/api/records']) {
      expect((await refuseUnlessDeveloper(path, new Headers(), options))?.status, path).toBe(403)
    }
    expect(await refuseUnlessDeveloper('/base/__action-route/api/records', new Headers({ [DEVTOOLS_TOKEN_HEADER]: TOKEN }), options)).toBeUndefined()
    expect(await refuseUnlessDeveloper('/base/api/todos', new Headers(), options)).toBeUndefined()
    expect(await refuseUnlessDeveloper('/other/__action-route-not/x', new Headers(), options)).toBeUndefined()
  })
})
