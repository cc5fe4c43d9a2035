import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'

// `rateLimit` on the built fixture (server/api/rate-limit/): its counters in the module's store, which is Nitro's
// default memory here: one server process on Node, one isolate on Workers. scripts/workers.mjs runs this file
// against a cloudflare-module build served by workerd, on Nitro 2 and on Nitro 3.
const baseURL = inject('baseURL')
const onWorkers = process.env.E2E_TARGET === 'workers'
const nitroMajor = () => Number(JSON.parse(readFileSync(join(inject('fixtureDir'), '.output/nitro.json'), 'utf8')).versions.nitro.split('.')[0])

interface Answer {
  status: number
  headers: Record<string, string | undefined>
  body: { success: boolean, error?: Record<string, unknown> }
}

/** A GET from one loopback address (`127.0.0.2`...), as a client on its own machine would connect. */
function call(path: string, { from = '127.0.0.1', headers = {} }: { from?: string, headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(`${baseURL}${path}`, { localAddress: from, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8').on('data', (chunk: string) => text += chunk).on('end', () => {
        const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]))
        resolve({ status: response.statusCode!, headers, body: JSON.parse(text) })
      })
    }).on('error', reject)
  })
}

const remaining = (answer: Answer) => Number(answer.headers.ratelimit?.match(/;r=(\d+);/)?.[1])

describe('rateLimit, end to end', () => {
  it('admits `limit` requests per key, then answers 429 RATE_LIMITED with Retry-After, RateLimit and RateLimit-Policy', async () => {
    const key = randomUUID()
    const answers: Answer[] = []
    for (let i = 0; i < 5; i++) answers.push(await call('/api/rate-limit/keyed', { headers: { 'x-rate-key': key } }))

    expect(answers.map(answer => answer.status)).toEqual([200, 200, 200, 429, 429])
    for (const answer of answers) {
      expect(answer.headers['ratelimit-policy']).toBe('"keyed";q=3;w=60')
      expect(answer.headers.ratelimit).toMatch(/^"keyed";r=\d+;t=\d+$/)
      const reset = Number(answer.headers.ratelimit!.match(/;t=(\d+)$/)![1])
      expect(reset).toBeGreaterThan(0)
      expect(reset).toBeLessThanOrEqual(60)
    }
    expect(answers.map(remaining)).toEqual([2, 1, 0, 0, 0])
    for (const answer of answers.slice(0, 3)) {
      expect(answer.body).toEqual({ success: true, data: { ok: true } })
      expect(answer.headers['retry-after']).toBeUndefined()
    }
    for (const answer of answers.slice(3)) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/)
      expect(answer.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 } })
      const retryAfter = Number(answer.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(60)
    }
  })

  it('counts each key alone: another caller is still admitted while the first is refused', async () => {
    const first = randomUUID()
    for (let i = 0; i < 3; i++) expect((await call('/api/rate-limit/keyed', { headers: { 'x-rate-key': first } })).status).toBe(200)
    expect((await call('/api/rate-limit/keyed', { headers: { 'x-rate-key': first } })).status).toBe(429)
    const other = await call('/api/rate-limit/keyed', { headers: { 'x-rate-key': randomUUID() } })
    expect(other.status).toBe(200)
    expect(remaining(other)).toBe(2)
  })

  // Node gives each request its connection's address. A Worker's request carries none of its own: Nitro 3 takes
  // `cf-connecting-ip` (the address Cloudflare's edge writes, over anything a client sent) as the request's ip;
  // on Nitro 2, which passes no address, the runtime reads it from the platform's request. workerd alone, as here,
  // sets no `cf-connecting-ip`
  it.skipIf(onWorkers)('counts by the client\'s connection address by default (Node)', async () => {
    const statuses = async (from: string) => [
      (await call('/api/rate-limit/by-address', { from })).status,
      (await call('/api/rate-limit/by-address', { from })).status,
      (await call('/api/rate-limit/by-address', { from })).status,
    ]
    expect(await statuses('127.0.0.2')).toEqual([200, 200, 429])
    expect(await statuses('127.0.0.3')).toEqual([200, 200, 429])
  })

  it.runIf(onWorkers)('counts every request without cf-connecting-ip under one key on Workers, whatever machine sends it', async () => {
    const first = [await call('/api/rate-limit/by-address', { from: '127.0.0.2' }), await call('/api/rate-limit/by-address', { from: '127.0.0.2' })]
    expect(first.map(answer => answer.status)).toEqual([200, 200])
    const other = await call('/api/rate-limit/by-address', { from: '127.0.0.3' })
    expect(other.status).toBe(429)
    expect(other.body.error?.code).toBe('RATE_LIMITED')
  })

  it.runIf(onWorkers)('counts by cf-connecting-ip on Workers, per client, on Nitro 2 and Nitro 3 alike', async () => {
    const from = (address: string) => call('/api/rate-limit/by-address', { headers: { 'cf-connecting-ip': address } })
    const [a, b] = [`203.0.113.${1 + Math.floor(Math.random() * 250)}`, `2001:db8::${randomUUID().slice(0, 4)}`]
    expect([2, 3]).toContain(nitroMajor())
    // not the one key of requests without an address, which the test before used up
    expect([(await from(a)).status, (await from(a)).status, (await from(a)).status]).toEqual([200, 200, 429])
    expect((await from(b)).status).toBe(200)
  })
})
