import { describe, expectTypeOf, it } from 'vitest'
import { useActionForm } from '../../src/runtime/app'

// the routes of these tests, as the module would generate them
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/form-refresh/todos': {
      get: typeof import('./refresh-routes/todos.get').default
      post: typeof import('./refresh-routes/todos.post').default
    }
    '/api/form-refresh/todos/:id': {
      get: typeof import('./refresh-routes/todo.get').default
      patch: typeof import('./refresh-routes/todo.patch').default
    }
  }
}

describe('useActionForm refreshes and optimistic', () => {
  it('take the targets and updates useAction takes: add, then show the list', () => {
    useActionForm('/api/form-refresh/todos', {
      refreshes: ['/api/form-refresh/todos', { path: '/api/form-refresh/todos/:id', params: { id: 1 } }],
      singleFlight: false,
      optimistic: {
        '/api/form-refresh/todos': (data, input) => {
          expectTypeOf(data.items[0]!.title).toEqualTypeOf<string>()
          expectTypeOf(input).toEqualTypeOf<{ title: string }>()
          return { items: [...data.items, { id: -1, title: input.title, done: false }] }
        },
      },
    })
    useActionForm('/api/form-refresh/todos/:id', {
      method: 'PATCH',
      params: { id: 1 },
      optimistic: {
        '/api/form-refresh/todos/:id': (data, input, params) => {
          expectTypeOf(params).toEqualTypeOf<{ id: string | number }>()
          return { ...data, done: input.done }
        },
      },
    })
  })

  it('refuse a typo, a wrong input filter and an update returning another shape', () => {
    // @ts-expect-error a typo in the route
    useActionForm('/api/form-refresh/todos', { refreshes: ['/api/form-refresh/todoz'] })
    // @ts-expect-error `filter` is 'all' or 'done'
    useActionForm('/api/form-refresh/todos', { refreshes: [{ path: '/api/form-refresh/todos', input: { filter: 'open' } }] })
    // @ts-expect-error `refreshes` is a list
    useActionForm('/api/form-refresh/todos', { refreshes: '/api/form-refresh/todos' })
    useActionForm('/api/form-refresh/todos', {
      optimistic: {
        // @ts-expect-error the list's data has `items`
        '/api/form-refresh/todos': data => data.items,
      },
    })
  })
})
