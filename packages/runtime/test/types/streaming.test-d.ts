import { describe, expectTypeOf, it } from 'vitest'
import type { ActionErrorData, ActionResult, RuntimeErrorCode } from '../../src/runtime/server'
import { $action, useActionQuery, useActionStream } from '../../src/runtime/app'
import type { ActionEventStream, ActionStreamStatus, StreamPath } from '../../src/runtime/app'
import type { ClientErrorCode } from '../../src/runtime/app/route-map'

/** A route file's default export as the client's route map reads it: only its `~types` matter. */
interface Route<TInput, TData, TEvent = never, TErrors = {}> {
  '~types'?: { input: TInput, params: Record<string, string>, data: TData, errors: TErrors, event: TEvent }
}

// streaming routes (an async generator handler) beside one that does not stream
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/stream/reply': {
      post: Route<{ prompt: string }, { tokens: number }, string>
    }
    '/api/stream/progress/:id': {
      get: Route<{ verbose?: string }, undefined, { step: number, at: Date }, { NOT_FOUND: { statusCode: 404 } }>
    }
    '/api/stream/mixed': {
      get: Route<unknown, { id: number }[]>
      post: Route<{ n: number }, null, number | undefined>
    }
    // route files with a real defineAction
    '/api/stream/words': {
      post: typeof import('./stream-routes/reply.post').default
    }
    '/api/stream/events': {
      get: typeof import('./stream-routes/events.get').default
    }
  }
}

type Declared = { code: 'NOT_FOUND', message: string, statusCode: 404, fieldErrors?: Record<string, string[]> }
  | ActionErrorData<RuntimeErrorCode | ClientErrorCode>

describe('$action on a streaming route', () => {
  it('types the success\'s data as the stream of the route\'s events, result as its final data', async () => {
    const answer = await $action('/api/stream/reply', { method: 'POST', input: { prompt: 'hi' } })
    if (!answer.success) return
    expectTypeOf(answer.data).toEqualTypeOf<ActionEventStream<string, { tokens: number }, ActionErrorData>>()
    for await (const token of answer.data) expectTypeOf(token).toEqualTypeOf<string>()
    const end = await answer.data.result
    if (end.success) expectTypeOf(end.data).toEqualTypeOf<{ tokens: number }>()
  })

  it('events and final data as JSON carries them, the declared errors on the failure and on result', async () => {
    const answer = await $action('/api/stream/progress/:id', { params: { id: 1 } })
    if (!answer.success) {
      expectTypeOf(answer.error).toEqualTypeOf<Declared>()
      return
    }
    for await (const event of answer.data) expectTypeOf(event).toEqualTypeOf<{ step: number, at: string }>()
    const end = await answer.data.result
    if (end.success) expectTypeOf(end.data).toEqualTypeOf<null>()
    else expectTypeOf(end.error).toEqualTypeOf<Declared>()
  })

  it('a route whose other method does not stream keeps its plain data there; undefined events are null', async () => {
    const list = await $action('/api/stream/mixed', { method: 'GET' })
    if (list.success) expectTypeOf(list.data).toEqualTypeOf<{ id: number }[]>()
    const counted = await $action('/api/stream/mixed', { method: 'POST', input: { n: 1 } })
    if (counted.success) expectTypeOf(counted.data).toEqualTypeOf<ActionEventStream<number | null, null, ActionErrorData>>()
  })
})

describe('a real defineAction with an async generator handler', () => {
  it('types $action\'s stream from the yields and the return, with the declared errors, no generic written', async () => {
    const answer = await $action('/api/stream/words', { input: { prompt: 'a b' } })
    if (!answer.success) {
      expectTypeOf(answer.error.code).toEqualTypeOf<'BUSY' | RuntimeErrorCode | ClientErrorCode>()
      return
    }
    for await (const event of answer.data) expectTypeOf(event).toEqualTypeOf<{ word: string, at: string }>()
    const end = await answer.data.result
    if (end.success) expectTypeOf(end.data).toEqualTypeOf<{ words: number }>()
    else expectTypeOf(end.error.code).toEqualTypeOf<'BUSY' | RuntimeErrorCode | ClientErrorCode>()
    // @ts-expect-error prompt is a string
    void $action('/api/stream/words', { input: { prompt: 1 } })
  })

  it('types useActionStream from eventSchema\'s output', () => {
    const events = useActionStream('/api/stream/events')
    expectTypeOf(events.data.value).toEqualTypeOf<{ n: number } | null>()
    expectTypeOf(events.result.value).toEqualTypeOf<null>()
    const words = useActionStream('/api/stream/words', { reduce: (all: string[], event) => [...all, event.word], initial: [] })
    expectTypeOf(words.data.value).toEqualTypeOf<string[]>()
  })
})

describe('useActionStream', () => {
  it('infers data, events, result and error from the route, without a generic', async () => {
    const reply = useActionStream('/api/stream/reply')
    expectTypeOf(reply.data.value).toEqualTypeOf<string | null>()
    expectTypeOf(reply.events.value).toEqualTypeOf<string[]>()
    expectTypeOf(reply.result.value).toEqualTypeOf<{ tokens: number } | null>()
    expectTypeOf(reply.error.value).toEqualTypeOf<ActionErrorData | null>()
    expectTypeOf(reply.status.value).toEqualTypeOf<ActionStreamStatus>()
    expectTypeOf(reply.pending.value).toEqualTypeOf<boolean>()
    const end = await reply.execute({ prompt: 'hi' })
    expectTypeOf(end).toEqualTypeOf<ActionResult<{ tokens: number }, ActionErrorData>>()
  })

  it('data is the reducer\'s accumulation, typed from initial', () => {
    const reply = useActionStream('/api/stream/reply', {
      reduce: (text, token) => {
        expectTypeOf(token).toEqualTypeOf<string>()
        return text + token
      },
      initial: '',
      onEvent: token => expectTypeOf(token).toEqualTypeOf<string>(),
      onSuccess: result => expectTypeOf(result).toEqualTypeOf<{ tokens: number }>(),
    })
    expectTypeOf(reply.data.value).toEqualTypeOf<string>()
    const steps = useActionStream('/api/stream/progress/:id', {
      params: { id: 1 },
      reduce: (list: number[], event) => [...list, event.step],
      initial: [],
      onError: error => expectTypeOf(error).toEqualTypeOf<Declared>(),
    })
    expectTypeOf(steps.data.value).toEqualTypeOf<number[]>()
    void steps.execute(undefined, { params: { id: 2 } })
  })

  it('takes only streaming routes and their streaming methods', () => {
    expectTypeOf<'/api/stream/reply' | '/api/stream/mixed' | '/api/stream/words'>().toExtend<StreamPath>()
    expectTypeOf<'/api/todos'>().not.toExtend<StreamPath>()
    void useActionStream('/api/stream/mixed', { method: 'POST' })
    // @ts-expect-error the route does not stream
    void useActionStream('/api/todos')
    // @ts-expect-error GET of this route does not stream
    void useActionStream('/api/stream/mixed', { method: 'GET' })
  })

  it('useActionQuery takes a GET that answers JSON, not one that streams', () => {
    void useActionQuery('/api/stream/mixed')
    // @ts-expect-error this GET streams: useActionStream reads it
    void useActionQuery('/api/stream/progress/:id', { params: { id: 1 } })
  })

  it('refuses a wrong input, a wrong param, a reducer without initial and a reducer of another type', () => {
    const reply = useActionStream('/api/stream/reply')
    // @ts-expect-error prompt is a string
    void reply.execute({ prompt: 1 })
    // @ts-expect-error no such param
    void useActionStream('/api/stream/progress/:id', { params: { slug: 1 } })
    // @ts-expect-error reduce needs initial
    void useActionStream('/api/stream/reply', { reduce: (text: string, token) => text + token })
    // @ts-expect-error the reducer returns a number, initial is a string
    void useActionStream('/api/stream/reply', { reduce: (count, token) => token.length, initial: '' })
  })
})
