import { shallowRef } from 'vue'
import { describe, expect, it } from 'vitest'
import type { ActionResult } from '../../src/runtime/server/types'
import { applyLayers, withoutLayer } from '../../src/runtime/app/optimistic/optimistic-layers'
import type { MountedQuery } from '../../src/runtime/app/queries/internal/query-registry'
import { namedQueries, registerQuery } from '../../src/runtime/app/queries/internal/query-registry'
import { MAX_SINGLE_FLIGHT, planMutation, REFRESH_HEADER } from '../../src/runtime/app/queries/refresh-queries'

interface Todo { id: number, done: boolean }

/** A mounted query over a fake server answer: `shown()` is what the component renders. */
function fakeQuery(path: string, data: unknown, extra: Partial<MountedQuery> = {}) {
  const server = shallowRef<unknown>(data)
  const refreshes: number[] = []
  const query: MountedQuery = {
    path,
    key: `${path}:${JSON.stringify(extra.params?.() ?? null)}`,
    params: () => undefined,
    input: () => undefined,
    url: () => path,
    refresh: async () => {
      refreshes.push(1)
    },
    receive: (fresh) => {
      if (fresh.success) server.value = fresh.data
    },
    layers: shallowRef([]),
    ...extra,
  }
  const unregister = registerQuery(query)
  return { query, server, refreshes, unregister, shown: () => applyLayers(server.value, query.layers.value) }
}

const toggle = (list: Todo[], input: { done: boolean }) => list.map(todo => todo.id === 1 ? { ...todo, done: input.done } : todo)
const deferred = <T>() => {
  let resolve!: (value: T) => void
  const promise = new Promise<T>(done => resolve = done)
  return { promise, resolve }
}

describe('optimistic layers', () => {
  it('apply oldest first over the server\'s answer, and leave no data alone', () => {
    const layers = [{ id: 1, update: (n: unknown) => (n as number) + 1 }, { id: 2, update: (n: unknown) => (n as number) * 10 }]
    expect(applyLayers(1, layers)).toBe(20)
    expect(applyLayers(1, withoutLayer(layers, 1))).toBe(10)
    expect(applyLayers(null, layers)).toBeNull()
  })
})

describe('a mutation with optimistic updates', () => {
  it('shows the change at once and rolls it back on failure', async () => {
    const todos = fakeQuery('/api/todos', [{ id: 1, done: false }])
    const mutation = planMutation({ targets: [], optimistic: { '/api/todos': toggle } }, { done: true }, {}, undefined)
    const answer = deferred<ActionResult<unknown>>()
    mutation.apply()
    expect(todos.shown()).toEqual([{ id: 1, done: true }])
    const settled = mutation.settle(answer.promise)
    answer.resolve({ success: false, error: { code: 'LOCKED', message: 'no', statusCode: 409 } })
    expect((await settled).success).toBe(false)
    expect(todos.shown()).toEqual([{ id: 1, done: false }])
    expect(todos.refreshes).toEqual([])
    todos.unregister()
  })

  it('rolls back an earlier call that fails without undoing a later one still in flight', async () => {
    const todos = fakeQuery('/api/todos', [{ id: 1, done: false }, { id: 2, done: false }])
    const first = planMutation({ targets: [], optimistic: { '/api/todos': toggle } }, { done: true }, {}, undefined)
    const second = planMutation({ targets: [], optimistic: { '/api/todos': (list: Todo[]) => list.map(todo => todo.id === 2 ? { ...todo, done: true } : todo) } }, {}, {}, undefined)
    const firstAnswer = deferred<ActionResult<unknown>>()
    const secondAnswer = deferred<ActionResult<unknown>>()
    first.apply()
    second.apply()
    const settledFirst = first.settle(firstAnswer.promise)
    const settledSecond = second.settle(secondAnswer.promise)
    firstAnswer.resolve({ success: false, error: { code: 'LOCKED', message: 'no', statusCode: 409 } })
    await settledFirst
    expect(todos.shown()).toEqual([{ id: 1, done: false }, { id: 2, done: true }])
    // the second succeeds: its answer carries the server's data, which replaces the guess
    secondAnswer.resolve({ success: true, data: null, refreshed: { '/api/todos': { success: true, data: [{ id: 1, done: false }, { id: 2, done: true }] } } } as ActionResult<unknown>)
    expect(await settledSecond).toEqual({ success: true, data: null })
    expect(todos.query.layers.value).toEqual([])
    expect(todos.shown()).toEqual([{ id: 1, done: false }, { id: 2, done: true }])
    todos.unregister()
  })

  it('ends two quick toggles of the same todo as the last answer says', async () => {
    const todos = fakeQuery('/api/todos', [{ id: 1, done: false }])
    const on = planMutation({ targets: [], optimistic: { '/api/todos': toggle } }, { done: true }, {}, undefined)
    const off = planMutation({ targets: [], optimistic: { '/api/todos': toggle } }, { done: false }, {}, undefined)
    const onAnswer = deferred<ActionResult<unknown>>()
    const offAnswer = deferred<ActionResult<unknown>>()
    on.apply()
    expect(todos.shown()).toEqual([{ id: 1, done: true }])
    off.apply()
    expect(todos.shown()).toEqual([{ id: 1, done: false }])
    const settledOn = on.settle(onAnswer.promise)
    const settledOff = off.settle(offAnswer.promise)
    // the first answer lands while the second is in flight: the second's change stays shown over it
    onAnswer.resolve({ success: true, data: null, refreshed: { '/api/todos': { success: true, data: [{ id: 1, done: true }] } } } as ActionResult<unknown>)
    await settledOn
    expect(todos.shown()).toEqual([{ id: 1, done: false }])
    offAnswer.resolve({ success: true, data: null, refreshed: { '/api/todos': { success: true, data: [{ id: 1, done: false }] } } } as ActionResult<unknown>)
    await settledOff
    expect(todos.server.value).toEqual([{ id: 1, done: false }])
    expect(todos.query.layers.value).toEqual([])
    todos.unregister()
  })
})

describe('a mutation that refreshes queries', () => {
  it('names queries by route, params and input, each key once', () => {
    const all = fakeQuery('/api/todos', [], { key: 'list' })
    const same = fakeQuery('/api/todos', [], { key: 'list' })
    const one = fakeQuery('/api/todos/:id', {}, { key: 'one', params: () => ({ id: '1' }) })
    const two = fakeQuery('/api/todos/:id', {}, { key: 'two', params: () => ({ id: '2' }), input: () => ({ full: 'true' }) })
    expect(namedQueries(['/api/todos']).map(query => query.key)).toEqual(['list'])
    expect(namedQueries([{ path: '/api/todos/:id', params: { id: 1 } }]).map(query => query.key)).toEqual(['one'])
    expect(namedQueries([{ path: '/api/todos/:id', input: { full: 'true' } }]).map(query => query.key)).toEqual(['two'])
    expect(namedQueries(['/api/todos/:id', '/api/stats']).map(query => query.key)).toEqual(['one', 'two'])
    for (const query of [all, same, one, two]) query.unregister()
  })

  it('asks for at most 8 queries in the header and refetches what the answer did not carry', async () => {
    const queries = Array.from({ length: MAX_SINGLE_FLIGHT + 1 }, (_, index) => fakeQuery(`/api/q${index}`, null))
    const mutation = planMutation({ targets: queries.map(query => query.query.path) }, {}, {}, { 'x-own': '1' })
    const urls = JSON.parse(mutation.headers![REFRESH_HEADER]!)
    expect(urls).toHaveLength(MAX_SINGLE_FLIGHT)
    expect(mutation.headers!['x-own']).toBe('1')
    await mutation.settle(Promise.resolve({ success: true, data: 1, refreshed: { '/api/q0': { success: true, data: 'fresh' } } } as ActionResult<unknown>))
    expect(queries[0]!.server.value).toBe('fresh')
    expect(queries[0]!.refreshes).toEqual([])
    expect(queries.slice(1).every(query => query.refreshes.length === 1)).toBe(true)
    for (const query of queries) query.unregister()
  })

  it('sends no header without single flight, and refreshes nothing after a failure', async () => {
    const todos = fakeQuery('/api/todos', [])
    const off = planMutation({ targets: ['/api/todos'], singleFlight: false }, {}, {}, undefined)
    expect(off.headers).toBeUndefined()
    await off.settle(Promise.resolve({ success: false, error: { code: 'X', message: 'x', statusCode: 400 } }))
    expect(todos.refreshes).toEqual([])
    await off.settle(Promise.resolve({ success: true, data: null }))
    expect(todos.refreshes).toEqual([1])
    todos.unregister()
  })
})
