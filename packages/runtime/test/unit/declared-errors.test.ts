import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActionError } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'
import type { DevLog } from '../helpers/dev-logs'
import { captureDevLogs } from '../helpers/dev-logs'
import { CLIENT_ERROR_CODES, RUNTIME_ERROR_CODES } from '../../src/runtime/server/errors/error-declarations'

describe.each(hosts)('declared errors on $name', (host) => {
  const errors = { NOT_FOUND: { statusCode: 404, message: 'No such todo' }, CONFLICT: { statusCode: 409 }, TITLE_TAKEN: { statusCode: 422 } } as const
  let server: TestServer
  const logs: DevLog[] = []

  beforeAll(async () => {
    const guarded = host.createActionClient()
      .errors({ UNAUTHORIZED: { statusCode: 401, message: 'Sign in first' } })
      .use(async ({ event, errors, next }) => {
        if (host.requestHeader(event, 'authorization') !== 'yes') throw errors.UNAUTHORIZED()
        return next()
      })
      .errors({ NOT_FOUND: { statusCode: 404 } })
    server = await host.serve({
      '/declared': host.defineAction({ errors, handler: ({ errors }) => { throw errors.NOT_FOUND() } }),
      '/message': host.defineAction({ errors, handler: ({ errors }) => { throw errors.NOT_FOUND({ message: 'Todo 3 is gone' }) } }),
      '/default-message': host.defineAction({ errors, handler: ({ errors }) => { throw errors.CONFLICT() } }),
      '/fields': host.defineAction({ errors, handler: ({ errors }) => { throw errors.TITLE_TAKEN({ fieldErrors: { title: ['taken'] } }) } }),
      '/wrong-status': host.defineAction({ errors, handler: () => { throw createActionError({ code: 'NOT_FOUND', message: 'Gone', statusCode: 500 }) } }),
      '/undeclared': host.defineAction({ errors, handler: () => { throw createActionError({ code: 'TEAPOT', message: 'Short and stout', statusCode: 418 }) } }),
      '/none-declared': host.defineAction({ handler: () => { throw createActionError({ code: 'TEAPOT', message: 'Short and stout', statusCode: 418 }) } }),
      '/middleware': host.defineAction({
        errors: { FORBIDDEN: { statusCode: 403 } },
        middleware: [async ({ errors }) => { throw errors.FORBIDDEN({ message: 'Admins only' }) }],
        handler: () => 'never',
      }),
      '/client': guarded.handler(({ errors }) => { throw errors.NOT_FOUND() }),
    })
  })
  afterAll(() => server.close())
  afterEach(() => {
    logs.length = 0
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })

  it('a declared error answers its code, declared status and declared message', async () => {
    const { status, body } = await call(`${server.url}/declared`)
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 } })
  })

  it('a message given to the factory replaces the declared one', async () => {
    expect((await call(`${server.url}/message`)).body.error).toEqual({ code: 'NOT_FOUND', message: 'Todo 3 is gone', statusCode: 404 })
  })

  it('a declaration without a message answers one made from the code', async () => {
    expect((await call(`${server.url}/default-message`)).body.error).toEqual({ code: 'CONFLICT', message: 'Conflict', statusCode: 409 })
  })

  it('a factory carries fieldErrors', async () => {
    const { status, body } = await call(`${server.url}/fields`)
    expect(status).toBe(422)
    expect(body.error).toEqual({ code: 'TITLE_TAKEN', message: 'Title taken', statusCode: 422, fieldErrors: { title: ['taken'] } })
  })

  it('a declared code thrown with another status answers the declared status, and says so in development', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    captureDevLogs(logs)
    const { status, body } = await call(`${server.url}/wrong-status`)
    expect(status).toBe(404)
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Gone', statusCode: 404 })
    expect(logs.map(log => log.args[0])).toEqual(['NOT_FOUND is declared with status 404 but was thrown with 500; the client got 404'])
  })

  it('an undeclared createActionError still answers as it is, with a development warning when the action declares errors', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    captureDevLogs(logs)
    const declared = await call(`${server.url}/undeclared`)
    expect([declared.status, declared.body.error]).toEqual([418, { code: 'TEAPOT', message: 'Short and stout', statusCode: 418 }])
    expect(logs).toHaveLength(1)
    expect(logs[0]!.args[0]).toMatch(/^TEAPOT is not among the action's declared errors/)
    const none = await call(`${server.url}/none-declared`)
    expect([none.status, none.body.error.code]).toEqual([418, 'TEAPOT'])
    expect(logs).toHaveLength(1)
  })

  it('middleware get the factories too', async () => {
    const { status, body } = await call(`${server.url}/middleware`)
    expect([status, body.error]).toEqual([403, { code: 'FORBIDDEN', message: 'Admins only', statusCode: 403 }])
  })

  it('createActionClient().errors() merges along the chain: middleware and handler see every declared code', async () => {
    const refused = await call(`${server.url}/client`)
    expect([refused.status, refused.body.error]).toEqual([401, { code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 }])
    const missing = await call(`${server.url}/client`, { headers: { authorization: 'yes' } })
    expect([missing.status, missing.body.error]).toEqual([404, { code: 'NOT_FOUND', message: 'Not found', statusCode: 404 }])
  })

  it('the declaration is kept, frozen, on the definition', () => {
    const action = host.defineAction({ errors, handler: () => null })
    expect(action['~action'].errors).toEqual({ NOT_FOUND: { statusCode: 404, message: 'No such todo' }, CONFLICT: { statusCode: 409 }, TITLE_TAKEN: { statusCode: 422 } })
    expect(Object.isFrozen(action['~action'].errors)).toBe(true)
    expect(host.defineAction({ handler: () => null })['~action'].errors).toEqual({})
  })
})

describe.each(hosts)('error declarations are checked when the action is defined, on $name', (host) => {
  const handler = () => null
  it.each([
    ['not an object', 'nope', /`errors` must be an object of declarations by code/],
    ['an array', [], /`errors` must be an object of declarations by code/],
    ['a code not in UPPER_SNAKE', { notFound: { statusCode: 404 } }, /error code "notFound" must be UPPER_SNAKE/],
    ['a code with a trailing underscore', { NOT_: { statusCode: 404 } }, /error code "NOT_" must be UPPER_SNAKE/],
    ['a runtime code', { VALIDATION_ERROR: { statusCode: 422 } }, /VALIDATION_ERROR is the runtime's own code/],
    ['a client code', { FETCH_ERROR: { statusCode: 500 } }, /FETCH_ERROR is the runtime's own code/],
    ['a declaration that is not an object', { NOT_FOUND: 404 }, /errors\.NOT_FOUND must be an object/],
    ['a status that is not an error status', { NOT_FOUND: { statusCode: 200 } }, /errors\.NOT_FOUND\.statusCode must be an integer from 400 to 599, got 200/],
    ['a status that is not an integer', { NOT_FOUND: { statusCode: 404.5 } }, /got 404\.5/],
    ['a status given as a string', { NOT_FOUND: { statusCode: '404' } }, /errors\.NOT_FOUND\.statusCode must be an integer/],
    ['a message that is not a string', { NOT_FOUND: { statusCode: 404, message: 1 } }, /errors\.NOT_FOUND\.message must be a string/],
    ['an unknown field (a typo of statusCode)', { NOT_FOUND: { status: 404 } }, /errors\.NOT_FOUND has an unknown field `status`/],
  ])('refuses %s with a TypeError', (_name, errors, message) => {
    expect(() => host.defineAction({ errors: errors as never, handler })).toThrow(TypeError)
    expect(() => host.defineAction({ errors: errors as never, handler })).toThrow(message)
  })

  it('createActionClient().errors() refuses a bad declaration and a status changed along the chain', () => {
    const client = host.createActionClient().errors({ NOT_FOUND: { statusCode: 404 } })
    expect(() => client.errors({ lower: { statusCode: 404 } } as never)).toThrow(/error code "lower" must be UPPER_SNAKE/)
    expect(() => client.errors({ NOT_FOUND: { statusCode: 410 } } as never))
      .toThrow('createActionClient().errors: NOT_FOUND is already declared with status 404 and cannot change to 410')
    const renamed = client.errors({ NOT_FOUND: { statusCode: 404, message: 'Gone' } }).handler(() => null)
    expect(renamed['~action'].errors).toEqual({ NOT_FOUND: { statusCode: 404, message: 'Gone' } })
  })
})

describe('the reserved codes follow the code that answers them', () => {
  const codesIn = (file: string, pattern: RegExp) => [...readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8').matchAll(pattern)].map(match => match[1]!)

  it('every code the client answers by itself is reserved (app/call/call-action.ts, call/internal/check-route.ts)', () => {
    const files = ['call/call-action.ts', 'call/internal/check-route.ts']
    const answered = new Set(files.flatMap(file => codesIn(`../../src/runtime/app/${file}`, /(?:code: |clientError\()'([A-Z_]+)'/g)))
    expect([...answered].sort()).toEqual([...CLIENT_ERROR_CODES].sort())
  })

  it('every code the runtime answers by itself is reserved', () => {
    const files = ['lifecycle/steps/parse-input.ts', 'lifecycle/steps/validate-input.ts', 'lifecycle/steps/validate-output.ts', 'body/read-stream.ts', 'cross-origin/refuse-cross-origin.ts', 'errors/to-error-envelope.ts', 'method-guard/refuse-method.ts', 'rate-limit/rate-limit.ts', 'idempotency/idempotent.ts']
    const answered = new Set(files.flatMap(file => codesIn(`../../src/runtime/server/${file}`, /code: '([A-Z_]+)'/g)))
    expect([...answered].sort()).toEqual([...RUNTIME_ERROR_CODES].sort())
  })
})
