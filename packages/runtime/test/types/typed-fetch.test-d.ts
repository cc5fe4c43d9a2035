// What Nuxt 5's typed fetch reads from an action, through the declaration the module writes per route file: the
// request as h3 v2's event types it (read here the way Nuxt's Nitro server reads a validated body and query), and
// the envelope. The same checks on the real nightly: scripts/compat-typed-fetch.mjs.
import { describe, expectTypeOf, it } from 'vitest'
import type { EventHandlerRequest, H3Event } from 'h3-v2'
import { z } from 'zod'
import { defineAction } from '../../src/runtime/server/h3-v2'
import type { ActionErrorData, FieldErrors } from '../../src/runtime/server/types'
import type { RuntimeErrorCode } from '../../src/runtime/server/errors/declared-errors'
import type { ActionFetchRequest, ActionFetchResponse } from '../../src/runtime/app/typed-fetch'

type RequestOf<THandler> = THandler extends (event: H3Event<infer R>) => unknown ? R : never
type Declared<THandler, TMethod extends string | undefined> = (event: H3Event<ActionFetchRequest<THandler, TMethod, EventHandlerRequest>>) => unknown
/** The request Nuxt reads from the declaration of `handler`'s route file for `method`. */
const requestOf = <THandler, TMethod extends string | undefined>(_handler: THandler, _method: TMethod) => undefined as unknown as RequestOf<Declared<THandler, TMethod>>
/** What `$fetch` answers with from `handler`'s route file. */
const answerOf = <THandler>(_handler: THandler) => undefined as unknown as ActionFetchResponse<THandler>

const create = defineAction({
  input: z.object({ title: z.string(), priority: z.number().optional() }),
  errors: { DUPLICATE_TITLE: { statusCode: 409 } },
  handler: ({ input }) => ({ id: 1, title: input.title, createdAt: new Date() }),
})
const list = defineAction({
  input: z.object({ done: z.enum(['yes', 'no']).optional() }),
  handler: () => [{ id: 1 }],
})
const remove = defineAction({ handler: () => undefined })
const plain = () => ({ ok: true })

describe('typed fetch on Nuxt 5', () => {
  it('asks a POST for the input schema\'s input type as its body', () => {
    expectTypeOf(requestOf(create, 'post')).toEqualTypeOf<{ body: { title: string, priority?: number | undefined } }>()
  })

  it('asks a GET or HEAD for it as its query', () => {
    expectTypeOf(requestOf(list, 'get')).toEqualTypeOf<{ query: { done?: 'yes' | 'no' | undefined } }>()
    expectTypeOf(requestOf(list, 'head')).toEqualTypeOf<{ query: { done?: 'yes' | 'no' | undefined } }>()
  })

  it('declares nothing for an action without input, a file for every method, or a handler that is not an action', () => {
    expectTypeOf(requestOf(remove, 'delete')).toEqualTypeOf<EventHandlerRequest>()
    expectTypeOf(requestOf(create, undefined)).toEqualTypeOf<EventHandlerRequest>()
    expectTypeOf(requestOf(plain, 'get')).toEqualTypeOf<EventHandlerRequest>()
  })

  it('answers with the envelope: data as JSON carries it, the declared and the runtime\'s codes', () => {
    const answer = answerOf(create)
    if (answer.success) {
      expectTypeOf(answer.data).toEqualTypeOf<{ id: number, title: string, createdAt: string }>()
    }
    else {
      expectTypeOf(answer.error).extract<{ code: 'DUPLICATE_TITLE' }>().toEqualTypeOf<{ code: 'DUPLICATE_TITLE', message: string, statusCode: 409, fieldErrors?: FieldErrors }>()
      expectTypeOf(answer.error).exclude<{ code: 'DUPLICATE_TITLE' }>().toEqualTypeOf<ActionErrorData<RuntimeErrorCode>>()
    }
    expectTypeOf(answerOf(remove)).toEqualTypeOf<{ success: true, data: null } | { success: false, error: ActionErrorData }>()
  })

  it('types no envelope for a stream, nor for a handler that is not an action', () => {
    const reply = defineAction({
      async* handler() {
        yield 'token'
        return { tokens: 1 }
      },
    })
    expectTypeOf(answerOf(reply)).toBeNever()
    expectTypeOf(answerOf(plain)).toBeNever()
  })
})
