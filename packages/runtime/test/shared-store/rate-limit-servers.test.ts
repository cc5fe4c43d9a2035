import { get } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { BuiltApp } from '../helpers/built-app'
import { startBuiltServer } from '../helpers/built-app'
import type { TestRedis } from '../helpers/redis-server'
import { startRedis } from '../helpers/redis-server'

const appDir = fileURLToPath(new URL('../fixtures/shared-store', import.meta.url))

describe('rate limits across two production servers on one Redis', () => {
  let redis: TestRedis
  const servers: BuiltApp[] = []

  beforeAll(async () => {
    // the project's build (global-setup.ts) points at this port
    redis = await startRedis(inject('sharedStoreRedisPort'))
    const env = { ...process.env, REDIS_URL: redis.url, NODE_ENV: 'production' }
    for (let i = 0; i < 2; i++) servers.push(await startBuiltServer(join(appDir, '.output'), process.execPath, '/api/ping', { env, cwd: appDir }))
  })
  afterAll(async () => {
    await Promise.all(servers.map(server => server.close()))
    await redis?.close()
  })

  it('admits exactly 100 of 150 concurrent requests spread over both servers, and answers the rest 429 with Retry-After and RateLimit', async () => {
    const answers = await Promise.all(Array.from({ length: 150 }, async (_, i) => {
      const response = await fetch(`${servers[i % 2]!.baseURL}/api/limited`)
      return { status: response.status, headers: response.headers, body: await response.json() }
    }))
    const admitted = answers.filter(answer => answer.status === 200)
    const refused = answers.filter(answer => answer.status === 429)
    expect(admitted).toHaveLength(100)
    expect(refused).toHaveLength(50)
    // both servers admitted some: the count is one, not one per process
    expect(new Set(answers.map((answer, i) => answer.status === 200 ? i % 2 : -1)).size).toBe(3)
    // each admitted request saw its own place in the count: remaining 99 down to 0, once each
    expect(admitted.map(answer => Number(answer.headers.get('ratelimit')!.match(/;r=(\d+);/)![1])).sort((a, b) => a - b))
      .toEqual(Array.from({ length: 100 }, (_, i) => i))
    for (const answer of answers) expect(answer.headers.get('ratelimit-policy')).toBe('"default";q=100;w=60')
    for (const answer of refused) {
      expect(answer.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 } })
      expect(answer.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/)
      const retryAfter = Number(answer.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    }
  })

  it('counts the user from ctx across both servers, and a signed-out caller by the address its proxy saw', async () => {
    const post = (server: BuiltApp, headers: Record<string, string>) => fetch(`${server.baseURL}/api/per-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ text: 'hi' }),
    }).then(response => response.status)
    const [a, b] = servers as [BuiltApp, BuiltApp]
    expect([await post(a, { 'x-user': 'ada' }), await post(b, { 'x-user': 'ada' }), await post(a, { 'x-user': 'ada' }), await post(b, { 'x-user': 'ada' })])
      .toEqual([200, 200, 200, 429])
    expect(await post(b, { 'x-user': 'grace' })).toBe(200)
    const from = (server: BuiltApp, forwarded: string) => post(server, { 'x-forwarded-for': forwarded })
    expect([await from(a, '203.0.113.9'), await from(b, '203.0.113.9'), await from(a, '198.51.100.1, 203.0.113.9'), await from(b, '203.0.113.9')])
      .toEqual([200, 200, 200, 429])
    expect(await from(a, '203.0.113.10')).toBe(200)
  })

  it('counts an action called during SSR for the page\'s client when a proxy is trusted (the page\'s X-Forwarded-For goes with the call)', async () => {
    const [a, b] = servers as [BuiltApp, BuiltApp]
    const page = async (server: BuiltApp, client: string) => {
      const html = await (await fetch(`${server.baseURL}/`, { headers: { 'x-forwarded-for': client } })).text()
      return html.match(/<p id="ssr">([^<]*)<\/p>/)?.[1]?.trim()
    }
    expect([await page(a, '203.0.113.20'), await page(b, '203.0.113.21'), await page(a, '203.0.113.22')]).toEqual(['admitted', 'admitted', 'admitted'])
    expect([await page(b, '203.0.113.20'), await page(a, '203.0.113.20')]).toEqual(['admitted', 'RATE_LIMITED'])
  })

  it('counts an action called during SSR for the page\'s own client with no proxy trusted: three clients each get their own limit, on either server', async () => {
    const [a, b] = servers as [BuiltApp, BuiltApp]
    // each client connects from its own loopback address, as three machines would
    const page = (server: BuiltApp, client: string) => new Promise<string | undefined>((resolve, reject) => {
      get(`${server.baseURL}/`, { localAddress: client }, (response) => {
        let html = ''
        response.setEncoding('utf8').on('data', (chunk: string) => html += chunk).on('end', () => resolve(html.match(/<p id="direct">([^<]*)<\/p>/)?.[1]?.trim()))
      }).on('error', reject)
    })
    const clients = ['127.0.0.2', '127.0.0.3', '127.0.0.4']
    const round = async (server: BuiltApp) => {
      const seen: Array<string | undefined> = []
      for (const client of clients) seen.push(await page(server, client))
      return seen
    }
    expect(await round(a)).toEqual(['admitted', 'admitted', 'admitted'])
    expect(await round(b)).toEqual(['admitted', 'admitted', 'admitted'])
    expect(await round(a)).toEqual(['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED'])
  })
})
