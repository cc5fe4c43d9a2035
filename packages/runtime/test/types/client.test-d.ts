import { describe, expectTypeOf, it } from 'vitest'
import type { ActionErrorData } from '../../src/runtime/server'
import { $action, useAction, useActionQuery } from '../../src/runtime/app'

// what the module generates into .nuxt/types/action-routes.d.ts for these files
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/todos': {
      get: typeof import('./client-routes/todos.get').default
      post: typeof import('./client-routes/todos.post').default
    }
    '/api/todos/:id': {
      patch: typeof import('./client-routes/todo.patch').default
      delete: typeof import('./client-routes/todo.delete').default
    }
    '/api/echo': {
      default: typeof import('./client-routes/echo').default
    }
    '/api/stats': {
      get: typeof import('./client-routes/stats.get').default
    }
  }
}

describe('$action types', () => {
  it('infers input and output from the route file', async () => {
    const created = await $action('/api/todos', { method: 'POST', input: { title: 'x' } })
    if (created.success) expectTypeOf(created.data).toEqualTypeOf<{ id: number, title: string }>()
    else expectTypeOf(created.error).toEqualTypeOf<ActionErrorData>()
    const list = await $action('/api/todos', { method: 'GET', input: { page: '2' } })
    if (list.success) expectTypeOf(list.data.items[0]!.done).toEqualTypeOf<boolean>()
  })

  it('takes params for dynamic segments and the method the route has', async () => {
    const patched = await $action('/api/todos/:id', { method: 'PATCH', params: { id: 1 }, input: { done: true } })
    if (patched.success) expectTypeOf(patched.data).toEqualTypeOf<{ id: number, done: boolean }>()
    const deleted = await $action('/api/todos/:id', { method: 'DELETE', params: { id: '1' } })
    if (deleted.success) expectTypeOf(deleted.data).toEqualTypeOf<null>()
  })

  it('a route without a method suffix takes every method', async () => {
    const echoed = await $action('/api/echo', { method: 'PUT', input: { any: 'thing' } })
    if (echoed.success) expectTypeOf(echoed.data).toEqualTypeOf<{ echoed: unknown }>()
  })

  it('refuses a wrong path, a wrong method, a wrong input field and a wrong param', () => {
    // @ts-expect-error no such route
    void $action('/api/nope')
    // @ts-expect-error the route has no PUT
    void $action('/api/todos/:id', { method: 'PUT', params: { id: 1 } })
    // @ts-expect-error no such input field
    void $action('/api/todos', { method: 'POST', input: { titel: 'x' } })
    // @ts-expect-error title must be a string
    void $action('/api/todos', { method: 'POST', input: { title: 1 } })
    // @ts-expect-error no such param
    void $action('/api/todos/:id', { method: 'PATCH', params: { slug: 1 } })
  })

  it('takes an idempotencyKey on a mutation, never on a GET', () => {
    void $action('/api/todos', { method: 'POST', input: { title: 'x' }, retry: 2, idempotencyKey: 'checkout-7' })
    void $action('/api/todos/:id', { method: 'DELETE', params: { id: 1 }, idempotencyKey: 'remove-1' })
    // @ts-expect-error a GET changes nothing: no key
    void $action('/api/todos', { method: 'GET', idempotencyKey: 'k' })
    // @ts-expect-error the key is a string
    void $action('/api/todos', { method: 'POST', input: { title: 'x' }, idempotencyKey: 7 })
  })
})

describe('useAction types', () => {
  it('types execute, data and fieldErrors from the route', async () => {
    const { execute, data, fieldErrors, status } = useAction('/api/todos/:id', { method: 'PATCH' })
    const result = await execute({ done: true }, { params: { id: 1 } })
    if (result.success) expectTypeOf(result.data.done).toEqualTypeOf<boolean>()
    expectTypeOf(data.value).toEqualTypeOf<{ id: number, done: boolean } | null>()
    expectTypeOf(fieldErrors.value).toEqualTypeOf<Record<string, string[]>>()
    expectTypeOf(status.value).toEqualTypeOf<'idle' | 'pending' | 'success' | 'error'>()
    // @ts-expect-error no such input field
    void execute({ finished: true })
  })

  it('uses the only method of a single-method route when method is left out', () => {
    const { data } = useAction('/api/stats')
    expectTypeOf(data.value).toEqualTypeOf<{ users: number } | null>()
    // several methods and no POST: the method must be given
    const { execute } = useAction('/api/todos/:id')
    // @ts-expect-error no method given, and the route has no POST
    void execute({ done: true })
  })

  it('takes an idempotencyKey per execute, on a mutation only', () => {
    const create = useAction('/api/todos', { method: 'POST', retry: 2 })
    void create.execute({ title: 'x' }, { idempotencyKey: 'checkout-7' })
    const list = useAction('/api/todos', { method: 'GET' })
    // @ts-expect-error a GET changes nothing: no key
    void list.execute(undefined, { idempotencyKey: 'k' })
    // @ts-expect-error one key per logical call: execute takes it, not useAction
    useAction('/api/todos', { method: 'POST', idempotencyKey: 'k' })
  })

  it('callbacks receive the typed data', () => {
    useAction('/api/todos', {
      method: 'POST',
      onSuccess: data => expectTypeOf(data).toEqualTypeOf<{ id: number, title: string }>(),
      onError: error => expectTypeOf(error.code).toEqualTypeOf<string>(),
    })
  })
})

describe('useActionQuery types', () => {
  it('takes only routes with GET, and types data', () => {
    const { data } = useActionQuery('/api/todos', { input: { page: '1' } })
    expectTypeOf(data.value).toEqualTypeOf<{ items: { id: number, title: string, done: boolean }[] } | null>()
    // @ts-expect-error /api/todos/:id has no GET
    useActionQuery('/api/todos/:id')
  })
})
