// The error union carries RATE_LIMITED and the IDEMPOTENCY_KEY_* codes only for a route whose middleware
// include rateLimit() or idempotent(), from defineAction and the builder through the route map to the client.
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import type { FieldErrors, InferMiddlewareErrors, RateLimitErrors } from '../../src/runtime/server'
import { createActionClient, defineAction, defineActionMiddleware, idempotent, rateLimit } from '../../src/runtime/server'
import * as v2 from '../../src/runtime/server/h3-v2'
import { $action, useAction } from '../../src/runtime/app'
import type { ActionCallError, ActionErrorCode, ActionMiddlewareErrors } from '../../src/runtime/app/route-map'
import type { ActionFetchResponse } from '../../src/runtime/app/typed-fetch'

// what the module generates into .nuxt/types/action-routes.d.ts for these files
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/mw-errors/plain': { get: typeof import('./middleware-errors-routes/plain.get').default }
    '/api/mw-errors/limited': { post: typeof import('./middleware-errors-routes/limited.post').default }
    '/api/mw-errors/orders': { post: typeof import('./middleware-errors-routes/orders.post').default }
    '/api/mw-errors/both': { post: typeof import('./middleware-errors-routes/both.post').default }
    '/api/mw-errors/open': { post: typeof import('./middleware-errors-routes/open.post').default }
  }
}

type Plain = ActionCallError<'/api/mw-errors/plain', 'GET'>
type Limited = ActionCallError<'/api/mw-errors/limited', 'POST'>

/** Every code but the route's own and the middleware's. */
function handleCommon(code: 'VALIDATION_ERROR' | 'OUTPUT_VALIDATION_ERROR' | 'PARSE_ERROR' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'
  | 'CROSS_ORIGIN_REQUEST' | 'METHOD_NOT_ALLOWED' | 'INTERNAL_ERROR' | 'SERVER_ERROR'
  | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'ABORT_ERROR' | 'HTTP_ERROR' | 'INVALID_RESPONSE'): string {
  return code
}

describe('the error union follows rateLimit() and idempotent()', () => {
  it('a route with neither: an exhaustive switch needs no RATE_LIMITED nor IDEMPOTENCY_KEY_* case', () => {
    const explain = (error: Plain): string => {
      switch (error.code) {
        case 'NOT_FOUND': return 'gone'
        case 'VALIDATION_ERROR': case 'OUTPUT_VALIDATION_ERROR': case 'PARSE_ERROR': case 'PAYLOAD_TOO_LARGE': case 'UNSUPPORTED_MEDIA_TYPE':
        case 'CROSS_ORIGIN_REQUEST': case 'METHOD_NOT_ALLOWED': case 'INTERNAL_ERROR': case 'SERVER_ERROR':
        case 'FETCH_ERROR': case 'TIMEOUT_ERROR': case 'ABORT_ERROR': case 'HTTP_ERROR': case 'INVALID_RESPONSE':
          return handleCommon(error.code)
        default:
          return error satisfies never
      }
    }
    void explain
    expectTypeOf<Extract<ActionErrorCode<'/api/mw-errors/plain', 'GET'>, 'RATE_LIMITED' | `IDEMPOTENCY_${string}`>>().toBeNever()
    expectTypeOf<ActionMiddlewareErrors<'/api/mw-errors/plain', 'GET'>>().toEqualTypeOf<{}>()
  })

  it('a route with rateLimit(): a switch without a RATE_LIMITED case does not compile', () => {
    const explain = (error: Limited): string => {
      switch (error.code) {
        case 'WRONG_PASSWORD': return 'wrong'
        case 'VALIDATION_ERROR': case 'OUTPUT_VALIDATION_ERROR': case 'PARSE_ERROR': case 'PAYLOAD_TOO_LARGE': case 'UNSUPPORTED_MEDIA_TYPE':
        case 'CROSS_ORIGIN_REQUEST': case 'METHOD_NOT_ALLOWED': case 'INTERNAL_ERROR': case 'SERVER_ERROR':
        case 'FETCH_ERROR': case 'TIMEOUT_ERROR': case 'ABORT_ERROR': case 'HTTP_ERROR': case 'INVALID_RESPONSE':
          return handleCommon(error.code)
        default:
          // @ts-expect-error RATE_LIMITED is not handled
          return error satisfies never
      }
    }
    const handled = (error: Limited): string => {
      switch (error.code) {
        case 'WRONG_PASSWORD': return 'wrong'
        case 'RATE_LIMITED':
          expectTypeOf(error.statusCode).toEqualTypeOf<429>()
          return 'slow down'
        case 'VALIDATION_ERROR': case 'OUTPUT_VALIDATION_ERROR': case 'PARSE_ERROR': case 'PAYLOAD_TOO_LARGE': case 'UNSUPPORTED_MEDIA_TYPE':
        case 'CROSS_ORIGIN_REQUEST': case 'METHOD_NOT_ALLOWED': case 'INTERNAL_ERROR': case 'SERVER_ERROR':
        case 'FETCH_ERROR': case 'TIMEOUT_ERROR': case 'ABORT_ERROR': case 'HTTP_ERROR': case 'INVALID_RESPONSE':
          return handleCommon(error.code)
        default:
          return error satisfies never
      }
    }
    void explain
    void handled
    expectTypeOf<Extract<ActionErrorCode<'/api/mw-errors/limited', 'POST'>, `IDEMPOTENCY_${string}`>>().toBeNever()
  })

  it('useAction\'s error and $action\'s envelope carry RATE_LIMITED with its 429', async () => {
    const login = useAction('/api/mw-errors/limited', { method: 'POST' })
    expectTypeOf(login.error.value).toEqualTypeOf<Limited | null>()
    expectTypeOf(login.error.value!).extract<{ code: 'RATE_LIMITED' }>()
      .toEqualTypeOf<{ code: 'RATE_LIMITED', message: string, statusCode: 429, fieldErrors?: FieldErrors }>()
    const result = await $action('/api/mw-errors/limited', { method: 'POST', input: { name: 'ada' } })
    if (!result.success && result.error.code === 'RATE_LIMITED') expectTypeOf(result.error.statusCode).toEqualTypeOf<429>()
    const plain = await $action('/api/mw-errors/plain', { method: 'GET' })
    // @ts-expect-error a route without rateLimit() never answers RATE_LIMITED
    if (!plain.success && plain.error.code === 'RATE_LIMITED') void plain
  })

  it('idempotent() adds its three codes, from a builder\'s middleware option or .use()', () => {
    type Idempotency = 'IDEMPOTENCY_KEY_INVALID' | 'IDEMPOTENCY_KEY_REUSED' | 'IDEMPOTENCY_KEY_IN_PROGRESS'
    expectTypeOf<Extract<ActionErrorCode<'/api/mw-errors/orders', 'POST'>, Idempotency | 'RATE_LIMITED'>>().toEqualTypeOf<Idempotency>()
    expectTypeOf<Extract<ActionErrorCode<'/api/mw-errors/both', 'POST'>, Idempotency | 'RATE_LIMITED'>>().toEqualTypeOf<Idempotency | 'RATE_LIMITED'>()
    expectTypeOf<ActionCallError<'/api/mw-errors/orders', 'POST'>>().extract<{ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' }>()
      .toEqualTypeOf<{ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: string, statusCode: 409, fieldErrors?: FieldErrors }>()
  })

  it('an action that declares nothing still fails with any string code', () => {
    const open = defineAction({ middleware: [rateLimit({ limit: 1, window: 1000 })], handler: () => 1 })
    expectTypeOf(open['~types']).exclude<undefined>().toHaveProperty('middlewareErrors').toEqualTypeOf<RateLimitErrors>()
    expectTypeOf<ActionErrorCode<'/api/mw-errors/open', 'POST'>>().toEqualTypeOf<string>()
  })
})

describe('the errors a middleware answers, on the server', () => {
  const auth = defineActionMiddleware(async ({ next }) => next({ ctx: { user: 'ada' } }))

  it('defineAction keeps them in its types, beside the context of the other middleware', () => {
    const action = defineAction({
      middleware: [auth, rateLimit({ limit: 1, window: 1000 }), async ({ next }) => next()],
      handler: ({ ctx }) => ctx.user,
    })
    expectTypeOf(action['~types']).exclude<undefined>().toHaveProperty('middlewareErrors').toEqualTypeOf<RateLimitErrors>()
    const none = defineAction({ middleware: [auth], handler: ({ ctx }) => ctx.user })
    expectTypeOf(none['~types']).exclude<undefined>().toHaveProperty('middlewareErrors').toEqualTypeOf<{}>()
    const onV2 = v2.defineAction({ middleware: [v2.idempotent()], handler: () => 1 })
    expectTypeOf(onV2['~types']).exclude<undefined>().toHaveProperty('middlewareErrors')
      .toEqualTypeOf<{ readonly IDEMPOTENCY_KEY_INVALID: { readonly statusCode: 400 }, readonly IDEMPOTENCY_KEY_REUSED: { readonly statusCode: 422 }, readonly IDEMPOTENCY_KEY_IN_PROGRESS: { readonly statusCode: 409 } }>()
  })

  it('a builder\'s middleware option keeps its context and gets the errors, generic calls among them', () => {
    const client = createActionClient({ middleware: [auth, rateLimit({ limit: 1, window: 1000 })] })
    const action = client.handler(({ ctx }) => ctx.user)
    expectTypeOf(action['~types']).exclude<undefined>().toHaveProperty('data').toEqualTypeOf<string>()
    expectTypeOf(action['~types']).exclude<undefined>().toHaveProperty('middlewareErrors').toEqualTypeOf<RateLimitErrors>()
    createActionClient().handler(({ ctx }) => expectTypeOf(ctx).toEqualTypeOf<{}>())
  })

  it('InferMiddlewareErrors merges a list\'s', () => {
    type Limit = ReturnType<typeof rateLimit>
    const once = idempotent()
    expectTypeOf(once).toHaveProperty('~errors')
    expectTypeOf<keyof InferMiddlewareErrors<[typeof auth, Limit, typeof once]>>()
      .toEqualTypeOf<'RATE_LIMITED' | 'IDEMPOTENCY_KEY_INVALID' | 'IDEMPOTENCY_KEY_REUSED' | 'IDEMPOTENCY_KEY_IN_PROGRESS'>()
    expectTypeOf<InferMiddlewareErrors<[typeof auth]>>().toEqualTypeOf<{}>()
    expectTypeOf<InferMiddlewareErrors<[]>>().toEqualTypeOf<{}>()
  })

  it('an action cannot declare them', () => {
    // @ts-expect-error RATE_LIMITED is the runtime's own code
    defineAction({ errors: { RATE_LIMITED: { statusCode: 429 } }, handler: () => 1 })
  })
})

describe('typed fetch on Nuxt 5', () => {
  it('the envelope carries the middleware\'s codes, and only theirs', () => {
    const limited = v2.defineAction({
      input: z.object({ name: z.string() }),
      errors: { WRONG_PASSWORD: { statusCode: 401 } },
      middleware: [v2.rateLimit({ limit: 1, window: 1000 })],
      handler: () => 1,
    })
    const plain = v2.defineAction({ errors: { WRONG_PASSWORD: { statusCode: 401 } }, handler: () => 1 })
    const codesOf = <T>(_handler: T) => undefined as unknown as Extract<ActionFetchResponse<T>, { success: false }>['error']['code']
    expectTypeOf(codesOf(limited)).extract<'RATE_LIMITED'>().toEqualTypeOf<'RATE_LIMITED'>()
    expectTypeOf(codesOf(plain)).extract<'RATE_LIMITED'>().toBeNever()
  })
})
