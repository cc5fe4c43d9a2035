import { describe, expect, it } from 'vitest'
import type { ActionHost } from '../../src/runtime/server/internal/action-host'
import { MAX_REFRESHED, withRefreshedQueries } from '../../src/runtime/server/internal/single-flight'

interface FakeEvent {
  method: string
  headers: Record<string, string>
  $fetch?: (url: string, options: { headers: Record<string, string> }) => Promise<unknown>
}

const host = {
  method: event => event.method,
  header: (event, name) => event.headers[name],
} as ActionHost<FakeEvent>

const success = JSON.stringify({ success: true, data: { id: 1 } })

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
    const answer = JSON.parse(await withRefreshedQueries(event, host, success) as string)
    expect(answer).toEqual({ success: true, data: { id: 1 }, refreshed: { '/api/todos': { success: true, data: '/api/todos' }, '/api/stats?x=1': { success: true, data: '/api/stats?x=1' } } })
    // the inner calls never ask for single flight themselves
    expect(fetched.every(call => call.headers['x-action-refresh'] === '')).toBe(true)
  })

  it('leaves the answer as it is for a caller that did not ask, a GET, a failure or a host without in-process fetch', () => {
    const asked = { 'x-action-refresh': JSON.stringify(['/api/todos']) }
    expect(withRefreshedQueries(nitroEvent('POST', {}).event, host, success)).toBe(success)
    expect(withRefreshedQueries(nitroEvent('GET', asked).event, host, success)).toBe(success)
    const failure = JSON.stringify({ success: false, error: { code: 'X', message: 'x', statusCode: 400 } })
    expect(withRefreshedQueries(nitroEvent('POST', asked).event, host, failure)).toBe(failure)
    expect(withRefreshedQueries({ method: 'POST', headers: asked }, host, success)).toBe(success)
  })

  it('runs nothing for a header naming anything outside the app, and at most 8 queries', async () => {
    for (const urls of [['//evil.example/x'], ['https://evil.example/x'], ['/\\evil'], 'not json', [1]]) {
      const { event, fetched } = nitroEvent('PATCH', { 'x-action-refresh': typeof urls === 'string' ? urls : JSON.stringify(urls) })
      expect(withRefreshedQueries(event, host, success)).toBe(success)
      expect(fetched).toEqual([])
    }
    const many = Array.from({ length: MAX_REFRESHED + 3 }, (_, index) => `/api/q${index}`)
    const { event, fetched } = nitroEvent('DELETE', { 'x-action-refresh': JSON.stringify(many) })
    await withRefreshedQueries(event, host, success)
    expect(fetched).toHaveLength(MAX_REFRESHED)
  })

  it('leaves out what is not an envelope or failed to load: the caller refetches it', async () => {
    const { event } = nitroEvent('POST', { 'x-action-refresh': JSON.stringify(['/page', '/broken', '/api/ok']) })
    const answer = JSON.parse(await withRefreshedQueries(event, host, success) as string)
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
    const answer = JSON.parse(await withRefreshedQueries(event as unknown as FakeEvent, host, success) as string)
    expect(answer.refreshed).toEqual({ '/api/todos?page=2': { success: true, data: [] } })
    expect(seen[0]!.url).toBe('http://app.test/api/todos?page=2')
    expect(seen[0]!.method).toBe('GET')
    expect(Object.fromEntries(seen[0]!.headers)).toEqual({ cookie: 'session=1', authorization: 'Bearer t' })
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
    const answer = JSON.parse(await withRefreshedQueries(event as unknown as FakeEvent, host, success, '/shop/') as string)
    // keyed by the URLs the caller sent; one already under the base is not given it twice
    expect(Object.keys(answer.refreshed)).toEqual(['/api/todos', '/shop/api/stats'])
    expect(seen).toEqual(['/shop/api/todos', '/shop/api/stats'])
  })
})
