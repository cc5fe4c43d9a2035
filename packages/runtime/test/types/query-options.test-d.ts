import type { Ref } from 'vue'
import { ref } from 'vue'
import { describe, expectTypeOf, it } from 'vitest'
import type { ActionResult } from '../../src/runtime/server/types'
import { refreshActionQueries, useAction, useActionQuery } from '../../src/runtime/app'

// the routes of these tests, as the module would generate them
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/query-options/todos': {
      get: typeof import('./refresh-routes/todos.get').default
      post: typeof import('./refresh-routes/todos.post').default
    }
    '/api/query-options/todos/:id': {
      get: typeof import('./refresh-routes/todo.get').default
      delete: typeof import('./refresh-routes/todo.delete').default
    }
    '/api/query-options/create': { post: typeof import('./refresh-routes/todos.post').default }
  }
}

type List = { items: Array<{ id: number, title: string, done: boolean }> }

describe('useActionQuery options, as Nuxt\'s useFetch has them', () => {
  it('types data by transform, then pick, then default', () => {
    expectTypeOf(useActionQuery('/api/query-options/todos').data.value).toEqualTypeOf<List | null>()
    const titles = useActionQuery('/api/query-options/todos', {
      transform: (list) => {
        expectTypeOf(list).toEqualTypeOf<List>()
        return list.items.map(todo => todo.title)
      },
    })
    expectTypeOf(titles.data.value).toEqualTypeOf<string[] | null>()
    const async = useActionQuery('/api/query-options/todos', { transform: async list => list.items.length })
    expectTypeOf(async.data.value).toEqualTypeOf<number | null>()
    const picked = useActionQuery('/api/query-options/todos/:id', { params: { id: 1 }, pick: ['title', 'done'] })
    expectTypeOf(picked.data.value).toEqualTypeOf<{ title: string, done: boolean } | null>()
    // as in Nuxt, data is the data or what default gives: no null left
    const withDefault = useActionQuery('/api/query-options/todos', { default: (): List => ({ items: [] }) })
    expectTypeOf(withDefault.data.value).toEqualTypeOf<List>()
    const orNone = useActionQuery('/api/query-options/todos', { default: () => 'none' as const })
    expectTypeOf(orNone.data.value).toEqualTypeOf<List | 'none'>()
    const counted = useActionQuery('/api/query-options/todos', { transform: list => list.items.length, default: () => 0 })
    expectTypeOf(counted.data.value).toEqualTypeOf<number>()
  })

  it('refuses a key to pick that the data has not, and a transform of data the route does not answer', () => {
    // @ts-expect-error no `name` in the todo
    useActionQuery('/api/query-options/todos/:id', { params: { id: 1 }, pick: ['name'] })
    // @ts-expect-error the list has `items`, not `todos`
    useActionQuery('/api/query-options/todos', { transform: list => list.todos })
  })

  it('takes watch sources (or false) and getCachedData returning the envelope kept under the key', () => {
    const page: Ref<number> = ref(1)
    useActionQuery('/api/query-options/todos', { watch: [page, () => page.value > 1] })
    useActionQuery('/api/query-options/todos', { watch: false })
    useActionQuery('/api/query-options/todos', {
      getCachedData: (key, nuxtApp, context) => {
        expectTypeOf(context.cause).toEqualTypeOf<'initial' | 'refresh:hook' | 'refresh:manual' | 'watch'>()
        return nuxtApp.payload.data[key] ?? nuxtApp.static.data[key]
      },
    })
    useActionQuery('/api/query-options/todos', {
      transform: list => list.items.length,
      getCachedData: () => {
        const kept: ActionResult<number> | undefined = undefined
        return kept
      },
    })
    // @ts-expect-error what is kept is the transformed data's envelope: data is a number
    useActionQuery('/api/query-options/todos', { transform: list => list.items.length, getCachedData: () => ({ success: true as const, data: 'many' }) })
  })
})

describe('await useActionQuery, as await useFetch', () => {
  it('resolves to the query itself, its data typed as before', async () => {
    const todos = await useActionQuery('/api/query-options/todos')
    expectTypeOf(todos.data.value).toEqualTypeOf<List | null>()
    expectTypeOf(todos.refresh).toEqualTypeOf<() => Promise<void>>()
    // what it resolves to is not awaitable again
    expectTypeOf(todos).not.toHaveProperty('then')
    const { data: titles } = await useActionQuery('/api/query-options/todos', { transform: list => list.items.map(todo => todo.title), default: (): string[] => [] })
    expectTypeOf(titles.value).toEqualTypeOf<string[]>()
    const { data: picked, error } = await useActionQuery('/api/query-options/todos/:id', { params: { id: 1 }, pick: ['title'] })
    expectTypeOf(picked.value).toEqualTypeOf<{ title: string } | null>()
    expectTypeOf(error.value?.code).toEqualTypeOf<string | undefined>()
  })

  it('still gives its refs without the await', () => {
    const todos = useActionQuery('/api/query-options/todos')
    expectTypeOf(todos.data.value).toEqualTypeOf<List | null>()
    expectTypeOf(todos).toExtend<PromiseLike<unknown>>()
  })
})

describe('refreshActionQueries', () => {
  it('names what refreshes names: a GET route, narrowed by params and input, several, or every query', async () => {
    expectTypeOf(refreshActionQueries('/api/query-options/todos')).toEqualTypeOf<Promise<void>>()
    await refreshActionQueries({ path: '/api/query-options/todos/:id', params: { id: 1 } })
    await refreshActionQueries(['/api/query-options/todos', { path: '/api/query-options/todos/:id', params: { id: '2' } }])
    await refreshActionQueries()
  })

  it('refuses a typo, a route without GET and a param the route has not', async () => {
    // @ts-expect-error a typo in the route
    await refreshActionQueries('/api/query-options/todoz')
    // @ts-expect-error POST only: no query to refresh
    await refreshActionQueries('/api/query-options/create')
    // @ts-expect-error no `slug` param
    await refreshActionQueries({ path: '/api/query-options/todos/:id', params: { slug: 'a' } })
  })
})

describe('execute without input', () => {
  it('takes undefined and the params, for a DELETE of an action without input', async () => {
    const remove = useAction('/api/query-options/todos/:id', {
      method: 'DELETE',
      dedupe: 'queue',
      optimistic: { '/api/query-options/todos': (list, _input, params) => ({ items: list.items.filter(todo => todo.id !== Number(params.id)) }) },
    })
    // @ts-expect-error the route has :id and useAction has no params: execute needs them
    await remove.execute()
    await remove.execute(undefined, { params: { id: 1 } })
    await remove.execute(undefined, { params: { id: 1 }, refreshes: ['/api/query-options/todos'] })
    // @ts-expect-error the param is `id`
    await remove.execute(undefined, { params: { slug: 1 } })
  })

  it('refuses the params as the input of an action without input: they would be sent as its body, and the URL lack them', async () => {
    const remove = useAction('/api/query-options/todos/:id', { method: 'DELETE' })
    // @ts-expect-error params go in the second argument
    await remove.execute({ params: { id: 1 } }, { params: { id: 1 } })
    // @ts-expect-error so do refreshes
    await remove.execute({ refreshes: ['/api/query-options/todos'] }, { params: { id: 1 } })
    // anything else is an input like any other, for an action without a schema
    await remove.execute({ note: 'x' }, { params: { id: 1 } })
    await remove.execute('text', { params: { id: 1 } })
  })
})
