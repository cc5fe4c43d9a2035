import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { createActionClient, defineAction, defineActionMiddleware } from '../../src/runtime/server'
import type { ActionTypes } from '../../src/runtime/server'
import { createActionClient as createActionClientV2, defineAction as defineActionV2 } from '../../src/runtime/server/h3-v2'

/** An action's `~types`, without the `| undefined` of the optional field (types only: never called). */
declare function typesOf<TAction extends { '~types'?: unknown }>(action: TAction): NonNullable<TAction['~types']>

const auth = defineActionMiddleware(async ({ next }) => next({ ctx: { user: 'ada' } }))

describe('streaming action types (server)', () => {
  it('a generator handler: event is the yield type, data the return type', () => {
    const action = defineAction({
      input: z.object({ prompt: z.string() }),
      async* handler({ input }) {
        yield input.prompt
        yield 'more'
        return { tokens: 2 }
      },
    })
    expectTypeOf(typesOf(action)).toEqualTypeOf<ActionTypes<{ prompt: string }, Record<string, string>, { tokens: number }, {}, string>>()
  })

  it('a generator that returns nothing has data null; an undefined yield is null on the wire', () => {
    const action = defineAction({
      async* handler({ input }) {
        yield (input as { n?: number }).n
      },
    })
    expectTypeOf(typesOf(action).data).toEqualTypeOf<null>()
    expectTypeOf(typesOf(action).event).toEqualTypeOf<number | null>()
  })

  it('eventSchema\'s output overrides the yield type, outputSchema\'s the return type', () => {
    const action = defineAction({
      eventSchema: z.object({ n: z.number() }),
      outputSchema: z.object({ total: z.number().transform(String) }),
      async* handler() {
        yield { n: 1, extra: true }
        return { total: 1, secret: 'x' }
      },
    })
    expectTypeOf(typesOf(action).event).toEqualTypeOf<{ n: number }>()
    expectTypeOf(typesOf(action).data).toEqualTypeOf<{ total: string }>()
  })

  it('an action that does not stream has event never', () => {
    const action = defineAction({ handler: () => ({ id: 1 }) })
    expectTypeOf(typesOf(action).event).toEqualTypeOf<never>()
    const withSchema = defineAction({ eventSchema: z.string(), handler: () => 1 })
    expectTypeOf(typesOf(withSchema).event).toEqualTypeOf<never>()
  })

  it('a handler returning a generator (not one itself) streams too', () => {
    async function* tokens(prompt: string) {
      yield prompt
      return prompt.length
    }
    const action = defineAction({ input: z.object({ prompt: z.string() }), handler: ({ input }) => tokens(input.prompt) })
    expectTypeOf(typesOf(action).event).toEqualTypeOf<string>()
    expectTypeOf(typesOf(action).data).toEqualTypeOf<number>()
  })

  it('every handler gets a signal', () => {
    defineAction({ handler: ({ signal }) => expectTypeOf(signal).toEqualTypeOf<AbortSignal>() })
    defineAction({
      async* handler({ signal }) {
        expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
        yield 1
      },
    })
  })

  it('heartbeat takes ms or false', () => {
    defineAction({ heartbeat: 5_000, async* handler() {} })
    defineAction({ heartbeat: false, async* handler() {} })
    // @ts-expect-error a heartbeat is a number of ms or false
    defineAction({ heartbeat: '5s', async* handler() {} })
  })

  it('a builder streams: its middleware context, eventSchema and return type', () => {
    const action = createActionClient({ middleware: [auth] })
      .eventSchema(z.object({ token: z.string() }))
      .handler(async function* ({ ctx }) {
        expectTypeOf(ctx.user).toEqualTypeOf<string>()
        yield { token: ctx.user }
        return 'done' as const
      })
    expectTypeOf(typesOf(action).event).toEqualTypeOf<{ token: string }>()
    expectTypeOf(typesOf(action).data).toEqualTypeOf<'done'>()
  })

  it('the h3 v2 entry types a stream the same way', () => {
    const action = defineActionV2({
      async* handler({ signal }) {
        expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
        yield 1
        return 'end'
      },
    })
    expectTypeOf(typesOf(action).event).toEqualTypeOf<number>()
    expectTypeOf(typesOf(action).data).toEqualTypeOf<string>()
    const built = createActionClientV2().handler(async function* () {
      yield { n: 1 }
    })
    expectTypeOf(typesOf(built).event).toEqualTypeOf<{ n: number }>()
  })
})
