// The production log of the Nuxt module's reporter (createNitroErrorReporter, as its Nitro plugin sets it), in
// plain apps of both h3 majors over real HTTP: what it writes for an unexpected error once the app's
// action-route:error hooks have had their say. Vitest runs with NODE_ENV=test: not development, so it logs.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'
import { setErrorReporter } from '../../src/runtime/server/errors/report-error'
import type { ActionErrorHookContext } from '../../src/runtime/server/errors/nitro-error-reporter'
import { createNitroErrorReporter } from '../../src/runtime/server/errors/nitro-error-reporter'

describe.each(hosts)('the production log on $name', (host) => {
  let server: TestServer
  let hook: (context: ActionErrorHookContext) => void | Promise<void> = () => {}
  const captured: unknown[] = []

  beforeAll(async () => {
    server = await host.serve({
      '/exports/:id': host.defineAction({
        handler: () => {
          throw new Error('the export service refused: token=s3cret')
        },
      }),
    })
  })
  beforeEach(() => {
    setErrorReporter(createNitroErrorReporter({
      hooks: { callHook: ((_name: string, context: ActionErrorHookContext) => hook(context)) as never },
      captureError: (_error, context) => captured.push(context.tags),
    }, 'unexpected'))
  })
  afterEach(() => {
    setErrorReporter(undefined)
    vi.restoreAllMocks()
    hook = () => {}
    captured.length = 0
  })
  afterAll(() => server.close())

  it('names the code and status an action-route:error hook mapped to, and the original code, then the original error with its stack', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    hook = (context) => {
      context.envelope = { code: 'EXPORT_UNAVAILABLE', message: 'Exports are paused', statusCode: 503 }
    }
    const { status, body } = await call(`${server.url}/exports/7`)
    expect(status).toBe(503)
    expect(body.error).toEqual({ code: 'EXPORT_UNAVAILABLE', message: 'Exports are paused', statusCode: 503 })
    expect(log).toHaveBeenCalledTimes(1)
    const [line, error] = log.mock.calls[0]!
    expect(line).toBe('[request error] [action-route] [GET] /exports/7 EXPORT_UNAVAILABLE 503 (mapped by an action-route:error hook from INTERNAL_ERROR 500)\n')
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('the export service refused: token=s3cret')
    expect((error as Error).stack).toMatch(/\n\s+at /)
    // Nitro's capture had the error before the hooks, with the code the action made
    expect(captured).toEqual([['action-route', 'route:/exports/:id', 'method:GET', 'code:INTERNAL_ERROR']])
  })

  it('an unmapped error, or one a hook mapped to something that cannot be sent, is logged with the code the client got', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    await call(`${server.url}/exports/1`)
    hook = (context) => {
      context.envelope = { code: '', message: 'no code', statusCode: 503 }
    }
    const { status } = await call(`${server.url}/exports/2`)
    expect(status).toBe(500)
    const lines = log.mock.calls.map(([first]) => first).filter(first => String(first).startsWith('[request error]'))
    expect(lines).toEqual([
      '[request error] [action-route] [GET] /exports/1 INTERNAL_ERROR 500\n',
      '[request error] [action-route] [GET] /exports/2 INTERNAL_ERROR 500\n',
    ])
  })
})
