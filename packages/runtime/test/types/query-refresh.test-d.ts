import { describe, expectTypeOf, it } from 'vitest'
import { useAction } from '../../src/runtime/app'
import type { RefreshTarget } from '../../src/runtime/app'

// the routes of these tests, as the module would generate them
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/refresh/todos': {
      get: typeof import('./refresh-routes/todos.get').default
      post: typeof import('./refresh-routes/todos.post').default
    }
    '/api/refresh/todos/:id': {
      get: typeof import('./refresh-routes/todo.get').default
      patch: typeof import('./refresh-routes/todo.patch').default
    }
    '/api/refresh/create': {
      post: typeof import('./refresh-routes/todos.post').default
    }
  }
}

describe('refreshes', () => {
  it('names GET routes, narrowed by their params and input', () => {
    useAction('/api/refresh/todos', { method: 'POST', refreshes: ['/api/refresh/todos'] })
    useAction('/api/refresh/todos/:id', {
      method: 'PATCH',
      refreshes: [{ path: '/api/refresh/todos/:id', params: { id: 1 } }, { path: '/api/refresh/todos', input: { filter: 'done' } }],
    })
    expectTypeOf<'/api/refresh/todos'>().toExtend<RefreshTarget>()
  })

  it('refuses a typo, a route without GET, a param the route does not have and a wrong input', () => {
    // @ts-expect-error a typo in the route
    useAction('/api/refresh/todos', { method: 'POST', refreshes: ['/api/refresh/todo'] })
    // @ts-expect-error /api/refresh/todos has GET, but no route is /api/refresh/todos/:id/edit
    useAction('/api/refresh/todos', { method: 'POST', refreshes: [{ path: '/api/refresh/todos/:id/edit' }] })
    // @ts-expect-error /api/refresh/create answers POST only: nothing to refresh
    useAction('/api/refresh/todos', { method: 'POST', refreshes: ['/api/refresh/create'] })
    // @ts-expect-error no `slug` param
    useAction('/api/refresh/todos', { method: 'POST', refreshes: [{ path: '/api/refresh/todos/:id', params: { slug: 'a' } }] })
    // @ts-expect-error `filter` is 'all' or 'done'
    useAction('/api/refresh/todos', { method: 'POST', refreshes: [{ path: '/api/refresh/todos', input: { filter: 'open' } }] })
  })

  it('takes a per-call override on execute', async () => {
    const { execute } = useAction('/api/refresh/todos/:id', { method: 'PATCH' })
    await execute({ done: true }, { params: { id: 1 }, refreshes: [{ path: '/api/refresh/todos/:id', params: { id: 1 } }] })
    // @ts-expect-error a typo in the route
    await execute({ done: true }, { params: { id: 1 }, refreshes: ['/api/refresh/todoz'] })
  })
})

describe('optimistic', () => {
  it('types each update by the query\'s data, the call\'s input and params', () => {
    useAction('/api/refresh/todos/:id', {
      method: 'PATCH',
      optimistic: {
        '/api/refresh/todos': (data, input, params) => {
          expectTypeOf(data.items[0]!.done).toEqualTypeOf<boolean>()
          expectTypeOf(input).toEqualTypeOf<{ done: boolean }>()
          expectTypeOf(params).toEqualTypeOf<{ id: string | number }>()
          return { items: data.items.map(todo => todo.id === Number(params.id) ? { ...todo, done: input.done } : todo) }
        },
      },
    })
  })

  it('refuses a route without GET, and an update that returns another shape', () => {
    useAction('/api/refresh/todos', {
      method: 'POST',
      // @ts-expect-error no GET at /api/refresh/todo
      optimistic: { '/api/refresh/todo': (data: unknown) => data },
    })
    useAction('/api/refresh/todos', {
      method: 'POST',
      optimistic: {
        // @ts-expect-error the list's shape is { items }, not an array
        '/api/refresh/todos': data => data.items,
      },
    })
  })

  it('takes dedupe "queue" and the singleFlight switch', () => {
    useAction('/api/refresh/todos/:id', { method: 'PATCH', dedupe: 'queue', singleFlight: false })
    // @ts-expect-error not a dedupe mode
    useAction('/api/refresh/todos/:id', { method: 'PATCH', dedupe: 'parallel' })
  })
})
