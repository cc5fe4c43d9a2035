import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ActionError } from '../../src/runtime/server'
import { createActionError } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import type { DevLog } from '../helpers/dev-logs'
import { captureDevLogs } from '../helpers/dev-logs'
import { call } from '../helpers/serve'
import type { AnyHandler } from '../helpers/hosts'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('action-error-when-sent on $name', (host) => {
  const INTERNAL = { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 }
  const logs: DevLog[] = []

  /** A valid action error with one field changed after createActionError checked it, as plain JavaScript can. */
  function changedAfterCreation(field: 'code' | 'message' | 'statusCode' | 'fieldErrors', value: unknown): ActionError {
    const error = createActionError({ code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 })
    Object.defineProperty(error, field, { value, enumerable: true })
    return error
  }

  /** An error carrying the action error brand but made elsewhere (another copy of the runtime, or a forgery). */
  function brandedElsewhere(fields: Record<string, unknown>): Error {
    return Object.assign(new Error(String(fields.message)), { [Symbol.for('action-route.error')]: true }, fields)
  }

  const invalidChanges: Record<string, [field: 'code' | 'message' | 'statusCode', value: unknown]> = {
    'statusCode 200 (a success status)': ['statusCode', 200],
    'statusCode 302 (a redirect without a Location)': ['statusCode', 302],
    'statusCode null': ['statusCode', null],
    'statusCode "404" (a string)': ['statusCode', '404'],
    'statusCode 404.5': ['statusCode', 404.5],
    'statusCode 600': ['statusCode', 600],
    'an empty code': ['code', ''],
    'a numeric code': ['code', 42],
    'a non-string message': ['message', { secret: 'hunter2' }],
  }

  function throwSecret(): never {
    throw new Error('hunter2')
  }

  const slugOf = (name: string) => name.replace(/\W+/g, '-')
  let server: TestServer
  beforeAll(async () => {
    captureDevLogs(logs)
    const routes: Record<string, AnyHandler> = {}
    for (const [name, [field, value]] of Object.entries(invalidChanges)) {
      routes[`/handler/${slugOf(name)}`] = host.defineAction({
        handler: () => {
          throw changedAfterCreation(field, value)
        },
      })
      routes[`/middleware/${slugOf(name)}`] = host.defineAction({
        middleware: [host.defineActionMiddleware(async () => {
          throw changedAfterCreation(field, value)
        })],
        handler: () => 'not reached',
      })
    }
    Object.assign(routes, {
      '/field-errors/not-an-object': host.defineAction({ handler: () => { throw changedAfterCreation('fieldErrors', 'id is wrong') } }),
      '/field-errors/an-array': host.defineAction({ handler: () => { throw changedAfterCreation('fieldErrors', [['id is wrong']]) } }),
      '/field-errors/mixed': host.defineAction({ handler: () => { throw changedAfterCreation('fieldErrors', { id: ['unknown', 42, null], title: 7 }) } }),
      '/field-errors/throwing-getter': host.defineAction({
        handler: () => {
          throw changedAfterCreation('fieldErrors', Object.defineProperty({}, 'id', { enumerable: true, get: throwSecret }))
        },
      }),
      '/branded-elsewhere/valid': host.defineAction({ handler: () => { throw brandedElsewhere({ code: 'GONE', message: 'Gone', statusCode: 410 }) } }),
      '/branded-elsewhere/status-200': host.defineAction({ handler: () => { throw brandedElsewhere({ code: 'OK', message: 'fine', statusCode: 200 }) } }),
      '/branded-elsewhere/no-code': host.defineAction({ handler: () => { throw brandedElsewhere({ message: 'no code', statusCode: 404 }) } }),
      '/message-reassigned': host.defineAction({
        handler: () => {
          const error = createActionError({ code: 'X', message: 'y' })
          error.message = 42 as never
          throw error
        },
      }),
      '/ok': host.defineAction({ handler: () => 'ok' }),
    })
    server = await host.serve(routes)
  })
  afterAll(() => server.close())
  afterEach(() => {
    logs.length = 0
  })

  describe.each(Object.entries(invalidChanges))('an action error changed after creation: %s', (name) => {
    for (const place of ['handler', 'middleware']) {
      it(`thrown from the ${place} answers INTERNAL_ERROR 500, status and envelope agreeing`, async () => {
        const { status, body, text } = await call(`${server.url}/${place}/${slugOf(name)}`)
        expect(status).toBe(500)
        expect(body).toEqual({ success: false, error: INTERNAL })
        expect(text).not.toContain('hunter2')
      })
    }
  })

  describe('an action error is checked when it is sent', () => {
    it('answers INTERNAL_ERROR for a message reassigned to a non-string', async () => {
      const { status, body } = await call(`${server.url}/message-reassigned`)
      expect(status).toBe(500)
      expect(body.error).toEqual(INTERNAL)
    })

    it('drops fieldErrors that are not a map, and keeps only string messages in one that is', async () => {
      for (const path of ['not-an-object', 'an-array']) {
        const { status, body } = await call(`${server.url}/field-errors/${path}`)
        expect(status, path).toBe(404)
        expect(body.error, path).toEqual({ code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 })
      }
      const mixed = await call(`${server.url}/field-errors/mixed`)
      expect(mixed.body.error.fieldErrors).toEqual({ id: ['unknown'] })
    })

    it('answers INTERNAL_ERROR when reading fieldErrors throws, and leaks nothing', async () => {
      const { status, body, text } = await call(`${server.url}/field-errors/throwing-getter`)
      expect(status).toBe(500)
      expect(body.error).toEqual(INTERNAL)
      expect(text).not.toContain('hunter2')
      expect((await call(`${server.url}/ok`)).body).toEqual({ success: true, data: 'ok' })
    })

    it('checks an error branded by another copy of the runtime the same way', async () => {
      expect((await call(`${server.url}/branded-elsewhere/valid`)).body.error).toEqual({ code: 'GONE', message: 'Gone', statusCode: 410 })
      for (const path of ['status-200', 'no-code']) {
        const { status, body } = await call(`${server.url}/branded-elsewhere/${path}`)
        expect(status, path).toBe(500)
        expect(body.error, path).toEqual(INTERNAL)
      }
    })

    it('logs the invalid action error in development', async () => {
      process.env.NODE_ENV = 'development'
      try {
        await call(`${server.url}/handler/${slugOf('statusCode 200 (a success status)')}`)
      }
      finally {
        process.env.NODE_ENV = 'test'
      }
      const errors = logs.filter(entry => entry.type === 'error').map(entry => String(entry.args[0]))
      expect(errors).toEqual(['An action error holds a field createActionError would refuse (statusCode: 200); the client got INTERNAL_ERROR'])
    })
  })

  describe('action error fields are read-only', () => {
    it('throws when code, statusCode or fieldErrors are assigned (strict mode)', () => {
      const error = createActionError({ code: 'X', message: 'y', statusCode: 404, fieldErrors: { id: ['bad'] } }) as unknown as Record<string, unknown>
      expect(() => {
        error.statusCode = 200
      }).toThrow(TypeError)
      expect(() => {
        error.code = ''
      }).toThrow(TypeError)
      expect(() => {
        error.fieldErrors = {}
      }).toThrow(TypeError)
      expect(error).toMatchObject({ code: 'X', statusCode: 404 })
    })

    it('freezes fieldErrors, and copies them so the caller\'s object stays its own', () => {
      const given = { id: ['bad'] }
      const error = createActionError({ code: 'X', message: 'y', fieldErrors: given })
      expect(() => error.fieldErrors!.id!.push('worse')).toThrow(TypeError)
      expect(() => {
        error.fieldErrors!.title = ['new']
      }).toThrow(TypeError)
      given.id.push('mine')
      expect(error.fieldErrors).toEqual({ id: ['bad'] })
      expect(Object.isFrozen(given.id)).toBe(false)
    })

    it('still lists code, statusCode and fieldErrors as own enumerable fields', () => {
      const error = createActionError({ code: 'X', message: 'y', fieldErrors: { id: ['bad'] } })
      expect(Object.keys(error)).toEqual(expect.arrayContaining(['code', 'statusCode', 'fieldErrors']))
    })
  })
})
