import { ref } from 'vue'
import { useMutation, useQuery, useQueryCache } from '@pinia/colada'
import { describe, expectTypeOf, it } from 'vitest'
import type { RuntimeErrorCode } from '../../src/runtime/server'
import type { ActionQueryError, ActionQueryErrorOf } from '../../src/runtime/colada'
import { actionMutation, actionQuery, actionQueryKey } from '../../src/runtime/colada'
import type { ActionCallError, ClientErrorCode } from '../../src/runtime/app/route-map'

// the routes come from query-refresh.test-d.ts ('/api/refresh/...'), declared-errors.test-d.ts ('/api/declared/:id')
// and streaming.test-d.ts ('/api/stream/...')

interface Todo { id: number, title: string, done: boolean }

describe('Pinia Colada query options from an action path', () => {
  it('gives useQuery the route\'s data and its error class', () => {
    const todos = useQuery(actionQuery('/api/refresh/todos', { input: { filter: 'done' } }))
    expectTypeOf(todos.data.value).toEqualTypeOf<{ items: Todo[] } | undefined>()
    expectTypeOf(todos.error.value).toEqualTypeOf<ActionQueryError<ActionCallError<'/api/refresh/todos', 'GET'>> | null>()
  })

  it('types the error\'s code by the route\'s declared errors', () => {
    const todo = useQuery(actionQuery('/api/declared/:id', { params: { id: 1 } }))
    expectTypeOf(todo.data.value).toEqualTypeOf<{ id: number, title: string } | undefined>()
    expectTypeOf(todo.error.value!.code).toEqualTypeOf<'NOT_FOUND' | 'GONE' | RuntimeErrorCode | ClientErrorCode>()
    expectTypeOf(todo.error.value!.data).toEqualTypeOf<ActionCallError<'/api/declared/:id', 'GET'>>()
  })

  it('keeps the types through a getter of options, with Colada\'s own options beside', () => {
    const id = ref<number>()
    const todo = useQuery(() => ({ ...actionQuery('/api/declared/:id', { params: { id: id.value ?? 0 } }), enabled: id.value !== undefined }))
    expectTypeOf(todo.data.value).toEqualTypeOf<{ id: number, title: string } | undefined>()
    expectTypeOf(todo.error.value).toEqualTypeOf<ActionQueryErrorOf<'/api/declared/:id', 'GET'> | null>()
  })

  it('refuses a route without GET, a streaming GET, missing params and a wrong input', () => {
    // @ts-expect-error /api/refresh/create answers POST only
    actionQuery('/api/refresh/create')
    // @ts-expect-error a GET that streams is useActionStream's
    actionQuery('/api/stream/progress/:id', { params: { id: 1 } })
    // @ts-expect-error the :id param is required
    actionQuery('/api/declared/:id')
    // @ts-expect-error no `slug` param
    actionQuery('/api/declared/:id', { params: { slug: 'a' } })
    // @ts-expect-error `filter` is 'all' or 'done'
    actionQuery('/api/refresh/todos', { input: { filter: 'open' } })
  })

  it('types the cache\'s data under actionQueryKey', () => {
    const queryCache = useQueryCache()
    expectTypeOf(queryCache.getQueryData(actionQueryKey('/api/refresh/todos/:id', { id: 1 }))).toEqualTypeOf<Todo | undefined>()
    void queryCache.invalidateQueries({ key: actionQueryKey('/api/refresh/todos') })
    // @ts-expect-error a typo in the route
    actionQueryKey('/api/refresh/todoz')
  })
})

describe('Pinia Colada mutation options from an action path', () => {
  it('gives useMutation the route\'s data, error and variables', async () => {
    const add = useMutation(actionMutation('/api/refresh/todos', { method: 'POST', refreshes: ['/api/refresh/todos'] }))
    const added = await add.mutateAsync({ input: { title: 'Milk' } })
    expectTypeOf(added).toEqualTypeOf<Todo>()
    expectTypeOf(add.error.value).toEqualTypeOf<ActionQueryErrorOf<'/api/refresh/todos', 'POST'> | null>()
    // @ts-expect-error title is a string
    add.mutate({ input: { title: 1 } })
    const rename = useMutation(actionMutation('/api/declared/:id', { method: 'PUT' }))
    rename.mutate({ params: { id: 1 }, input: { title: 'Eggs' } })
    // @ts-expect-error the :id param is required
    rename.mutate({ input: { title: 'Eggs' } })
    expectTypeOf(rename.error.value!.code).toEqualTypeOf<ActionCallError<'/api/declared/:id', 'PUT'>['code']>()
  })

  it('keeps the types with Colada\'s hooks spread beside', () => {
    const add = useMutation({
      ...actionMutation('/api/refresh/todos', { method: 'POST' }),
      onSuccess: todo => expectTypeOf(todo).toEqualTypeOf<Todo>(),
      onError: error => expectTypeOf(error.fieldErrors).toEqualTypeOf<Record<string, string[]> | undefined>(),
    })
    expectTypeOf(add.data.value).toEqualTypeOf<Todo | undefined>()
  })

  it('refuses a method the route does not answer, a streaming one and a refresh of no GET route', () => {
    // @ts-expect-error /api/refresh/todos answers GET and POST
    actionMutation('/api/refresh/todos', { method: 'DELETE' })
    // @ts-expect-error a streaming POST is useActionStream's
    actionMutation('/api/stream/reply', { method: 'POST' })
    // @ts-expect-error a typo in the refreshed route
    actionMutation('/api/refresh/todos', { method: 'POST', refreshes: ['/api/refresh/todoz'] })
  })
})
