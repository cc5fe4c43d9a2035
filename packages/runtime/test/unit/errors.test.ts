import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createActionError, isActionError } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import { call, postJson } from '../helpers/serve'
import type { AnyHandler } from '../helpers/hosts'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('errors on $name', (host) => {
  const INTERNAL = { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 }
  const calls: unknown[] = []
  const mapToTeapot = (error: Error) => {
    calls.push(error)
    return { code: 'DB_DOWN', message: 'Try again later', statusCode: 503 }
  }
  function throwing(value: () => unknown, handleServerError?: (error: Error) => { code: string, message: string, statusCode?: number }): AnyHandler {
    return host.defineAction({
      handleServerError,
      handler: () => {
        throw value()
      },
    })
  }
  function schemaReturning(result: () => unknown): StandardSchemaV1 {
    return { '~standard': { version: 1, vendor: 'test', validate: result as never } }
  }

  let server: TestServer
  beforeAll(async () => {
    server = await host.serve({
      '/error': throwing(() => new Error('connection string postgres://user:secret@db')),
      '/string': throwing(() => 'a thrown string'),
      '/null': throwing(() => null),
      '/undefined': throwing(() => undefined),
      '/symbol': throwing(() => Symbol('x')),
      '/mapped': throwing(() => new Error('db down'), mapToTeapot),
      '/mapped-no-status': throwing(() => new Error('x'), () => ({ code: 'MAPPED', message: 'Mapped' })),
      '/mapper-throws': throwing(() => new Error('x'), () => { throw new Error('mapper broke') }),
      '/mapper-garbage': throwing(() => new Error('x'), () => 42 as never),
      '/mapper-bad-status': throwing(() => new Error('x'), () => ({ code: 'X', message: 'y', statusCode: 200 })),
      '/mapper-not-for-action-error': throwing(() => createActionError({ code: 'MINE', message: 'kept' }), mapToTeapot),
      '/mapper-not-for-h3-error': throwing(() => host.httpError({ status: 409, message: 'h3 conflict' }), mapToTeapot),
      '/mapper-not-for-string': throwing(() => 'nope', mapToTeapot),
      '/default-status': throwing(() => createActionError({ code: 'BAD', message: 'Bad thing' })),
      '/h3-unhandled': throwing(() => host.httpError({ status: 500, message: 'wrapped internal detail', unhandled: true })),
      '/validate-throws': host.defineAction({ input: schemaReturning(() => { throw new Error('schema bug') }), handler: () => 'ran' }),
      '/validate-rejects': host.defineAction({ input: schemaReturning(() => Promise.reject(new Error('async schema bug'))), handler: () => 'ran' }),
      '/validate-garbage': host.defineAction({ input: schemaReturning(() => 'garbage'), handler: () => 'ran' }),
      '/validate-async': host.defineAction({ input: schemaReturning(async () => ({ issues: [{ message: 'nope', path: ['a'] }] })), handler: () => 'ran' }),
      '/params': host.defineAction({ params: z.object({ id: z.coerce.number().int() }), input: z.object({ id: z.string() }), handler: ({ params }) => params }),
    })
  })
  afterAll(() => server.close())

  describe('the errors table', () => {
    it('INTERNAL_ERROR 500 for an unhandled Error, with no internal detail', async () => {
      const { status, body, text } = await call(`${server.url}/error`)
      expect(status).toBe(500)
      expect(body).toEqual({ success: false, error: INTERNAL })
      expect(text).not.toContain('secret')
      expect(text).not.toContain('stack')
    })

    it('INTERNAL_ERROR 500 for a thrown non-Error value (string, null, undefined, symbol)', async () => {
      for (const path of ['/string', '/null', '/undefined', '/symbol']) {
        const { status, body } = await call(`${server.url}${path}`)
        expect(status, path).toBe(500)
        expect(body.error, path).toEqual(INTERNAL)
      }
    })

    it('SERVER_ERROR for an h3 error; one marked unhandled (h3 wrapped it) stays INTERNAL_ERROR', async () => {
      expect((await call(`${server.url}/mapper-not-for-h3-error`)).body.error).toEqual({ code: 'SERVER_ERROR', message: 'h3 conflict', statusCode: 409 })
      const wrapped = await call(`${server.url}/h3-unhandled`)
      expect(wrapped.body.error).toEqual(INTERNAL)
    })

    it('handleServerError maps an Error: its code, message and statusCode', async () => {
      calls.length = 0
      const { status, body } = await call(`${server.url}/mapped`)
      expect(status).toBe(503)
      expect(body.error).toEqual({ code: 'DB_DOWN', message: 'Try again later', statusCode: 503 })
      expect((calls[0] as Error).message).toBe('db down')
    })

    it('handleServerError statusCode defaults to 500', async () => {
      const { status, body } = await call(`${server.url}/mapped-no-status`)
      expect(status).toBe(500)
      expect(body.error).toEqual({ code: 'MAPPED', message: 'Mapped', statusCode: 500 })
    })

    it('handleServerError that throws or returns garbage answers INTERNAL_ERROR', async () => {
      for (const path of ['/mapper-throws', '/mapper-garbage', '/mapper-bad-status']) {
        const { status, body } = await call(`${server.url}${path}`)
        expect(status, path).toBe(500)
        expect(body.error, path).toEqual(INTERNAL)
      }
    })

    it('handleServerError is not called for ActionErrors, h3 errors or non-Error values (rule 1)', async () => {
      calls.length = 0
      expect((await call(`${server.url}/mapper-not-for-action-error`)).body.error).toEqual({ code: 'MINE', message: 'kept', statusCode: 400 })
      expect((await call(`${server.url}/mapper-not-for-h3-error`)).body.error.code).toBe('SERVER_ERROR')
      expect((await call(`${server.url}/mapper-not-for-string`)).body.error).toEqual(INTERNAL)
      expect(calls).toEqual([])
    })

    it('createActionError statusCode defaults to 400', async () => {
      const { status, body } = await call(`${server.url}/default-status`)
      expect(status).toBe(400)
      expect(body.error).toEqual({ code: 'BAD', message: 'Bad thing', statusCode: 400 })
    })

    it('a schema whose validate throws, rejects or returns garbage answers INTERNAL_ERROR', async () => {
      for (const path of ['/validate-throws', '/validate-rejects', '/validate-garbage']) {
        const { status, body } = await postJson(`${server.url}${path}`, {})
        expect(status, path).toBe(500)
        expect(body.error, path).toEqual(INTERNAL)
      }
    })

    it('an async schema is awaited', async () => {
      const { status, body } = await postJson(`${server.url}/validate-async`, {})
      expect(status).toBe(422)
      expect(body.error.fieldErrors).toEqual({ a: ['nope'] })
    })

    it('the same server keeps answering after every failure', async () => {
      expect((await call(`${server.url}/default-status`)).status).toBe(400)
    })
  })

  describe('params (an extension)', () => {
    it('validates route params and reports them under params.', async () => {
      const local = await host.serve({ '/todos/:id': host.defineAction({ params: z.object({ id: z.coerce.number().int() }), handler: ({ params }) => params }) })
      try {
        expect((await call(`${local.url}/todos/7`)).body).toEqual({ success: true, data: { id: 7 } })
        const bad = await call(`${local.url}/todos/abc`)
        expect(bad.status).toBe(422)
        expect(Object.keys(bad.body.error.fieldErrors)).toEqual(['params.id'])
      }
      finally {
        await local.close()
      }
    })
  })

  describe('createActionError', () => {
    it('returns an Error recognised by isActionError through a brand, not by shape', () => {
      const error = createActionError({ code: 'X', message: 'y', statusCode: 418, cause: new Error('db') })
      expect(error).toBeInstanceOf(Error)
      expect(isActionError(error)).toBe(true)
      expect(error.cause).toBeInstanceOf(Error)
      expect(isActionError({ code: 'X', message: 'y', statusCode: 400, name: 'ActionError' })).toBe(false)
      expect(isActionError(Object.assign(new Error('y'), { code: 'X', statusCode: 400 }))).toBe(false)
    })

    it('refuses a status outside 400 to 599 and an empty code', () => {
      expect(() => createActionError({ code: 'X', message: 'y', statusCode: 200 })).toThrow(TypeError)
      expect(() => createActionError({ code: '', message: 'y' })).toThrow(TypeError)
    })

    it('sends only code, message, statusCode and fieldErrors; cause stays on the server', async () => {
      const local = await host.serve({
        '/x': host.defineAction({ handler: () => { throw createActionError({ code: 'X', message: 'y', cause: { password: 'hunter2' } }) } }),
      })
      try {
        const { text } = await call(`${local.url}/x`)
        expect(text).not.toContain('hunter2')
        expect(JSON.parse(text).error).toEqual({ code: 'X', message: 'y', statusCode: 400 })
      }
      finally {
        await local.close()
      }
    })
  })

  describe('definition time (a bad option is a TypeError)', () => {
    it('throws a TypeError when input is not a Standard Schema', () => {
      expect(() => host.defineAction({ input: { parse: () => 1 } as never, handler: () => 1 }))
        .toThrow(new TypeError('defineAction: `input` must be a Standard Schema (an object with `~standard.validate`), got an object without `~standard.validate`'))
      expect(() => host.defineAction({ input: 'string' as never, handler: () => 1 })).toThrow(TypeError)
    })

    it('throws a TypeError for a non-Standard outputSchema or params, a missing handler, bad middleware or maxBodySize', () => {
      expect(() => host.defineAction({ outputSchema: {} as never, handler: () => 1 })).toThrow(TypeError)
      expect(() => host.defineAction({ params: [] as never, handler: () => 1 })).toThrow(TypeError)
      expect(() => host.defineAction({} as never)).toThrow(TypeError)
      expect(() => host.defineAction({ middleware: ['x'] as never, handler: () => 1 })).toThrow(TypeError)
      expect(() => host.defineAction({ maxBodySize: -1, handler: () => 1 })).toThrow(TypeError)
    })
  })
})
