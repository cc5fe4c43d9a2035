import { computed, ref } from 'vue'
import { QueryClient, useMutation, useQuery } from '@tanstack/vue-query'
import { describe, expectTypeOf, it } from 'vitest'
import type { RuntimeErrorCode } from '../../src/runtime/server'
import type { ActionQueryError, ActionQueryErrorOf } from '../../src/runtime/vue-query'
import { actionMutationOptions, actionQueryKey, actionQueryOptions } from '../../src/runtime/vue-query'
import type { ActionCallError, ClientErrorCode } from '../../src/runtime/app/route-map'

// the routes come from query-refresh.test-d.ts ('/api/refresh/...'), declared-errors.test-d.ts ('/api/declared/:id')
// and streaming.test-d.ts ('/api/stream/...')

interface Todo { id: number, title: string, done: boolean }

describe('TanStack Query options from an action path', () => {
  it('gives useQuery the route\'s data and its error class', () => {
    const todos = useQuery(actionQueryOptions('/api/refresh/todos', { input: { filter: 'done' } }))
    expectTypeOf(todos.data.value).toEqualTypeOf<{ items: Todo[] } | undefined>()
    expectTypeOf(todos.error.value).toEqualTypeOf<ActionQueryError<ActionCallError<'/api/refresh/todos', 'GET'>> | null>()
  })

  it('types the error\'s code by the route\'s declared errors', () => {
    const todo = useQuery(actionQueryOptions('/api/declared/:id', { params: { id: 1 } }))
    expectTypeOf(todo.data.value).toEqualTypeOf<{ id: number, title: string } | undefined>()
    expectTypeOf(todo.error.value!.code).toEqualTypeOf<'NOT_FOUND' | 'GONE' | RuntimeErrorCode | ClientErrorCode>()
    expectTypeOf(todo.error.value!.data).toEqualTypeOf<ActionCallError<'/api/declared/:id', 'GET'>>()
  })

  it('keeps the types through a computed, with TanStack\'s own options beside', () => {
    const id = ref<number>()
    const todo = useQuery(computed(() => ({ ...actionQueryOptions('/api/declared/:id', { params: { id: id.value ?? 0 } }), enabled: id.value !== undefined })))
    expectTypeOf(todo.data.value).toEqualTypeOf<{ id: number, title: string } | undefined>()
    expectTypeOf(todo.error.value).toEqualTypeOf<ActionQueryErrorOf<'/api/declared/:id', 'GET'> | null>()
  })

  it('refuses a route without GET, a streaming GET, missing params and a wrong input', () => {
    // @ts-expect-error /api/refresh/create answers POST only
    actionQueryOptions('/api/refresh/create')
    // @ts-expect-error a GET that streams is useActionStream's
    actionQueryOptions('/api/stream/progress/:id', { params: { id: 1 } })
    // @ts-expect-error the :id param is required
    actionQueryOptions('/api/declared/:id')
    // @ts-expect-error no `slug` param
    actionQueryOptions('/api/declared/:id', { params: { slug: 'a' } })
    // @ts-expect-error `filter` is 'all' or 'done'
    actionQueryOptions('/api/refresh/todos', { input: { filter: 'open' } })
  })

  it('types the cache\'s data under actionQueryKey', () => {
    const queryClient = new QueryClient()
    expectTypeOf(queryClient.getQueryData(actionQueryKey('/api/refresh/todos/:id', { id: 1 }))).toEqualTypeOf<Todo | undefined>()
    // @ts-expect-error a typo in the route
    actionQueryKey('/api/refresh/todoz')
  })
})

describe('TanStack Query mutation options from an action path', () => {
  it('gives useMutation the route\'s data, error and variables', async () => {
    const add = useMutation(actionMutationOptions('/api/refresh/todos', { method: 'POST', refreshes: ['/api/refresh/todos'] }))
    const added = await add.mutateAsync({ input: { title: 'Milk' } })
    expectTypeOf(added).toEqualTypeOf<Todo>()
    expectTypeOf(add.error.value).toEqualTypeOf<ActionQueryErrorOf<'/api/refresh/todos', 'POST'> | null>()
    // @ts-expect-error title is a string
    add.mutate({ input: { title: 1 } })
    const rename = useMutation(actionMutationOptions('/api/declared/:id', { method: 'PUT' }))
    rename.mutate({ params: { id: 1 }, input: { title: 'Eggs' } })
    // @ts-expect-error the :id param is required
    rename.mutate({ input: { title: 'Eggs' } })
    expectTypeOf(rename.error.value!.code).toEqualTypeOf<ActionCallError<'/api/declared/:id', 'PUT'>['code']>()
  })

  it('refuses a method the route does not answer, a streaming one and a refresh of no GET route', () => {
    // @ts-expect-error /api/refresh/todos answers GET and POST
    actionMutationOptions('/api/refresh/todos', { method: 'DELETE' })
    // @ts-expect-error a streaming POST is useActionStream's
    actionMutationOptions('/api/stream/reply', { method: 'POST' })
    // @ts-expect-error a typo in the refreshed route
    actionMutationOptions('/api/refresh/todos', { method: 'POST', refreshes: ['/api/refresh/todoz'] })
  })
})
