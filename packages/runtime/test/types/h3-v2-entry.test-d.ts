// The h3 v2 entry: the same names as the h3 v1 entry, with h3 v2's own event in handlers and middleware.
import { describe, expectTypeOf, it } from 'vitest'
import type { H3Event } from 'h3-v2'
import { H3, getCookie, getRouterParam, setResponseHeader, setResponseStatus } from 'h3-v2'
import { z } from 'zod'
import type { ActionMiddleware, ActionResult, H3V2Event } from '../../src/runtime/server/h3-v2'
import { createActionClient, createActionError, defineAction, defineActionMiddleware, isActionError } from '../../src/runtime/server/h3-v2'

interface User { id: number, name: string }
const auth = defineActionMiddleware('auth', async ({ event, next }) => {
  expectTypeOf(event).toEqualTypeOf<H3V2Event>()
  return next({ ctx: { user: { id: 1, name: 'Ada' } as User, cookie: getCookie(event, 'session') } })
})

describe('the h3 v2 entry', () => {
  it('gives handlers an event h3 v2\'s helpers take, and h3 v2\'s own event is one', () => {
    expectTypeOf<H3Event>().toExtend<H3V2Event>()
    defineAction({
      handler: ({ event }) => {
        setResponseStatus(event, 201)
        setResponseHeader(event, 'x-created', 'yes')
        const h3Event: H3Event = event
        return { id: getRouterParam(h3Event, 'id'), status: event.res.status, method: event.req.method }
      },
    })
  })

  it('infers input, middleware context and data as on the h3 v1 entry', () => {
    const action = defineAction({
      input: z.object({ title: z.string(), done: z.boolean().default(false) }),
      middleware: [auth],
      handler: ({ input, ctx }) => {
        expectTypeOf(input).toEqualTypeOf<{ title: string, done: boolean }>()
        expectTypeOf(ctx.user).toEqualTypeOf<User>()
        return { title: input.title, by: ctx.user.name }
      },
    })
    expectTypeOf(action).parameter(0).toEqualTypeOf<H3V2Event>()
    expectTypeOf(action).returns.resolves.toEqualTypeOf<ActionResult<{ title: string, by: string }>>()
  })

  it('is a handler h3 v2 routes take as is', () => {
    const app = new H3()
    app.post('/todos', defineAction({ handler: () => 'ok' }))
    app.get('/me', createActionClient().use(auth).handler(({ ctx }) => ctx.user))
  })

  it('types the builder\'s middleware and handler with the h3 v2 event', () => {
    createActionClient().use(auth).handler(({ ctx, event }) => {
      expectTypeOf(event).toEqualTypeOf<H3V2Event>()
      expectTypeOf(ctx.user).toEqualTypeOf<User>()
    })
    expectTypeOf(auth).toExtend<ActionMiddleware>()
  })

  it('carries the types the client route map reads', () => {
    const _action = defineAction({ input: z.object({ title: z.string() }), handler: ({ input }) => ({ id: 1, ...input }) })
    type Types = NonNullable<typeof _action['~types']>
    expectTypeOf<Types['input']>().toEqualTypeOf<{ title: string }>()
    expectTypeOf<Types['data']>().toEqualTypeOf<{ title: string, id: number }>()
  })

  it('shares the errors of the h3 v1 entry', () => {
    const error = createActionError({ code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 })
    expectTypeOf(isActionError(error)).toBeBoolean()
  })
})
