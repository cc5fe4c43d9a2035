// Single flight on the production-built fixture, over HTTP: the refreshed queries run as the browser would call them
// next (the cookies the mutation set or cleared, the caller's address), and only the app's GET actions run.
import { describe, expect, inject, it } from 'vitest'

const baseURL = inject('baseURL')

/** Sends a mutation naming `refreshes`, with the browser's cookie, and reads its answer. */
async function mutate(path: string, method: string, refreshes: string[], options: { cookie?: string, body?: unknown } = {}) {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-action-refresh': JSON.stringify(refreshes), ...options.cookie ? { cookie: options.cookie } : {} },
    body: JSON.stringify(options.body ?? {}),
  })
  return { response, answer: await response.json() as { success: boolean, refreshed?: Record<string, { success: boolean, data?: Record<string, unknown> }> } }
}

const viewerOf = (answer: Awaited<ReturnType<typeof mutate>>['answer']) => answer.refreshed?.['/api/refresh-demo/todos']?.data?.viewer

describe('single flight refreshes with the cookies the mutation set or cleared, on a built app', () => {
  it('answers a sign-in with the new viewer\'s data', async () => {
    const { answer } = await mutate('/api/refresh-demo/viewer', 'POST', ['/api/refresh-demo/todos'], { body: { name: 'grace' } })
    expect(viewerOf(answer)).toBe('grace')
  })

  it('answers an account switch with the new account\'s data, not the previous one\'s', async () => {
    const { answer } = await mutate('/api/refresh-demo/viewer', 'POST', ['/api/refresh-demo/todos'], { cookie: 'demo-viewer=ada', body: { name: 'grace' } })
    expect(viewerOf(answer)).toBe('grace')
  })

  it('answers a sign-out with the signed-out data, while it clears the cookie', async () => {
    const { response, answer } = await mutate('/api/refresh-demo/viewer', 'DELETE', ['/api/refresh-demo/todos'], { cookie: 'demo-viewer=ada; other=1' })
    expect(response.headers.get('set-cookie')).toMatch(/^demo-viewer=;/)
    expect(viewerOf(answer)).toBe('anonymous')
  })
})

describe('single flight runs only the app\'s GET actions, as the caller, on a built app', () => {
  it('leaves out a page, a static file and a plain route; runs the GET action named beside them', async () => {
    const { answer } = await mutate('/api/refresh-demo/viewer', 'POST', ['/refresh-demo', '/favicon.ico', '/api/refresh-demo/plain', '/api/refresh-demo/stats'], { body: { name: 'ada' } })
    expect(Object.keys(answer.refreshed ?? {})).toEqual(['/api/refresh-demo/stats'])
  })

  it('runs a catch-all GET action, but not for the path a plain route beside it takes', async () => {
    const { answer } = await mutate('/api/refresh-demo/viewer', 'POST', ['/api/refresh-demo/nested/a/b', '/api/refresh-demo/nested/plain'], { body: { name: 'ada' } })
    expect(answer.refreshed).toEqual({ '/api/refresh-demo/nested/a/b': { success: true, data: { path: 'a/b' } } })
    // the router does give nested/plain to the plain route
    expect(await (await fetch(`${baseURL}/api/refresh-demo/nested/plain`)).json()).toEqual({ success: true, data: { plain: true } })
  })

  it('says Vary: x-action-refresh on a mutation\'s answer', async () => {
    const { response } = await mutate('/api/refresh-demo/viewer', 'POST', ['/api/refresh-demo/stats'], { body: { name: 'ada' } })
    expect(response.headers.get('vary')?.toLowerCase()).toContain('x-action-refresh')
  })

  it('gives the refreshed query the caller\'s address', async () => {
    const direct = await (await fetch(`${baseURL}/api/refresh-demo/caller`)).json()
    const { answer } = await mutate('/api/refresh-demo/viewer', 'POST', ['/api/refresh-demo/caller'], { body: { name: 'ada' } })
    expect(direct.data.ip).toBeTruthy()
    expect(answer.refreshed?.['/api/refresh-demo/caller']?.data?.ip).toBe(direct.data.ip)
  })
})

describe('single flight never runs a streaming GET, on a built app', () => {
  const runOf = async (id: string) => (await (await fetch(`${baseURL}/api/stream/run?id=${id}`)).json()).data

  it('answers a mutation naming a streaming GET at once, without it, its generator never started', async () => {
    const run = `single-flight-${Date.now()}`
    const started = Date.now()
    const { answer } = await mutate('/api/refresh-demo/viewer', 'POST', [`/api/stream/ticks?run=${run}&firstDelayMs=1000`, '/api/refresh-demo/stats'], { body: { name: 'ada' } })
    expect(Date.now() - started).toBeLessThan(1000)
    expect(Object.keys(answer.refreshed ?? {})).toEqual(['/api/refresh-demo/stats'])
    await new Promise(resolve => setTimeout(resolve, 100))
    expect(await runOf(run)).toBeNull()
    // the same URL from a browser streams
    const response = await fetch(`${baseURL}/api/stream/ticks?run=${run}`)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await response.body!.cancel()
    expect(await runOf(run)).not.toBeNull()
  })
})
