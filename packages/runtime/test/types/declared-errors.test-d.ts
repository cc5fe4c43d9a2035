import { describe, expectTypeOf, it } from 'vitest'
import type { ActionErrorData, DeclaredActionError, MiddlewareErrorCode, RuntimeErrorCode } from '../../src/runtime/server'
import { createActionClient, createActionError, defineAction, defineActionMiddleware } from '../../src/runtime/server'
import * as v2 from '../../src/runtime/server/h3-v2'
import { $action } from '../../src/runtime/app'
import type { ActionErrorCode, ClientErrorCode } from '../../src/runtime/app/route-map'
import type { CLIENT_ERROR_CODES, RUNTIME_ERROR_CODES } from '../../src/runtime/server/errors/error-declarations'

// what the module generates into .nuxt/types/action-routes.d.ts for these files
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/declared/:id': {
      get: typeof import('./declared-errors-routes/todo.get').default
      put: typeof import('./declared-errors-routes/todo.put').default
    }
  }
}

const errors = { NOT_FOUND: { statusCode: 404, message: 'No such todo' }, CONFLICT: { statusCode: 409 } } as const

describe('declared errors on the server', () => {
  it('the handler gets one factory per declared code, building an ActionError with that code and status', () => {
    defineAction({
      errors: { NOT_FOUND: { statusCode: 404, message: 'No such todo' }, CONFLICT: { statusCode: 409 } },
      handler: ({ errors }) => {
        expectTypeOf(errors.NOT_FOUND()).toEqualTypeOf<DeclaredActionError<'NOT_FOUND', 404>>()
        expectTypeOf(errors.CONFLICT({ message: 'Todo 3 changed', fieldErrors: { title: ['taken'] } }).statusCode).toEqualTypeOf<409>()
        // @ts-expect-error NOPE is not declared
        void errors.NOPE
        return null
      },
    })
  })

  it('a declared code with another status does not compile', () => {
    defineAction({
      errors,
      handler: ({ errors }) => {
        // @ts-expect-error NOT_FOUND is declared with 404
        throw errors.NOT_FOUND({ statusCode: 500 })
      },
    })
    defineAction({ errors, handler: ({ errors }) => errors.NOT_FOUND({ statusCode: 404 }) })
  })

  it('an action that declares nothing has no factories', () => {
    defineAction({
      handler: ({ errors }) => {
        expectTypeOf(errors).toEqualTypeOf<{}>()
        // @ts-expect-error nothing is declared
        throw errors.NOT_FOUND()
      },
    })
  })

  it('refuses a declaration that is not { statusCode: number, message?: string }, or uses a runtime or client code', () => {
    // @ts-expect-error statusCode must be a number
    defineAction({ errors: { NOT_FOUND: { statusCode: '404' } }, handler: () => null })
    // @ts-expect-error message must be a string
    defineAction({ errors: { NOT_FOUND: { statusCode: 404, message: 1 } }, handler: () => null })
    // @ts-expect-error VALIDATION_ERROR is the runtime's own code
    defineAction({ errors: { VALIDATION_ERROR: { statusCode: 422 } }, handler: () => null })
    // @ts-expect-error FETCH_ERROR is the client's own code
    defineAction({ errors: { FETCH_ERROR: { statusCode: 500 } }, handler: () => null })
  })

  it('inline middleware get the factories of the action they are in', () => {
    defineAction({
      errors: { FORBIDDEN: { statusCode: 403 } },
      middleware: [async ({ errors, next }) => {
        expectTypeOf(errors.FORBIDDEN).returns.toEqualTypeOf<DeclaredActionError<'FORBIDDEN', 403>>()
        // @ts-expect-error NOT_FOUND is not declared here
        void errors.NOT_FOUND
        return next({ ctx: { role: 'admin' } })
      }],
      handler: ({ ctx }) => ctx.role,
    })
  })

  it('a shared middleware (defineActionMiddleware) still fits an action that declares errors', () => {
    const auth = defineActionMiddleware(async ({ next }) => next({ ctx: { user: 'ada' } }))
    const action = defineAction({ errors, middleware: [auth], handler: ({ ctx }) => ctx.user })
    expectTypeOf(action['~types']).toEqualTypeOf<{ input: unknown, params: Record<string, string>, data: string, errors: typeof errors, event: never, middlewareErrors: {} } | undefined>()
  })

  it('createActionError stays a plain, untyped error (the declared codes go through the factories)', () => {
    expectTypeOf(createActionError({ code: 'NOT_FOUND', message: 'x', statusCode: 500 }).code).toEqualTypeOf<string>()
  })

  it('createActionClient().errors() merges along the chain, for later middleware and the handler', () => {
    const action = createActionClient()
      .errors({ UNAUTHORIZED: { statusCode: 401 } })
      .use(async ({ errors, next }) => {
        expectTypeOf(errors.UNAUTHORIZED().statusCode).toEqualTypeOf<401>()
        // @ts-expect-error NOT_FOUND is declared later in the chain
        void errors.NOT_FOUND
        return next()
      })
      .errors({ NOT_FOUND: { statusCode: 404 } })
      .handler(({ errors }) => {
        expectTypeOf(errors.UNAUTHORIZED().code).toEqualTypeOf<'UNAUTHORIZED'>()
        expectTypeOf(errors.NOT_FOUND().statusCode).toEqualTypeOf<404>()
        return null
      })
    expectTypeOf(action['~types']).exclude<undefined>().toHaveProperty('errors').toEqualTypeOf<{
      UNAUTHORIZED: { readonly statusCode: 401 }
      NOT_FOUND: { readonly statusCode: 404 }
    }>()
  })

  it('createActionClient().errors() may change a message but not a status', () => {
    const client = createActionClient().errors({ NOT_FOUND: { statusCode: 404 } })
    client.errors({ NOT_FOUND: { statusCode: 404, message: 'Gone' } })
    // @ts-expect-error NOT_FOUND is already declared with 404
    client.errors({ NOT_FOUND: { statusCode: 410 } })
    // @ts-expect-error INTERNAL_ERROR is the runtime's own code
    client.errors({ INTERNAL_ERROR: { statusCode: 500 } })
  })

  it('works the same on the h3 v2 entry', () => {
    const action = v2.defineAction({
      errors,
      middleware: [async ({ errors, next }) => {
        expectTypeOf(errors.CONFLICT().statusCode).toEqualTypeOf<409>()
        return next()
      }],
      handler: ({ errors }) => {
        // @ts-expect-error NOT_FOUND is declared with 404
        void errors.NOT_FOUND({ statusCode: 400 })
        throw errors.NOT_FOUND()
      },
    })
    expectTypeOf(action['~types']).exclude<undefined>().toHaveProperty('errors').toEqualTypeOf<typeof errors>()
    v2.createActionClient().errors({ UNAUTHORIZED: { statusCode: 401 } }).handler(({ errors }) => {
      expectTypeOf(errors.UNAUTHORIZED().code).toEqualTypeOf<'UNAUTHORIZED'>()
    })
  })
})

describe('declared errors on the client', () => {
  it('error.code is the union of the declared, the runtime\'s and the client\'s codes: a switch over it is exhaustive', async () => {
    const result = await $action('/api/declared/:id', { method: 'GET', params: { id: 3 } })
    if (result.success) return
    const { error } = result
    expectTypeOf(error.code).toEqualTypeOf<'NOT_FOUND' | 'GONE' | RuntimeErrorCode | ClientErrorCode>()
    switch (error.code) {
      case 'NOT_FOUND':
        expectTypeOf(error.statusCode).toEqualTypeOf<404>()
        break
      case 'GONE':
        expectTypeOf(error.statusCode).toEqualTypeOf<410>()
        break
      case 'VALIDATION_ERROR':
      case 'OUTPUT_VALIDATION_ERROR':
      case 'PARSE_ERROR':
      case 'PAYLOAD_TOO_LARGE':
      case 'UNSUPPORTED_MEDIA_TYPE':
      case 'CROSS_ORIGIN_REQUEST':
      case 'INTERNAL_ERROR':
      case 'SERVER_ERROR':
        expectTypeOf(error.statusCode).toEqualTypeOf<number>()
        break
      case 'FETCH_ERROR':
      case 'TIMEOUT_ERROR':
      case 'ABORT_ERROR':
      case 'HTTP_ERROR':
      case 'INVALID_RESPONSE':
      case 'METHOD_NOT_ALLOWED':
        break
      default: {
        const unreachable: never = error
        void unreachable
      }
    }
  })

  it('a switch that leaves out a declared code is not exhaustive', async () => {
    const result = await $action('/api/declared/:id', { method: 'GET', params: { id: 3 } })
    if (result.success) return
    const { error } = result
    switch (error.code) {
      case 'NOT_FOUND':
      case 'VALIDATION_ERROR': case 'OUTPUT_VALIDATION_ERROR': case 'PARSE_ERROR': case 'PAYLOAD_TOO_LARGE':
      case 'UNSUPPORTED_MEDIA_TYPE': case 'CROSS_ORIGIN_REQUEST': case 'INTERNAL_ERROR': case 'SERVER_ERROR':
      case 'FETCH_ERROR': case 'TIMEOUT_ERROR': case 'ABORT_ERROR': case 'HTTP_ERROR': case 'INVALID_RESPONSE':
        break
      default: {
        // @ts-expect-error GONE is not handled
        const unreachable: never = error
        void unreachable
      }
    }
    // @ts-expect-error NOPE is not a code this action can answer
    if (error.code === 'NOPE') void error
  })

  it('codes declared along a createActionClient chain reach the client, per method', async () => {
    const result = await $action('/api/declared/:id', { method: 'PUT', params: { id: 3 }, input: { title: 'x' } })
    if (!result.success) expectTypeOf(result.error.code).toEqualTypeOf<'UNAUTHORIZED' | 'TITLE_TAKEN' | RuntimeErrorCode | ClientErrorCode>()
    expectTypeOf<ActionErrorCode<'/api/declared/:id', 'PUT'>>().toEqualTypeOf<'UNAUTHORIZED' | 'TITLE_TAKEN' | RuntimeErrorCode | ClientErrorCode>()
  })

  it('an action that declares nothing fails with a plain string code', async () => {
    const result = await $action('/api/todos', { method: 'POST', input: { title: 'x' } })
    if (!result.success) expectTypeOf(result.error).toEqualTypeOf<ActionErrorData>()
    expectTypeOf<ActionErrorCode<'/api/todos', 'POST'>>().toEqualTypeOf<string>()
  })
})

describe('the client\'s reserved codes', () => {
  it('ClientErrorCode is the list the server refuses to declare', () => {
    expectTypeOf<ClientErrorCode>().toEqualTypeOf<typeof CLIENT_ERROR_CODES[number]>()
    expectTypeOf<RuntimeErrorCode | MiddlewareErrorCode>().toEqualTypeOf<typeof RUNTIME_ERROR_CODES[number]>()
  })
})
