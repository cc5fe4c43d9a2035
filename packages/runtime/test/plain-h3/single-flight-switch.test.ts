// Single flight on a plain h3 2 app, over real HTTP: off until the app calls enableSingleFlight() (a Nuxt
// build adds the plugin that calls it only when the app's code names queries to refresh), then a mutation
// whose caller names a query answers with that query's fresh envelope under `refreshed`. The same app signs
// in and out with real h3 2 cookies: the refreshed queries see the cookies the mutation set or cleared, run
// only the GET actions the app lists, and keep the caller's address.
import { deleteCookie, getCookie, getRequestIP, setCookie } from 'h3-v2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActionError, defineAction, enableSingleFlight } from '../../src/runtime/server/h3-v2'
import type { TestServer } from '../helpers/serve'
import { h3V2 } from '../helpers/hosts'

const users: Record<string, string> = { 'ada-token': 'Ada', 'grace-token': 'Grace' }

describe('single flight on a plain h3 2 app', () => {
  let server: TestServer
  let listed = 0
  let plainRuns = 0
  beforeAll(async () => {
    server = await h3V2.serve({
      '/todos': defineAction({ handler: () => ({ listed: ++listed }) }),
      '/todos/add': defineAction({ handler: () => ({ added: true }) }),
      '/session': defineAction({
        handler: ({ event, input }) => {
          if (event.req.method === 'DELETE') return deleteCookie(event, 'session', { path: '/' })
          setCookie(event, 'session', `${(input as { name: string }).name}-token`, { path: '/', httpOnly: true })
        },
      }),
      '/profile': defineAction({
        handler: ({ event }) => {
          const name = users[getCookie(event, 'session') ?? '']
          if (!name) throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
          return { name, ip: getRequestIP(event) }
        },
      }),
      '/internal/ip': h3V2.plainHandler((event) => {
        plainRuns++
        return { success: true, data: { ip: getRequestIP(event as never), cookie: getCookie(event as never, 'session') } }
      }),
    })
  })
  afterAll(() => server.close())

  const send = async (path: string, method: string, refreshes: string[], options: { cookie?: string, body?: unknown } = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-action-refresh': JSON.stringify(refreshes), ...options.cookie ? { cookie: options.cookie } : {} },
      body: JSON.stringify(options.body ?? {}),
    })
    return { response, answer: await response.json() }
  }

  it('answers the plain envelope until the app turns it on: nothing is fetched in-process', async () => {
    expect((await send('/todos/add', 'POST', ['/todos'])).answer).toEqual({ success: true, data: { added: true } })
    expect(listed).toBe(0)
  })

  it('runs no query when enableSingleFlight() is given no routes', async () => {
    enableSingleFlight()
    expect((await send('/todos/add', 'POST', ['/todos'])).answer).toEqual({ success: true, data: { added: true } })
    expect(listed).toBe(0)
  })

  it('once enableSingleFlight() ran with the routes, adds the named query\'s fresh envelope under refreshed', async () => {
    enableSingleFlight({ routes: ['/todos', '/profile'] })
    expect((await send('/todos/add', 'POST', ['/todos'])).answer).toEqual({ success: true, data: { added: true }, refreshed: { '/todos': { success: true, data: { listed: 1 } } } })
  })

  it('refreshes with the cookies the mutation set or cleared: sign in, account switch, sign out', async () => {
    const signIn = await send('/session', 'POST', ['/profile'], { body: { name: 'ada' } })
    expect(signIn.answer.refreshed['/profile'].data.name).toBe('Ada')
    const switched = await send('/session', 'POST', ['/profile'], { cookie: 'session=ada-token', body: { name: 'grace' } })
    expect(switched.answer.refreshed['/profile'].data.name).toBe('Grace')
    const signOut = await send('/session', 'DELETE', ['/profile'], { cookie: 'session=grace-token' })
    expect(signOut.response.headers.get('set-cookie')).toMatch(/^session=;/)
    expect(signOut.answer.refreshed['/profile']).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } })
  })

  it('runs only the listed GET actions, keeps the caller\'s address, and says Vary: x-action-refresh', async () => {
    const { response, answer } = await send('/todos/add', 'POST', ['/profile', '/internal/ip'], { cookie: 'session=ada-token' })
    expect(Object.keys(answer.refreshed)).toEqual(['/profile'])
    expect(plainRuns).toBe(0)
    expect(answer.refreshed['/profile'].data.ip).toBe('127.0.0.1')
    expect(response.headers.get('vary')).toContain('x-action-refresh')
  })
})
