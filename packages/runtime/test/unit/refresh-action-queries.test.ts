import { shallowRef } from 'vue'
import { afterEach, describe, expect, it } from 'vitest'
import type { MountedQuery } from '../../src/runtime/app/queries/internal/query-registry'
import { registerQuery } from '../../src/runtime/app/queries/internal/query-registry'
import { planMutation } from '../../src/runtime/app/queries/refresh-queries'
import { applyLayers } from '../../src/runtime/app/optimistic/optimistic-layers'
import { refreshActionQueries } from '../../src/runtime/app/queries/refresh-action-queries'

const unregister: Array<() => void> = []
afterEach(() => unregister.splice(0).forEach(off => off()))

/** A mounted query that counts its refreshes; `settle` resolves the refresh in flight. */
function mount(path: string, extra: Partial<MountedQuery> = {}) {
  const refreshed: string[] = []
  const query: MountedQuery = {
    path,
    key: `${path}:${JSON.stringify(extra.params?.() ?? null)}`,
    params: () => undefined,
    input: () => undefined,
    url: () => path,
    refresh: async () => {
      await new Promise(resolve => setTimeout(resolve, 5))
      refreshed.push(path)
    },
    receive: () => {},
    layers: shallowRef([]),
    ...extra,
  }
  unregister.push(registerQuery(query))
  return { query, refreshed }
}

describe('refreshActionQueries', () => {
  it('refreshes the queries of a route, and resolves once they have settled', async () => {
    const todos = mount('/api/todos')
    const stats = mount('/api/stats')
    await refreshActionQueries('/api/todos')
    expect(todos.refreshed).toEqual(['/api/todos'])
    expect(stats.refreshed).toEqual([])
  })

  it('narrows by params and input as refreshes does, and takes several targets', async () => {
    const one = mount('/api/todos/:id', { params: () => ({ id: '1' }) })
    const two = mount('/api/todos/:id', { params: () => ({ id: '2' }) })
    const stats = mount('/api/stats')
    await refreshActionQueries({ path: '/api/todos/:id', params: { id: 1 } } as never)
    expect([one.refreshed.length, two.refreshed.length]).toEqual([1, 0])
    await refreshActionQueries(['/api/stats', { path: '/api/todos/:id', params: { id: 2 } }] as never)
    expect([one.refreshed.length, two.refreshed.length, stats.refreshed.length]).toEqual([1, 1, 1])
  })

  it('refreshes every mounted query without targets, a key shared by two queries once', async () => {
    const first = mount('/api/todos', { key: 'shared' })
    const second = mount('/api/todos', { key: 'shared' })
    const stats = mount('/api/stats')
    await refreshActionQueries()
    expect(first.refreshed.length + second.refreshed.length).toBe(1)
    expect(stats.refreshed.length).toBe(1)
  })

  it('resolves at once when nothing is mounted (during SSR)', async () => {
    await expect(refreshActionQueries('/api/todos' as never)).resolves.toBeUndefined()
  })
})

describe('a query loaded with transform or pick', () => {
  it('is refreshed by a mutation but not changed optimistically: its data is not the route\'s', async () => {
    const plain = mount('/api/todos')
    const shaped = mount('/api/todos', { key: 'titles', shaped: true })
    const mutation = planMutation({ targets: [], optimistic: { '/api/todos': (list: string[]) => [...list, 'new'] } }, {}, {}, undefined)
    mutation.apply()
    expect(applyLayers(['a'], plain.query.layers.value)).toEqual(['a', 'new'])
    expect(shaped.query.layers.value).toEqual([])
    await mutation.settle(Promise.resolve({ success: true, data: null }))
    expect(plain.refreshed.length + shaped.refreshed.length).toBe(2)
  })
})
