import { shallowRef } from 'vue'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { $fetch } from 'ofetch'
import { z } from 'zod'
import { defineAction, idempotent, rateLimit } from '../../src/runtime/server'
import type { ActionResult } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { ActionFetcher, CallOptions } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import { createActionState } from '../../src/runtime/app/call/action-state'
import type { ActionStateOptions } from '../../src/runtime/app/call/action-state'
import { applyLayers } from '../../src/runtime/app/optimistic/optimistic-layers'
import type { MountedQuery } from '../../src/runtime/app/queries/internal/query-registry'
import { registerQuery } from '../../src/runtime/app/queries/internal/query-registry'
import type { MutationPlan } from '../../src/runtime/app/queries/refresh-queries'
import { planMutation } from '../../src/runtime/app/queries/refresh-queries'
import type { TestServer } from '../helpers/serve'
import { serve } from '../helpers/serve'

// useAction's optimistic layer against real actions over HTTP that refuse the call (a declared error, a rate
// limit's 429) or replay it (idempotent(), after a lost answer). The client is useAction's own code: its state,
// the mutation plan with the optimistic change, the call with its retries; a mounted list query loads from the server.

interface Todo { id: number, title: string, done: boolean }

let todos: Todo[] = []
let added = 0
let server: TestServer
let fetcher: ActionFetcher
/** Answers the fetcher receives and then drops, as a network that loses them once the server has run the request. */
let lose = 0
/** What the list showed when each of a mutation's attempts was answered, and whether its answer was a replay. */
let shownAtAttempts: Todo[][] = []
let replayed: Array<string | null> = []

beforeAll(async () => {
  const store = createMemoryStore()
  const byId = (id: number) => todos.find(todo => todo.id === id)
  server = await serve({
    '/todos': defineAction({ handler: () => todos }),
    '/todos/add': defineAction({
      input: z.object({ title: z.string() }),
      middleware: [idempotent({ store })],
      handler: ({ input }) => {
        added++
        const todo = { id: Math.max(0, ...todos.map(todo => todo.id)) + 1, title: input.title, done: false }
        todos = [...todos, todo]
        return todo
      },
    }),
    '/todos/:id/done': defineAction({
      params: z.object({ id: z.coerce.number() }),
      input: z.object({ done: z.boolean() }),
      errors: { LOCKED: { statusCode: 423, message: 'This todo is locked' } },
      handler: ({ params, input, errors }) => {
        if (byId(params.id)?.title === 'locked') throw errors.LOCKED()
        todos = todos.map(todo => todo.id === params.id ? { ...todo, done: input.done } : todo)
        return { id: params.id, done: input.done }
      },
    }),
    '/todos/:id/limited-done': defineAction({
      params: z.object({ id: z.coerce.number() }),
      input: z.object({ done: z.boolean() }),
      middleware: [rateLimit({ limit: 1, window: 60_000, store })],
      handler: ({ params, input }) => {
        todos = todos.map(todo => todo.id === params.id ? { ...todo, done: input.done } : todo)
        return { id: params.id, done: input.done }
      },
    }),
  })
  const plain = $fetch.create({ baseURL: server.url }) as unknown as ActionFetcher
  fetcher = {
    raw: async (url, options) => {
      if (options.method === 'GET') return plain.raw(url, options)
      const response = await plain.raw(url, options)
      shownAtAttempts.push(list.shown()!)
      replayed.push(response.headers?.get('idempotent-replayed') ?? null)
      if (lose > 0) {
        lose--
        throw new TypeError('fetch failed')
      }
      return response
    },
  }
})
afterAll(() => server.close())

/** The mounted list query, as useActionQuery registers it: it loads from the server, and shows its data under the layers. */
const list = (() => {
  const envelope = shallowRef<ActionResult<Todo[]> | null>(null)
  const query: MountedQuery = {
    path: '/todos',
    key: '/todos',
    params: () => undefined,
    input: () => undefined,
    url: () => '/todos',
    refresh: async () => {
      query.receive(await callAction(fetcher, '/todos', { method: 'GET' }))
    },
    receive: (fresh) => {
      envelope.value = fresh as ActionResult<Todo[]>
    },
    layers: shallowRef([]),
  }
  return {
    query,
    load: () => query.refresh(),
    shown: () => (envelope.value?.success ? applyLayers(envelope.value.data, query.layers.value) : null) as Todo[] | null,
  }
})()
let unregister: () => void = () => {}

beforeAll(() => {
  unregister = registerQuery(list.query)
})
afterAll(() => unregister())
afterEach(() => {
  lose = 0
  shownAtAttempts = []
  replayed = []
})

/** useAction's call, as use-action.ts makes it: the plan, the call (retries and key included), the change shown, then settled. */
function useActionOf<TInput>(path: string, options: MutationPlan & Pick<CallOptions, 'retry' | 'retryDelay'> & ActionStateOptions<TInput, unknown> & { params?: Record<string, string | number> }) {
  return createActionState<TInput, unknown>((input, call) => {
    const mutation = planMutation(options, input, options.params, undefined)
    const sent = callAction(fetcher, path, { method: 'POST', input, params: options.params, retry: options.retry, retryDelay: options.retryDelay, headers: mutation.headers, signal: call.signal })
    mutation.apply()
    return mutation.settle(sent)
  }, options)
}

const toggled = (id: number) => (list: Todo[], input: { done: boolean }) => list.map(todo => todo.id === id ? { ...todo, done: input.done } : todo)

describe('an optimistic change the action refuses or replays', () => {
  it('is rolled back when the action answers a declared error: the list shows the server\'s, and the caller gets the error by its code', async () => {
    todos = [{ id: 1, title: 'locked', done: false }]
    await list.load()
    const errors: string[] = []
    const toggle = useActionOf<{ done: boolean }>('/todos/:id/done', { targets: [], optimistic: { '/todos': toggled(1) }, params: { id: 1 }, onError: error => errors.push(error.code) })
    const pending = toggle.execute({ done: true })
    expect(list.shown()).toEqual([{ id: 1, title: 'locked', done: true }])
    const result = await pending
    expect(result).toEqual({ success: false, error: { code: 'LOCKED', message: 'This todo is locked', statusCode: 423 } })
    expect(toggle.error.value?.code).toBe('LOCKED')
    expect(errors).toEqual(['LOCKED'])
    expect(list.query.layers.value).toEqual([])
    expect(list.shown()).toEqual([{ id: 1, title: 'locked', done: false }])
  })

  it('is rolled back when the action answers RATE_LIMITED 429, the change it let through before kept as the server holds it', async () => {
    todos = [{ id: 1, title: 'milk', done: false }, { id: 2, title: 'eggs', done: false }]
    await list.load()
    const first = useActionOf<{ done: boolean }>('/todos/:id/limited-done', { targets: [], optimistic: { '/todos': toggled(1) }, params: { id: 1 } })
    expect((await first.execute({ done: true })).success).toBe(true)
    expect(list.shown()).toEqual([{ id: 1, title: 'milk', done: true }, { id: 2, title: 'eggs', done: false }])

    const second = useActionOf<{ done: boolean }>('/todos/:id/limited-done', { targets: [], optimistic: { '/todos': toggled(2) }, params: { id: 2 }, retry: 2, retryDelay: 10 })
    const pending = second.execute({ done: true })
    expect(list.shown()).toEqual([{ id: 1, title: 'milk', done: true }, { id: 2, title: 'eggs', done: true }])
    const result = await pending
    expect(result.success).toBe(false)
    expect(second.error.value).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 })
    // a 429 is not retried (only network failures, 5xx and a key still running are), and nothing is refreshed
    expect(shownAtAttempts).toHaveLength(2)
    expect(replayed).toEqual([null, null])
    expect(list.query.layers.value).toEqual([])
    expect(list.shown()).toEqual([{ id: 1, title: 'milk', done: true }, { id: 2, title: 'eggs', done: false }])
    expect(todos[1]!.done).toBe(false)
  })

  it('is shown once while a lost answer is retried with the same key, then gives way to the server\'s list, the row added once', async () => {
    todos = [{ id: 1, title: 'milk', done: false }]
    added = 0
    await list.load()
    lose = 1
    const add = useActionOf<{ title: string }>('/todos/add', {
      targets: [],
      optimistic: { '/todos': (list: Todo[], input: { title: string }) => [...list, { id: -1, title: input.title, done: false }] },
      retry: 1,
      retryDelay: 10,
    })
    const result = await add.execute({ title: 'bread' })
    expect(result).toEqual({ success: true, data: { id: 2, title: 'bread', done: false } })
    // the first attempt's answer was lost; the retry went with the change shown once, not once per attempt
    expect(shownAtAttempts).toEqual([
      [{ id: 1, title: 'milk', done: false }, { id: -1, title: 'bread', done: false }],
      [{ id: 1, title: 'milk', done: false }, { id: -1, title: 'bread', done: false }],
    ])
    // the retry was the stored answer, replayed: the handler ran once, and the refreshed list holds the row once
    expect(replayed).toEqual([null, 'true'])
    expect(added).toBe(1)
    expect(list.query.layers.value).toEqual([])
    expect(list.shown()).toEqual([{ id: 1, title: 'milk', done: false }, { id: 2, title: 'bread', done: false }])
  })
})
