// A handler's result must be what its outputSchema accepts (the schema's input type): a mismatch does not
// compile, as it would answer OUTPUT_VALIDATION_ERROR 500 on every request.
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import * as v from 'valibot'
import { createActionClient, defineAction } from '../../src/runtime/server'
import * as v2 from '../../src/runtime/server/h3-v2'

const todo = z.object({ id: z.number(), title: z.string() })

describe('the handler\'s result against the output schema', () => {
  it('a result the output schema rejects does not compile', () => {
    // @ts-expect-error id must be a number
    defineAction({ outputSchema: z.object({ id: z.number() }), handler: () => ({ id: 'x' }) })
    defineAction({
      outputSchema: todo,
      // @ts-expect-error title is missing
      handler: async () => ({ id: 1 }),
    })
    // @ts-expect-error on h3 v2 too
    v2.defineAction({ outputSchema: v.object({ id: v.number() }), handler: () => ({ id: 'x' }) })
  })

  it('a stream\'s return value is checked, not its events', () => {
    defineAction({
      outputSchema: z.object({ tokens: z.number() }),
      // @ts-expect-error tokens must be a number
      handler: async function* () {
        yield 'a'
        return { tokens: 'one' }
      },
    })
    defineAction({
      outputSchema: z.object({ tokens: z.number() }),
      handler: async function* () {
        yield 'a'
        return { tokens: 1 }
      },
    })
  })

  it('a builder\'s .outputSchema() checks .handler() the same way', () => {
    // @ts-expect-error title must be a string
    createActionClient().outputSchema(todo).handler(() => ({ id: 1, title: 2 }))
    createActionClient().outputSchema(todo).handler(() => ({ id: 1, title: 'Milk' }))
  })

  it('compiles what the schema accepts: extra fields it strips, its input type before transforms, a thenable', () => {
    const stripped = defineAction({ outputSchema: todo, handler: () => ({ id: 1, title: 'Milk', secret: 'x' }) })
    expectTypeOf(stripped['~types']).exclude<undefined>().toHaveProperty('data').toEqualTypeOf<{ id: number, title: string }>()
    const dated = defineAction({ outputSchema: z.object({ at: z.string().transform(s => new Date(s)) }), handler: () => ({ at: '2025-01-01' }) })
    expectTypeOf(dated['~types']).exclude<undefined>().toHaveProperty('data').toEqualTypeOf<{ at: Date }>()
    const query: PromiseLike<{ id: number, title: string }> = Promise.resolve({ id: 1, title: 'Milk' })
    defineAction({ outputSchema: todo, handler: () => query })
    defineAction({ outputSchema: z.void(), handler: () => {} })
  })

  it('without an output schema, any result compiles', () => {
    const free = defineAction({ handler: () => ({ id: 'x' }) })
    expectTypeOf(free['~types']).exclude<undefined>().toHaveProperty('data').toEqualTypeOf<{ id: string }>()
  })
})
