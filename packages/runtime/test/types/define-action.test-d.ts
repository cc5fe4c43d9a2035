import { describe, expectTypeOf, it } from 'vitest'
import type { H3Event } from 'h3'
import { z } from 'zod'
import * as v from 'valibot'
import { type } from 'arktype'
import type { ActionResult } from '../../src/runtime/server'
import { createActionClient, createActionError, defineAction, defineActionMiddleware } from '../../src/runtime/server'

interface User { id: number, name: string }

const auth = defineActionMiddleware(async ({ next }) => next({ ctx: { user: { id: 1, name: 'Ada' } as User } }))
const tenant = defineActionMiddleware(async ({ next }) => next({ ctx: { tenant: 'acme' } }))

describe('defineAction types', () => {
  it('TInputSchema: inferred from input; input is the schema output, after defaults and transforms (zod)', () => {
    defineAction({
      input: z.object({ title: z.string(), done: z.boolean().default(false), count: z.string().transform(Number) }),
      handler: ({ input }) => {
        expectTypeOf(input).toEqualTypeOf<{ title: string, done: boolean, count: number }>()
      },
    })
  })

  it('input is the schema output for valibot and arktype', () => {
    defineAction({
      input: v.object({ page: v.pipe(v.string(), v.toNumber()) }),
      handler: ({ input }) => expectTypeOf(input).toEqualTypeOf<{ page: number }>(),
    })
    defineAction({
      input: type({ page: 'string.integer.parse' }),
      handler: ({ input }) => expectTypeOf(input).toEqualTypeOf<{ page: number }>(),
    })
  })

  it('input is unknown without a schema; event is the h3 event', () => {
    defineAction({
      handler: ({ input, event }) => {
        expectTypeOf(input).toBeUnknown()
        expectTypeOf(event).toEqualTypeOf<H3Event>()
      },
    })
  })

  it('params are the params schema output, raw strings without one', () => {
    defineAction({
      params: z.object({ id: z.coerce.number() }),
      handler: ({ params }) => expectTypeOf(params).toEqualTypeOf<{ id: number }>(),
    })
    defineAction({ handler: ({ params }) => expectTypeOf(params).toEqualTypeOf<Record<string, string>>() })
  })

  it('TCtx: the context type accumulated by middleware, inferred from the array', () => {
    defineAction({
      middleware: [auth, tenant],
      handler: ({ ctx }) => {
        expectTypeOf(ctx.user).toEqualTypeOf<User>()
        expectTypeOf(ctx.tenant).toEqualTypeOf<string>()
      },
    })
  })

  it('ctx is inferred from middleware written inline in the array', () => {
    defineAction({
      middleware: [
        defineActionMiddleware(async ({ next }) => next({ ctx: { a: 1 } })),
        async ({ next }) => next({ ctx: { b: 'two' } }),
      ],
      handler: ({ ctx }) => {
        expectTypeOf(ctx).toEqualTypeOf<{ a: number, b: string }>()
      },
    })
  })

  it('keeps every middleware\'s context when one of them adds nothing (a logger calling next())', () => {
    const logRequests = defineActionMiddleware(async ({ next }) => next())
    const addsEmpty = defineActionMiddleware(async ({ next }) => next({ ctx: {} }))
    defineAction({
      middleware: [logRequests, auth, addsEmpty, tenant],
      handler: ({ ctx }) => {
        expectTypeOf(ctx).toEqualTypeOf<{ user: User, tenant: string }>()
      },
    })
  })

  it('TCtx default: a map of string to unknown without middleware', () => {
    defineAction({ handler: ({ ctx }) => expectTypeOf(ctx).toEqualTypeOf<Record<string, unknown>>() })
  })

  it('TOutput and TOutputSchema: data is the handler return type, or the output schema output', () => {
    const plain = defineAction({ handler: async () => ({ id: 1, secret: 'x' }) })
    expectTypeOf(plain['~types']).toEqualTypeOf<{ input: unknown, params: Record<string, string>, data: { id: number, secret: string }, errors: {}, event: never, middlewareErrors: {} } | undefined>()
    const shaped = defineAction({
      outputSchema: z.object({ id: z.number() }),
      handler: async () => ({ id: 1, secret: 'x' }),
    })
    expectTypeOf(shaped['~types']).toEqualTypeOf<{ input: unknown, params: Record<string, string>, data: { id: number }, errors: {}, event: never, middlewareErrors: {} } | undefined>()
    const nothing = defineAction({ handler: () => {} })
    expectTypeOf(nothing['~types']).toEqualTypeOf<{ input: unknown, params: Record<string, string>, data: null, errors: {}, event: never, middlewareErrors: {} } | undefined>()
  })

  it('an output schema that allows undefined types the data as null, what the wire carries', () => {
    const empty = defineAction({ outputSchema: z.void(), handler: () => {} })
    expectTypeOf(empty['~types']).toEqualTypeOf<{ input: unknown, params: Record<string, string>, data: null, errors: {}, event: never, middlewareErrors: {} } | undefined>()
    const maybe = defineAction({ outputSchema: v.optional(v.object({ id: v.number() })), handler: () => undefined })
    expectTypeOf(maybe['~types']).toEqualTypeOf<{ input: unknown, params: Record<string, string>, data: { id: number } | null, errors: {}, event: never, middlewareErrors: {} } | undefined>()
  })

  it('data is what a thenable the handler returns (a query builder) resolves to', () => {
    const query: PromiseLike<{ id: number }[]> = { then: (resolve, reject) => Promise.resolve([{ id: 1 }]).then(resolve, reject) }
    const listed = defineAction({ handler: () => query })
    expectTypeOf(listed['~types']).toEqualTypeOf<{ input: unknown, params: Record<string, string>, data: { id: number }[], errors: {}, event: never, middlewareErrors: {} } | undefined>()
  })

  it('the client-facing input is the schema input (before transforms)', () => {
    const action = defineAction({ input: z.object({ count: z.string().transform(Number) }), handler: ({ input }) => input.count })
    expectTypeOf(action['~types']).toEqualTypeOf<{ input: { count: string }, params: Record<string, string>, data: number, errors: {}, event: never, middlewareErrors: {} } | undefined>()
  })

  it('the handler answers the envelope', () => {
    const _action = defineAction({ handler: () => 'hi' })
    expectTypeOf<Awaited<ReturnType<typeof _action>>>().toEqualTypeOf<ActionResult<string>>()
  })

  it('rejects what is not a Standard Schema and a wrong handler', () => {
    // @ts-expect-error input must be a Standard Schema
    defineAction({ input: { parse: () => 1 }, handler: () => 1 })
    // @ts-expect-error handler is required
    defineAction({ input: z.string() })
    defineAction({
      input: z.object({ title: z.string() }),
      // @ts-expect-error no such field in the input
      handler: ({ input }) => input.missing,
    })
  })

  it('narrows the envelope on success', () => {
    const result = {} as ActionResult<{ id: number }>
    if (result.success) expectTypeOf(result.data).toEqualTypeOf<{ id: number }>()
    else expectTypeOf(result.error.code).toEqualTypeOf<string>()
  })

  it('createActionError returns an Error with the error fields', () => {
    const error = createActionError({ code: 'X', message: 'y' })
    expectTypeOf(error).toMatchTypeOf<Error>()
    expectTypeOf(error.statusCode).toEqualTypeOf<number>()
  })
})

describe('createActionClient types', () => {
  it('accumulates ctx through use() and types each middleware with what came before', () => {
    const client = createActionClient()
      .use(async ({ next }) => next({ ctx: { user: { id: 1 } } }))
      .use(async ({ ctx, next }) => {
        expectTypeOf(ctx.user).toEqualTypeOf<{ id: number }>()
        return next({ ctx: { isAdmin: ctx.user.id === 1 } })
      })
    client.handler(({ ctx }) => {
      expectTypeOf(ctx.user).toEqualTypeOf<{ id: number }>()
      expectTypeOf(ctx.isAdmin).toEqualTypeOf<boolean>()
    })
  })

  it('input, params and outputSchema set the handler and data types', () => {
    const action = createActionClient()
      .input(z.object({ title: z.string() }))
      .params(z.object({ id: z.coerce.number() }))
      .outputSchema(z.object({ ok: z.boolean() }))
      .handler(({ input, params }) => {
        expectTypeOf(input).toEqualTypeOf<{ title: string }>()
        expectTypeOf(params).toEqualTypeOf<{ id: number }>()
        return { ok: true, extra: 1 }
      })
    expectTypeOf(action['~types']).toEqualTypeOf<{ input: { title: string }, params: { id: unknown }, data: { ok: boolean }, errors: {}, event: never, middlewareErrors: {} } | undefined>()
  })
})
