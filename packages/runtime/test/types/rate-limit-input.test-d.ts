// rateLimit()'s key and idempotent()'s scope run after validation: in an action's middleware, their `input`
// is the input schema's output, inferred with no cast nor type argument.
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import * as v from 'valibot'
import { createActionClient, defineAction, idempotent, rateLimit } from '../../src/runtime/server'
import * as v2 from '../../src/runtime/server/h3-v2'

describe('rateLimit and idempotent see the action\'s typed input', () => {
  it('a key function gets the input schema\'s output', () => {
    defineAction({
      input: z.object({ name: z.string().trim(), age: z.coerce.number() }),
      middleware: [rateLimit({
        limit: 5,
        window: 60_000,
        key: ({ input }) => {
          expectTypeOf(input).toEqualTypeOf<{ name: string, age: number }>()
          return input.name.toLowerCase()
        },
      })],
      handler: ({ input }) => input.name,
    })
  })

  it('a key that reads a field the schema lacks does not compile', () => {
    defineAction({
      input: z.object({ name: z.string() }),
      // @ts-expect-error `email` is not in the input schema
      middleware: [rateLimit({ limit: 5, window: 60_000, key: ({ input }) => input.email })],
      handler: () => 1,
    })
  })

  it('with other middleware around it, each schema library, and on h3 v2', () => {
    defineAction({
      input: v.object({ id: v.number() }),
      middleware: [
        async ({ input, next }) => {
          expectTypeOf(input).toEqualTypeOf<{ id: number }>()
          return next({ ctx: { tenant: 't' } })
        },
        rateLimit({ limit: 5, window: 60_000, key: ({ input }) => input.id }),
        idempotent({
          scope: ({ input }) => {
            expectTypeOf(input).toEqualTypeOf<{ id: number }>()
            return input.id
          },
        }),
      ],
      handler: ({ input }) => input.id,
    })
    v2.defineAction({
      input: z.object({ name: z.string() }),
      middleware: [v2.rateLimit({ limit: 5, window: 60_000, key: ({ input }) => input.name })],
      handler: () => 1,
    })
  })

  it('a builder\'s .use() after .input() types it too', () => {
    createActionClient()
      .input(z.object({ name: z.string() }))
      .use(rateLimit({ limit: 5, window: 60_000, key: ({ input }) => input.name }))
      .handler(({ input }) => input.name)
  })

  it('without an input schema, the input stays unknown', () => {
    defineAction({
      middleware: [rateLimit({
        limit: 5,
        window: 60_000,
        key: ({ input }) => {
          expectTypeOf(input).toBeUnknown()
          return undefined
        },
      })],
      handler: () => 1,
    })
  })

  it('a limit made outside an action keeps unknown, and still fits any action', () => {
    const shared = rateLimit({ limit: 5, window: 60_000, key: ({ input }) => String(input) })
    defineAction({ input: z.object({ name: z.string() }), middleware: [shared], handler: () => 1 })
    // a context type argument still types ctx
    defineAction({
      middleware: [async ({ next }) => next({ ctx: { user: { id: 1 } } }), rateLimit<{ user: { id: number } }>({ limit: 5, window: 60_000, key: ({ ctx }) => ctx.user.id })],
      handler: () => 1,
    })
  })
})
