import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ActionMiddleware } from '../../src/runtime/server'
import { createActionError } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import type { DevLog } from '../helpers/dev-logs'
import { captureDevLogs } from '../helpers/dev-logs'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('middleware-late-next on $name', (host) => {
  const LATE_MS = 30
  const logs: DevLog[] = []
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  /** Runs of the handlers and middleware that must not run once the chain has answered. */
  const runs = { handler: 0, inner: 0 }
  /** The promises the late next() calls returned, so a test can read how they settled. */
  let lateCalls: Promise<unknown>[] = []
  let timersFired: Promise<void>[] = []

  const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

  /** Calls next() from a timer, after the middleware has returned; `keep` stores the promise it got. */
  function callNextLater(next: () => Promise<unknown>, keep = true): void {
    timersFired.push(new Promise((resolve) => {
      setTimeout(() => {
        const late = next()
        if (keep) lateCalls.push(late)
        resolve()
      }, LATE_MS)
    }))
  }

  /** Waits until every late next() has been called, and a little after, for whatever it might have started. */
  async function afterTimers(): Promise<void> {
    await Promise.all(timersFired)
    await sleep(10)
  }

  const countingHandler = () => {
    runs.handler++
    return 'ran'
  }
  const countingInner = host.defineActionMiddleware('inner', async ({ next }) => {
    runs.inner++
    return next()
  })
  /** A middleware that returns at once and calls next() from a timer: the mistake under test. */
  function callsNextAfterReturning(name: string, keep = true): ActionMiddleware {
    const middleware = ({ next }: { next: () => Promise<unknown> }) => {
      callNextLater(next, keep)
    }
    return host.defineActionMiddleware(name, middleware as unknown as ActionMiddleware)
  }
  const procrastinator = callsNextAfterReturning('procrastinator')

  let server: TestServer
  beforeAll(async () => {
    captureDevLogs(logs)
    process.on('unhandledRejection', onUnhandled)
    server = await host.serve({
      '/late': host.defineAction({ middleware: [procrastinator], handler: countingHandler }),
      '/late-ignored': host.defineAction({
        middleware: [callsNextAfterReturning('careless', false)],
        handler: countingHandler,
      }),
      '/second-late': host.defineAction({
        middleware: [host.defineActionMiddleware('first', async ({ next }) => next()), procrastinator],
        handler: countingHandler,
      }),
      '/first-late': host.defineAction({ middleware: [procrastinator, countingInner], handler: countingHandler }),
      '/late-then-throws': host.defineAction({
        middleware: [host.defineActionMiddleware('thrower', async ({ next }) => {
          callNextLater(next)
          throw createActionError({ code: 'FORBIDDEN', message: 'No', statusCode: 403 })
        })],
        handler: countingHandler,
      }),
      '/outer-still-running': host.defineAction({
        middleware: [
          host.defineActionMiddleware('slow-to-fail', async ({ next }) => {
            try {
              return await next()
            }
            catch (error) {
              await sleep(LATE_MS * 2)
              throw error
            }
          }),
          procrastinator,
        ],
        handler: countingHandler,
      }),
      '/outer-does-not-await': host.defineAction({
        middleware: [
          host.defineActionMiddleware('fire-and-forget', (({ next }) => {
            void next()
            return Promise.resolve({ ctx: {}, data: 'ignored' })
          }) as ActionMiddleware),
          host.defineActionMiddleware('patient', async ({ next }) => {
            await sleep(LATE_MS)
            return next()
          }),
        ],
        handler: countingHandler,
      }),
    })
  })
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled)
    await server.close()
  })
  afterEach(() => {
    logs.length = 0
    unhandled.length = 0
    runs.handler = 0
    runs.inner = 0
    lateCalls = []
    timersFired = []
  })

  const INTERNAL = { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 }

  describe('next() called after the chain has answered', () => {
    it('does not run the handler when a middleware calls next() after it returned', async () => {
      const { status, body } = await call(`${server.url}/late`)
      expect(status).toBe(500)
      expect(body.error).toEqual(INTERNAL)
      await afterTimers()
      expect(runs.handler).toBe(0)
    })

    it('rejects the late next() with a contract error naming the middleware', async () => {
      await call(`${server.url}/late`)
      await afterTimers()
      const [late] = await Promise.allSettled(lateCalls)
      expect(late?.status).toBe('rejected')
      const reason = (late as PromiseRejectedResult).reason as Error
      expect(reason.name).toBe('MiddlewareContractError')
      expect(reason.message).toBe('Action middleware "procrastinator" called next() after the request was answered: nothing more ran')
    })

    it('an ignored late next() causes no unhandled rejection', async () => {
      await call(`${server.url}/late-ignored`)
      await afterTimers()
      expect(runs.handler).toBe(0)
      expect(unhandled).toEqual([])
    })

    it('runs neither the handler nor a later middleware when an earlier one is late', async () => {
      expect((await call(`${server.url}/first-late`)).status).toBe(500)
      await afterTimers()
      expect(runs).toEqual({ handler: 0, inner: 0 })
    })

    it('does not run the handler when the second middleware is late', async () => {
      expect((await call(`${server.url}/second-late`)).status).toBe(500)
      await afterTimers()
      expect(runs.handler).toBe(0)
    })

    it('does not run the handler when the middleware threw after scheduling next()', async () => {
      const { status, body } = await call(`${server.url}/late-then-throws`)
      expect(status).toBe(403)
      expect(body.error.code).toBe('FORBIDDEN')
      await afterTimers()
      expect(runs.handler).toBe(0)
    })

    it('does not run the handler once a middleware\'s failure is decided, even while an outer one still runs', async () => {
      const { status } = await call(`${server.url}/outer-still-running`)
      expect(status).toBe(500)
      await afterTimers()
      expect(runs.handler).toBe(0)
    })

    it('still runs the rest when an outer middleware returned without awaiting next() and an inner one calls it later', async () => {
      const { body } = await call(`${server.url}/outer-does-not-await`)
      expect(body).toEqual({ success: true, data: 'ran' })
      expect(runs.handler).toBe(1)
    })

    it('logs the late call in development', async () => {
      process.env.NODE_ENV = 'development'
      try {
        await call(`${server.url}/late`)
        await afterTimers()
      }
      finally {
        process.env.NODE_ENV = 'test'
      }
      const warnings = logs.filter(entry => entry.type === 'warn').map(entry => String(entry.args[0]))
      expect(warnings).toContain('Action middleware "procrastinator" called next() after the request was answered: nothing more ran')
    })
  })
})
