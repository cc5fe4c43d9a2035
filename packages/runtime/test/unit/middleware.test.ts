import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createActionError } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import type { DevLog } from '../helpers/dev-logs'
import { captureDevLogs } from '../helpers/dev-logs'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('middleware on $name', (host) => {
  const logs: DevLog[] = []
  let handlerRuns = 0
  let server: TestServer
  let seenByTimer: unknown

  /** Catches what the rest of the chain throws and answers something else: the chain must not let it. */
  const swallower = host.defineActionMiddleware('swallower', async ({ next }) => {
    try {
      return await next()
    }
    catch {
      return { ctx: {}, data: 'swallowed' }
    }
  })

  /** Maps every Error to its own message: a contract error must never reach it. */
  const revealingMapper = (error: Error) => ({ code: 'MAPPED', message: error.message, statusCode: 503 })
  const forgetful = host.defineActionMiddleware('forgetful', async () => undefined as never)
  const greedy = host.defineActionMiddleware('greedy', async ({ next }) => {
    await next()
    return next()
  })
  const mappedByBuilder = host.createActionClient().handleServerError(revealingMapper)

  beforeAll(async () => {
    captureDevLogs(logs)
    server = await host.serve({
      '/mapped/skips-next': host.defineAction({ middleware: [forgetful], handleServerError: revealingMapper, handler: () => 'ran' }),
      '/mapped/twice': host.defineAction({ middleware: [greedy], handleServerError: revealingMapper, handler: () => 'ran' }),
      '/mapped-by-builder/skips-next': mappedByBuilder.use(forgetful).handler(() => 'ran'),
      '/mapped-by-builder/twice': mappedByBuilder.use(greedy).handler(() => 'ran'),
      '/onion-undefined': host.defineAction({
        middleware: [
          host.defineActionMiddleware('watcher', async ({ next }) => {
            const result = await next()
            seenByTimer = result.data
            return result
          }),
        ],
        handler: () => undefined,
      }),
      '/mapped/handler-throws': host.defineAction({
        handleServerError: revealingMapper,
        handler: () => {
          throw new Error('Database is down')
        },
      }),
      '/onion': host.defineAction({
        middleware: [
          host.defineActionMiddleware('timer', async ({ next }) => {
            const result = await next()
            seenByTimer = result.data
            return result
          }),
        ],
        handler: () => ({ answer: 42 }),
      }),
      '/skips-next': host.defineAction({
        middleware: [host.defineActionMiddleware('forgetful', async () => undefined as never)],
        handler: () => {
          handlerRuns++
          return 'ran'
        },
      }),
      '/anonymous-skip': host.defineAction({
        middleware: [async () => undefined as never],
        handler: () => 'ran',
      }),
      '/twice': host.defineAction({
        middleware: [
          host.defineActionMiddleware('greedy', async ({ next }) => {
            await next()
            return next()
          }),
        ],
        handler: () => {
          handlerRuns++
          return 'ran'
        },
      }),
      '/twice-unawaited': host.defineAction({
        middleware: [
          host.defineActionMiddleware('careless', async ({ next }) => {
            const first = next()
            void next()
            return first
          }),
        ],
        handler: () => 'ran',
      }),
      '/halts': host.defineAction({
        middleware: [
          host.defineActionMiddleware('auth', async () => {
            throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
          }),
        ],
        handler: () => {
          handlerRuns++
          return 'ran'
        },
      }),
      '/swallow': host.defineAction({
        middleware: [swallower],
        handler: () => {
          throw createActionError({ code: 'CONFLICT', message: 'Already exists', statusCode: 409 })
        },
      }),
      '/swallow-async': host.defineAction({
        middleware: [swallower],
        handler: async () => {
          throw createActionError({ code: 'CONFLICT', message: 'Already exists', statusCode: 409 })
        },
      }),
      '/onion-two': host.defineAction({
        middleware: [
          host.defineActionMiddleware('outer', async ({ next }) => {
            const result = await next({ ctx: { trail: ['outer'] } })
            return result
          }),
          host.defineActionMiddleware('inner', async ({ ctx, next }) => next({ ctx: { trail: [...(ctx.trail as string[]), 'inner'] } })),
        ],
        handler: async ({ ctx }) => ctx.trail,
      }),
      '/metadata': host.defineAction({
        metadata: { role: 'admin' },
        middleware: [
          host.defineActionMiddleware(async ({ metadata, next }) => next({ ctx: { role: metadata.role } })),
        ],
        handler: ({ ctx }) => ctx,
      }),
    })
  })
  afterAll(() => server.close())
  afterEach(() => {
    logs.length = 0
    handlerRuns = 0
  })

  describe('middleware', () => {
    it('next() returns the rest of the chain (onion model)', async () => {
      const { body } = await call(`${server.url}/onion`)
      expect(body).toEqual({ success: true, data: { answer: 42 } })
      expect(seenByTimer).toEqual({ answer: 42 })
    })

    it('next() gives the handler\'s own undefined, while the client gets data: null', async () => {
      seenByTimer = 'not yet'
      const { body } = await call(`${server.url}/onion-undefined`)
      expect(body).toEqual({ success: true, data: null })
      expect(seenByTimer).toBeUndefined()
    })

    it('fails closed with INTERNAL_ERROR 500 when a middleware does not call next(), handler not run', async () => {
      process.env.NODE_ENV = 'development'
      try {
        const { status, body } = await call(`${server.url}/skips-next`)
        expect(status).toBe(500)
        expect(body).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 } })
        expect(handlerRuns).toBe(0)
      }
      finally {
        process.env.NODE_ENV = 'test'
      }
    })

    it('warns in development naming the middleware that did not call next()', async () => {
      process.env.NODE_ENV = 'development'
      try {
        await call(`${server.url}/skips-next`)
        await call(`${server.url}/anonymous-skip`)
      }
      finally {
        process.env.NODE_ENV = 'test'
      }
      const warnings = logs.filter(entry => entry.type === 'warn').map(entry => String(entry.args[0]))
      expect(warnings).toEqual([
        'Action middleware "forgetful" returned without calling next(): the request was halted',
        'Action middleware #0 (anonymous) returned without calling next(): the request was halted',
      ])
    })

    it('logs a forgotten or doubled next() once in development, as one line naming the middleware', async () => {
      process.env.NODE_ENV = 'development'
      try {
        await call(`${server.url}/skips-next`)
        expect(logs.map(entry => [entry.type, String(entry.args[0])])).toEqual([
          ['warn', 'Action middleware "forgetful" returned without calling next(): the request was halted'],
        ])
        logs.length = 0
        await call(`${server.url}/twice`)
        expect(logs).toHaveLength(1)
        expect(String(logs[0]!.args[0])).toMatch(/called next\(\) more than once/)
      }
      finally {
        process.env.NODE_ENV = 'test'
      }
    })

    it('logs nothing outside development', async () => {
      await call(`${server.url}/skips-next`)
      expect(logs).toEqual([])
    })

    it('answers INTERNAL_ERROR 500 when next() is called twice, awaited or not', async () => {
      for (const path of ['/twice', '/twice-unawaited']) {
        const { status, body } = await call(`${server.url}${path}`)
        expect(status, path).toBe(500)
        expect(body.error.code, path).toBe('INTERNAL_ERROR')
      }
      expect(handlerRuns).toBe(1)
    })

    it('answers a middleware that skips next() or calls it twice with INTERNAL_ERROR 500, never through handleServerError', async () => {
      for (const path of ['/mapped/skips-next', '/mapped/twice', '/mapped-by-builder/skips-next', '/mapped-by-builder/twice']) {
        const { status, body } = await call(`${server.url}${path}`)
        expect({ path, status, body }).toEqual({
          path,
          status: 500,
          body: { success: false, error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 } },
        })
      }
      // the same mapper still maps what the handler throws
      expect((await call(`${server.url}/mapped/handler-throws`)).body.error).toEqual({ code: 'MAPPED', message: 'Database is down', statusCode: 503 })
    })

    it('halts the chain with the thrown error, handler not run', async () => {
      const { status, body } = await call(`${server.url}/halts`)
      expect(status).toBe(401)
      expect(body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
      expect(handlerRuns).toBe(0)
    })

    it('a middleware that catches a downstream error cannot swallow it', async () => {
      // the handler throws synchronously, or its promise rejects
      for (const path of ['/swallow', '/swallow-async']) {
        const { status, body } = await call(`${server.url}${path}`)
        expect(status, path).toBe(409)
        expect(body.error.code, path).toBe('CONFLICT')
      }
    })

    it('hands an async handler\'s result out through every middleware', async () => {
      const { body } = await call(`${server.url}/onion-two`)
      expect(body).toEqual({ success: true, data: ['outer', 'inner'] })
    })

    it('reads metadata (for example a required role)', async () => {
      const { body } = await call(`${server.url}/metadata`)
      expect(body.data).toEqual({ role: 'admin' })
    })
  })
})
