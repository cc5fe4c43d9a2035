import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { startBuiltServer } from '../helpers/built-app'

const baseURL = inject('baseURL')
const fixtureDir = inject('fixtureDir')

/** The JSON the /client-ssr-sequence probe renders during SSR. */
async function renderSequence(cookie: string) {
  const html = await (await fetch(`${baseURL}/client-ssr-sequence`, { headers: { cookie } })).text()
  const match = /data-test="client-ssr-sequence">([^<]*)</.exec(html)
  if (!match) throw new Error(`no SSR sequence probe in the page:\n${html.slice(0, 2000)}`)
  return JSON.parse(match[1]!.replace(/&quot;/g, '"').replace(/&#39;/g, '\'').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'))
}

/** A second production server of the fixture's build, whose log the test reads. */
async function startSecondServer() {
  const server = await startBuiltServer(join(fixtureDir, '.output'), process.env.E2E_NODE || process.execPath, '/api/echo', { env: { ...process.env, NODE_ENV: 'production' }, cwd: fixtureDir })
  return { ...server, log: server.log! }
}

describe('$action calls that wait for each other during SSR', () => {
  it('each call after an await is made and rendered, with what the one before answered', async () => {
    const probe = await renderSequence('session=in-sequence')
    // the first starts before any await, with the page request's cookie
    expect(probe.first).toEqual({ success: true, data: { session: 'in-sequence', client: null } })
    expect(probe.second).toEqual({ success: true, data: { method: 'POST', input: { after: 'in-sequence' } } })
    expect(probe.third).toEqual({ success: true, data: { method: 'PATCH', input: { after: 'POST' } } })
  })

  it('a call after an await, where Nuxt\'s context is gone, goes without the page\'s cookie, never with another page request\'s', async () => {
    const [alice, bob] = await Promise.all([renderSequence('session=alice'), renderSequence('session=bob')])
    // the fixture leaves Nuxt's experimental.asyncContext off, as Nuxt does
    expect(alice.later).toEqual({ success: true, data: { session: null, client: null } })
    expect(bob.later).toEqual({ success: true, data: { session: null, client: null } })
  })
})

describe('useRequestAction: $action bound to the page request, taken in setup', () => {
  it('a call after awaits, where Nuxt\'s context is gone, carries this page request\'s cookie, never another\'s', async () => {
    const [alice, bob] = await Promise.all([renderSequence('session=alice'), renderSequence('session=bob')])
    expect(alice.laterThroughRequest).toEqual({ success: true, data: { session: 'alice', client: null } })
    expect(bob.laterThroughRequest).toEqual({ success: true, data: { session: 'bob', client: null } })
  })
})

describe('a method or path the route files do not have', () => {
  it('a method the route does not answer is METHOD_NOT_ALLOWED 405 naming the ones it does', async () => {
    const probe = await renderSequence('')
    expect(probe.wrongMethod).toEqual({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: '/api/todos does not answer PUT: it answers GET, HEAD, POST', statusCode: 405 },
    })
  })

  it('an unknown path still reaches the server, which answers no envelope: INVALID_RESPONSE (here the app page, 200)', async () => {
    const probe = await renderSequence('')
    expect(probe.unknownPath).toMatchObject({ success: false, error: { code: 'INVALID_RESPONSE' } })
  })
})

// the log is read from a second server of the same build: workerd's logs are not this process's to read
describe.skipIf(process.env.E2E_TARGET === 'workers')('a route file whose defineAction options are wrong', () => {
  it('fails only its own route, and the production log names its file', async () => {
    const server = await startSecondServer()
    const url = server.baseURL
    try {
      const bad = await fetch(`${url}/api/bad-definition`)
      expect(bad.status).toBe(500)
      expect(await bad.json()).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 } })
      const good = await fetch(`${url}/api/whoami`)
      expect(good.status).toBe(200)
      expect(await good.json()).toEqual({ success: true, data: { session: null, client: null } })
      expect(server.log()).toContain('server/api/bad-definition.get.ts: defineAction: `maxBodySize` must be a whole number of bytes (0 or more), got -1')
      expect(server.log()).not.toContain('before initialization')
    }
    finally {
      await server.close()
    }
  })
})

// the log is read from a second server of the same build: workerd's logs are not this process's to read
describe.skipIf(process.env.E2E_TARGET === 'workers')('a call sent during SSR without the page request\'s headers, in production', () => {
  it('is logged once per route, naming it and useRequestAction', async () => {
    const server = await startSecondServer()
    const url = server.baseURL
    try {
      for (const session of ['one', 'two']) {
        const page = await fetch(`${url}/client-ssr-sequence`, { headers: { cookie: `session=${session}` } })
        expect(page.status).toBe(200)
        await page.text()
      }
      const warnings = server.log().split('\n').filter(line => line.includes('ran during SSR outside Nuxt\'s context'))
      // the calls after the first await, each route once over both pages; none made through useRequestAction
      expect(warnings.map(line => /\$action\('([^']+)'\)/.exec(line)?.[1]).sort()).toEqual(['/api/echo', '/api/slow', '/api/todoz', '/api/whoami'])
      expect(warnings[0]).toContain('useRequestAction()')
    }
    finally {
      await server.close()
    }
  })
})
