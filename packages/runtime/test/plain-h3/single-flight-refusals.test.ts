// Single flight meets a refusal, on a plain h3 2 app over real HTTP, with useAction's own mutation code on the client:
// a refreshed query that answers a declared error or a rate limit's 429 rides along as its failure envelope, and the
// mounted query shows that error; a mutation that is refused itself carries nothing refreshed, and nothing is refetched.
import { shallowRef } from 'vue'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { $fetch } from 'ofetch'
import { z } from 'zod'
import { defineAction, enableSingleFlight, rateLimit } from '../../src/runtime/server/h3-v2'
import type { ActionResult } from '../../src/runtime/server/h3-v2'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import type { MountedQuery } from '../../src/runtime/app/queries/internal/query-registry'
import { registerQuery } from '../../src/runtime/app/queries/internal/query-registry'
import { planMutation } from '../../src/runtime/app/queries/refresh-queries'
import type { TestServer } from '../helpers/serve'
import { h3V2 } from '../helpers/hosts'

interface Todo { id: number, title: string, locked?: boolean }

let server: TestServer
let fetcher: ActionFetcher
let todos: Todo[] = []
/** Every request the browser sent, as `METHOD path`: a refetch would show here. */
const sent: string[] = []
/** The raw bodies of the mutations' answers, `refreshed` and all. */
const answers: unknown[] = []

beforeAll(async () => {
  const store = createMemoryStore()
  server = await h3V2.serve({
    '/todos/:id': defineAction({
      params: z.object({ id: z.coerce.number() }),
      errors: { NOT_FOUND: { statusCode: 404, message: 'No such todo' } },
      handler: ({ params, errors }) => {
        const todo = todos.find(todo => todo.id === params.id)
        if (!todo) throw errors.NOT_FOUND()
        return todo
      },
    }),
    '/todos/:id/remove': defineAction({
      params: z.object({ id: z.coerce.number() }),
      errors: { LOCKED: { statusCode: 423, message: 'This todo is locked' } },
      handler: ({ params, errors }) => {
        if (todos.find(todo => todo.id === params.id)?.locked) throw errors.LOCKED()
        todos = todos.filter(todo => todo.id !== params.id)
        return { removed: params.id }
      },
    }),
    '/feed': defineAction({
      middleware: [rateLimit({ limit: 2, window: 60_000, name: 'feed', store })],
      handler: () => todos.map(todo => todo.title),
    }),
    '/todos/add': defineAction({
      input: z.object({ title: z.string() }),
      middleware: [rateLimit({ limit: 3, window: 60_000, name: 'adding', store })],
      handler: ({ input }) => {
        const todo = { id: todos.length + 10, title: input.title }
        todos = [...todos, todo]
        return todo
      },
    }),
  })
  enableSingleFlight({ routes: ['/todos/:id', '/feed'] })
  const plain = $fetch.create({ baseURL: server.url }) as unknown as ActionFetcher
  fetcher = {
    raw: async (url, options) => {
      sent.push(`${options.method} ${url}`)
      const response = await plain.raw(url, options)
      if (options.method !== 'GET') answers.push(response._data)
      return response
    },
  }
})
afterAll(() => server.close())

/** A mounted useActionQuery of one URL: it keeps the envelope it was given, and shows data or error as the composable does. */
function mountQuery(path: string, params?: Record<string, string | number>) {
  const url = params ? path.replace(/:(\w+)/g, (_, name: string) => String(params[name])) : path
  const envelope = shallowRef<ActionResult<unknown> | null>(null)
  const query: MountedQuery = {
    path,
    key: url,
    params: () => params,
    input: () => undefined,
    url: () => url,
    refresh: async () => {
      envelope.value = await callAction(fetcher, url, { method: 'GET' })
    },
    receive: (fresh) => {
      envelope.value = fresh
    },
    layers: shallowRef([]),
  }
  const unregister = registerQuery(query)
  return {
    unregister,
    load: () => query.refresh(),
    data: () => envelope.value?.success ? envelope.value.data : null,
    error: () => envelope.value && !envelope.value.success ? envelope.value.error : null,
  }
}

/** useAction's mutation: the plan with its single-flight header, the call, then settled (taken or refetched). */
function mutate(path: string, targets: unknown[], options: { params?: Record<string, string | number>, input?: unknown } = {}) {
  const mutation = planMutation({ targets }, options.input, options.params, undefined)
  const call = callAction(fetcher, path, { method: 'POST', params: options.params, input: options.input, headers: mutation.headers })
  mutation.apply()
  return mutation.settle(call)
}

describe('single flight and declared errors', () => {
  it('carries a refreshed query\'s declared error as its envelope: the query shows NOT_FOUND, with no refetch', async () => {
    todos = [{ id: 1, title: 'milk' }]
    const todo = mountQuery('/todos/:id', { id: 1 })
    await todo.load()
    expect(todo.data()).toEqual({ id: 1, title: 'milk' })
    sent.length = 0
    answers.length = 0

    const result = await mutate('/todos/:id/remove', [{ path: '/todos/:id', params: { id: 1 } }], { params: { id: 1 } })
    expect(result).toEqual({ success: true, data: { removed: 1 } })
    expect(answers).toEqual([{
      success: true,
      data: { removed: 1 },
      refreshed: { '/todos/1': { success: false, error: { code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 } } },
    }])
    expect(todo.error()).toEqual({ code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 })
    expect(sent).toEqual(['POST /todos/1/remove'])
    todo.unregister()
  })

  it('carries nothing refreshed when the mutation answers a declared error, and the query keeps its data, unrefetched', async () => {
    todos = [{ id: 2, title: 'eggs', locked: true }]
    const todo = mountQuery('/todos/:id', { id: 2 })
    await todo.load()
    sent.length = 0
    answers.length = 0

    const result = await mutate('/todos/:id/remove', [{ path: '/todos/:id', params: { id: 2 } }], { params: { id: 2 } })
    expect(result).toEqual({ success: false, error: { code: 'LOCKED', message: 'This todo is locked', statusCode: 423 } })
    expect(answers).toEqual([result])
    expect(sent).toEqual(['POST /todos/2/remove'])
    expect(todo.data()).toEqual({ id: 2, title: 'eggs', locked: true })
    todo.unregister()
  })
})

describe('single flight and rate limits', () => {
  it('counts the refreshed GET against its limit as the caller: past it, the query shows RATE_LIMITED from the answer, and the browser\'s own GET is refused too', async () => {
    todos = []
    const feed = mountQuery('/feed')
    await feed.load()
    expect(feed.data()).toEqual([])
    sent.length = 0
    answers.length = 0

    // the load above was the first of the feed's 2; the first add's refresh is the second
    expect(await mutate('/todos/add', ['/feed'], { input: { title: 'milk' } })).toMatchObject({ success: true })
    expect(feed.data()).toEqual(['milk'])
    expect(await mutate('/todos/add', ['/feed'], { input: { title: 'eggs' } })).toMatchObject({ success: true })
    expect(answers[1]).toMatchObject({ refreshed: { '/feed': { success: false, error: { code: 'RATE_LIMITED', statusCode: 429 } } } })
    expect(feed.error()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 })
    expect(sent).toEqual(['POST /todos/add', 'POST /todos/add'])
    // the in-process GETs counted for the caller's own address: its browser's GET is past the limit as well
    expect(await callAction(fetcher, '/feed', { method: 'GET' })).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } })
    feed.unregister()
  })

  it('carries nothing refreshed when the mutation itself answers 429, and refetches nothing', async () => {
    const todo = mountQuery('/todos/:id', { id: 10 })
    await todo.load()
    sent.length = 0
    answers.length = 0
    // the limit of 3 adds: two spent above, the third passes, the fourth is refused
    expect(await mutate('/todos/add', [{ path: '/todos/:id', params: { id: 10 } }], { input: { title: 'bread' } })).toMatchObject({ success: true })
    const refused = await mutate('/todos/add', [{ path: '/todos/:id', params: { id: 10 } }], { input: { title: 'jam' } })
    expect(refused).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests, try again later', statusCode: 429 } })
    expect(answers[1]).toEqual(refused)
    expect(sent).toEqual(['POST /todos/add', 'POST /todos/add'])
    expect(todo.data()).toEqual({ id: 10, title: 'milk' })
    todo.unregister()
  })
})
