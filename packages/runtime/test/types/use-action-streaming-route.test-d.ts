import { describe, expectTypeOf, it } from 'vitest'
import { useAction, useActionForm } from '../../src/runtime/app'
import type { FormActionPath, JsonMethod, JsonRoute } from '../../src/runtime/app'

/** A route file's default export as the client's route map reads it: only its `~types` matter. */
interface Route<TInput, TData, TEvent = never> {
  '~types'?: { input: TInput, params: Record<string, string>, data: TData, errors: {}, event: TEvent }
}

// a route that only streams, one whose POST streams beside a JSON GET, and one whose PATCH streams beside a JSON POST
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/json-or-stream/reply': {
      post: typeof import('./stream-routes/reply.post').default
    }
    '/api/json-or-stream/mixed': {
      get: Route<unknown, { id: number }[]>
      post: Route<{ n: number }, null, number>
    }
    '/api/json-or-stream/notes/:id': {
      post: Route<{ text: string }, { id: number }>
      patch: Route<{ text: string }, { id: number }, string>
    }
  }
}

describe('useAction on a streaming route', () => {
  it('is a type error that names useActionStream, for a route that only streams', () => {
    // @ts-expect-error the route streams: useActionStream reads it
    void useAction('/api/json-or-stream/reply')
    // @ts-expect-error the route streams, with its method written too
    void useAction('/api/json-or-stream/reply', { method: 'POST' })
    expectTypeOf<JsonRoute<'/api/json-or-stream/reply', 'POST'>>()
      .toEqualTypeOf<{ '~streams': 'POST /api/json-or-stream/reply streams its answer: call useActionStream(\'/api/json-or-stream/reply\') or $action, not useAction' }>()
  })

  it('takes the route\'s methods that answer JSON, not the one that streams', () => {
    expectTypeOf<JsonMethod<'/api/json-or-stream/mixed'>>().toEqualTypeOf<'GET'>()
    expectTypeOf<JsonMethod<'/api/json-or-stream/notes/:id'>>().toEqualTypeOf<'POST'>()
    const list = useAction('/api/json-or-stream/mixed', { method: 'GET' })
    expectTypeOf(list.data.value).toEqualTypeOf<{ id: number }[] | null>()
    // @ts-expect-error POST of this route streams
    void useAction('/api/json-or-stream/mixed', { method: 'POST' })
    // @ts-expect-error POST is the default method of a route with several, and this one streams
    void useAction('/api/json-or-stream/mixed')
    const note = useAction('/api/json-or-stream/notes/:id', { params: { id: 1 } })
    expectTypeOf(note.data.value).toEqualTypeOf<{ id: number } | null>()
    // @ts-expect-error PATCH of this route streams
    void useAction('/api/json-or-stream/notes/:id', { method: 'PATCH', params: { id: 1 } })
  })

  it('leaves a JSON action as it was', () => {
    const add = useAction('/api/todos', { method: 'POST' })
    expectTypeOf(add.execute).parameter(0).not.toBeAny()
  })
})

describe('useActionForm on a streaming route', () => {
  it('posts only with a method that answers JSON', () => {
    expectTypeOf<'/api/json-or-stream/notes/:id'>().toExtend<FormActionPath>()
    expectTypeOf<'/api/json-or-stream/reply'>().not.toExtend<FormActionPath>()
    expectTypeOf<'/api/json-or-stream/mixed'>().not.toExtend<FormActionPath>()
    void useActionForm('/api/json-or-stream/notes/:id', { params: { id: 1 } })
    // @ts-expect-error the route streams
    void useActionForm('/api/json-or-stream/reply')
    // @ts-expect-error PATCH of this route streams
    void useActionForm('/api/json-or-stream/notes/:id', { method: 'PATCH', params: { id: 1 } })
  })
})
