import { describe, expectTypeOf, it } from 'vitest'
import { ref } from 'vue'
import { $action, useAction } from '../../src/runtime/app'

// the routes of these tests, as the module would generate them
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/required-params/todos': {
      get: typeof import('./client-routes/todos.get').default
      post: typeof import('./client-routes/todos.post').default
    }
    '/api/required-params/todos/:id': {
      patch: typeof import('./client-routes/todo.patch').default
      delete: typeof import('./client-routes/todo.delete').default
    }
    '/api/required-params/files/**:path': {
      get: typeof import('./client-routes/stats.get').default
    }
  }
}

describe('$action on a route with dynamic segments', () => {
  it('requires params naming each segment', () => {
    void $action('/api/required-params/todos/:id', { method: 'PATCH', params: { id: 1 }, input: { done: true } })
    void $action('/api/required-params/files/**:path', { method: 'GET', params: { path: 'a/b.md' } })
    // @ts-expect-error the route has :id: params are required
    void $action('/api/required-params/todos/:id', { method: 'PATCH', input: { done: true } })
    // @ts-expect-error the route has :id: params are required
    void $action('/api/required-params/todos/:id', { method: 'DELETE' })
    // @ts-expect-error the route has **:path: params are required
    void $action('/api/required-params/files/**:path')
    // @ts-expect-error params must name id
    void $action('/api/required-params/todos/:id', { method: 'DELETE', params: {} })
  })

  it('still infers the method and the data from the options', async () => {
    const patched = await $action('/api/required-params/todos/:id', { method: 'PATCH', params: { id: '1' }, input: { title: 'x' } })
    if (patched.success) expectTypeOf(patched.data).toEqualTypeOf<{ id: number, done: boolean }>()
    const deleted = await $action('/api/required-params/todos/:id', { method: 'DELETE', params: { id: 1 } })
    if (deleted.success) expectTypeOf(deleted.data).toEqualTypeOf<null>()
  })

  it('leaves options optional on a route without dynamic segments', () => {
    void $action('/api/required-params/todos', { method: 'GET' })
    void $action('/api/required-params/todos', { method: 'POST', input: { title: 'x' } })
  })
})

describe('useAction on a route with dynamic segments', () => {
  it('requires params in execute when useAction was given none', () => {
    const update = useAction('/api/required-params/todos/:id', { method: 'PATCH' })
    void update.execute({ title: 'x' }, { params: { id: 1 } })
    // @ts-expect-error the route has :id and useAction has no params: execute needs them
    void update.execute({ title: 'x' })
    // @ts-expect-error the route has :id and useAction has no params: execute needs them
    void update.execute({ title: 'x' }, { headers: { 'x-trace': '1' } })
    const remove = useAction('/api/required-params/todos/:id', { method: 'DELETE' })
    void remove.execute(undefined, { params: { id: 1 } })
    // @ts-expect-error the route has :id and useAction has no params: execute needs them
    void remove.execute()
  })

  it('takes execute without params when useAction has them, as a value, a ref or a getter', () => {
    const id = ref(1)
    void useAction('/api/required-params/todos/:id', { method: 'PATCH', params: { id: 1 } }).execute({ title: 'x' })
    void useAction('/api/required-params/todos/:id', { method: 'PATCH', params: () => ({ id: id.value }) }).execute({ title: 'x' })
    void useAction('/api/required-params/todos/:id', { method: 'DELETE', params: ref({ id: 2 }) }).execute()
    // execute's own params still win
    void useAction('/api/required-params/todos/:id', { method: 'PATCH', params: { id: 1 } }).execute({ title: 'x' }, { params: { id: 2 } })
  })

  it('still checks the params useAction is given', () => {
    // @ts-expect-error no such param
    useAction('/api/required-params/todos/:id', { method: 'PATCH', params: { slug: 1 } })
  })

  it('leaves execute\'s options optional on a route without dynamic segments', () => {
    const create = useAction('/api/required-params/todos', { method: 'POST' })
    void create.execute({ title: 'x' })
    const list = useAction('/api/required-params/todos', { method: 'GET', onSuccess: data => expectTypeOf(data.items).toBeArray() })
    void list.execute()
  })
})
