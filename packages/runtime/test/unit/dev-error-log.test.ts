// The development log of an unexpected error names the action (method, route pattern, route file), since the
// stack frames of `nuxi dev` point into its bundled server file. Plain apps of both h3 majors, NODE_ENV=development.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'
import { enterRouteFile } from '../../src/runtime/server/lifecycle/route-file'

describe.each(hosts)('the development log of an unexpected error on $name', (host) => {
  let server: TestServer

  beforeAll(async () => {
    // as the module's build marks a route file while its module body runs
    enterRouteFile('server/api/exports/[id].post.ts')
    const fromFile = host.defineAction({
      handleServerError: error => error.message === 'map me' ? { code: 'EXPORT_UNAVAILABLE', message: 'Paused', statusCode: 503 } : undefined as never,
      handler: ({ input }) => {
        throw new Error((input as { map?: boolean }).map ? 'map me' : 'the export service refused')
      },
    })
    enterRouteFile(undefined)
    server = await host.serve({
      '/api/exports/:id': fromFile,
      '/plain/:id': host.defineAction({ handler: () => Promise.reject('a string') }),
    })
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })
  afterAll(() => server.close())

  it('names the method, the route and the route file', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { status } = await call(`${server.url}/api/exports/7`, { method: 'POST' })
    expect(status).toBe(500)
    // handleServerError left it unmapped: a line on that, then the error
    expect(log.mock.calls.map(([, message]) => message)).toEqual([
      'handleServerError in POST /api/exports/:id (server/api/exports/[id].post.ts) returned something other than { code, message, statusCode? }',
      'Unhandled error in POST /api/exports/:id (server/api/exports/[id].post.ts) (the client got INTERNAL_ERROR)',
    ])
    expect((log.mock.calls[1]![2] as Error).message).toBe('the export service refused')
  })

  it('names them for an error handleServerError mapped too', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { status } = await call(`${server.url}/api/exports/7`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ map: true }) })
    expect(status).toBe(503)
    expect(log.mock.calls[0]![1]).toBe('Error in POST /api/exports/:id (server/api/exports/[id].post.ts) mapped by handleServerError to EXPORT_UNAVAILABLE')
  })

  it('outside a route file (a plain h3 app) names the method and route', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    await call(`${server.url}/plain/3`)
    expect(log.mock.calls[0]![1]).toBe('Unhandled error in GET /plain/:id (the client got INTERNAL_ERROR)')
    expect(log.mock.calls[0]![2]).toBe('a string')
  })
})
