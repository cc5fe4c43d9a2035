import { describe, expectTypeOf, it } from 'vitest'
import { createActionClient, defineActionMiddleware } from '../../src/runtime/server'
import { createActionClient as createActionClientV2, defineActionMiddleware as defineActionMiddlewareV2 } from '../../src/runtime/server/h3-v2'

interface User { id: number, name: string }

const auth = defineActionMiddleware(async ({ next }) => next({ ctx: { user: { id: 1, name: 'Ada' } as User } }))
const tenant = defineActionMiddleware(async ({ next }) => next({ ctx: { tenant: 'acme' } }))

describe('createActionClient options types', () => {
  it('infers the context the middleware option adds, for .use() middleware and the handler', () => {
    createActionClient({ middleware: [auth, tenant] })
      .use(async ({ ctx, next }) => {
        expectTypeOf(ctx).toEqualTypeOf<{ user: User, tenant: string }>()
        return next({ ctx: { traced: true } })
      })
      .handler(({ ctx }) => expectTypeOf(ctx).toEqualTypeOf<{ user: User, tenant: string, traced: boolean }>())
  })

  it('starts from an empty context without the option', () => {
    createActionClient().handler(({ ctx }) => expectTypeOf(ctx).toEqualTypeOf<{}>())
    createActionClient({ maxBodySize: 1024 }).handler(({ ctx }) => expectTypeOf(ctx).toEqualTypeOf<{}>())
  })

  it('types the option on the h3 v2 entry with its own event', () => {
    const v2Auth = defineActionMiddlewareV2(async ({ next }) => next({ ctx: { user: { id: 1, name: 'Ada' } as User } }))
    createActionClientV2({ middleware: [v2Auth] }).handler(({ ctx }) => expectTypeOf(ctx).toEqualTypeOf<{ user: User }>())
  })

  it('refuses something that is not a middleware', () => {
    // @ts-expect-error a string is not a middleware
    createActionClient({ middleware: ['auth'] })
  })
})
