import { createApp, shallowRef } from 'vue'
import { createPinia } from 'pinia'
import { PiniaColada, useQueryCache } from '@pinia/colada'
import type { QueryCache } from '@pinia/colada'
import { QueryClient, QueryObserver } from '@tanstack/vue-query'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { $fetch } from 'ofetch'
import { z } from 'zod'
import { defineAction, enableSingleFlight, rateLimit } from '../../src/runtime/server/h3-v2'
import type { ActionResult } from '../../src/runtime/server/h3-v2'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import { createActionState } from '../../src/runtime/app/call/action-state'
import { ActionQueryError } from '../../src/runtime/app/query-libraries/action-query-error'
import { applyLayers } from '../../src/runtime/app/optimistic/optimistic-layers'
import type { SendAction } from '../../src/runtime/app/query-libraries/library-queries'
import { actionQueryFunction, actionQueryKey, libraryLookup } from '../../src/runtime/app/query-libraries/library-queries'
import type { MountedQuery } from '../../src/runtime/app/queries/internal/query-registry'
import { registerQuery } from '../../src/runtime/app/queries/internal/query-registry'
import type { MutationPlan } from '../../src/runtime/app/queries/refresh-queries'
import { planMutation } from '../../src/runtime/app/queries/refresh-queries'
import { actionCacheMutation, coladaCache as linkedColada } from '../../src/runtime/colada/internal/cache-mutation'
import { tanstackCache } from '../../src/runtime/vue-query/internal/mutation-function'
import { registerLibrary } from '../../src/runtime/app/queries/library-registry'
import type { TestServer } from '../helpers/serve'
import { h3V2 } from '../helpers/hosts'

// The query libraries (a real Pinia Colada cache, a real TanStack QueryClient) beside useAction and useActionQuery,
// and against a rate-limited action, on a plain h3 2 app with single flight over real HTTP: each with the runtime's
// own code (the library query function, Colada's cache mutation, useAction's state and mutation plan, a mounted
// useActionQuery as it registers itself).

let todos: string[] = []
/** The GETs of the list the client sent (a single-flight GET runs in-process, not here), and the rate-limited route's runs. */
let listGets = 0
let limitedGets = 0
let server: TestServer
let send: SendAction
let fetcher: ActionFetcher

beforeAll(async () => {
  const store = createMemoryStore()
  server = await h3V2.serve({
    '/todos': defineAction({
      handler: () => todos,
    }),
    '/todos/add': defineAction({
      input: z.object({ title: z.string() }),
      handler: ({ input }) => {
        todos = [...todos, input.title]
        return { added: input.title }
      },
    }),
    '/limited': defineAction({
      middleware: [rateLimit({ limit: 1, window: 60_000, name: 'library', key: ({ event }) => event.headers.get('x-caller') ?? 'anyone', store })],
      handler: () => {
        limitedGets++
        return { ok: true }
      },
    }),
  })
  enableSingleFlight({ routes: ['/todos', '/limited'] })
  const plain = $fetch.create({ baseURL: server.url }) as unknown as ActionFetcher
  fetcher = {
    raw: (url, options) => {
      if (options.method === 'GET' && url === '/todos') listGets++
      return plain.raw(url, options)
    },
  }
  send = (path, options) => callAction(fetcher, path, options)
})
afterAll(() => server.close())
beforeEach(() => {
  todos = ['milk']
  listGets = 0
  limitedGets = 0
})

/** A real Pinia Colada query cache, in an app of its own. */
function coladaCache(): QueryCache {
  const app = createApp({})
  app.use(createPinia())
  app.use(PiniaColada)
  return app.runWithContext(() => useQueryCache()) as QueryCache
}

/** Links a Colada cache to useAction, as the colada subpath's linkActionRefreshes does (the module's plugin calls it). */
const linkColada = (cache: QueryCache) => registerLibrary(libraryLookup(linkedColada(cache)))
/** Links a QueryClient to useAction, as the vue-query subpath's linkActionRefreshes does. */
const linkTanstack = (client: QueryClient) => registerLibrary(libraryLookup(tanstackCache(client)))

/** The list as a mounted useActionQuery registers it: it loads from the server and shows its data under the layers. */
function mountedList() {
  const envelope = shallowRef<ActionResult<string[]> | null>(null)
  const query: MountedQuery = {
    path: '/todos',
    key: '/todos',
    params: () => undefined,
    input: () => undefined,
    url: () => '/todos',
    refresh: async () => {
      envelope.value = await callAction(fetcher, '/todos', { method: 'GET' }) as ActionResult<string[]>
    },
    receive: (fresh) => {
      envelope.value = fresh as ActionResult<string[]>
    },
    layers: shallowRef([]),
  }
  const unregister = registerQuery(query)
  return { query, unregister, shown: () => (envelope.value?.success ? applyLayers(envelope.value.data, query.layers.value) : null) as string[] | null }
}

/** useAction's call, as use-action.ts makes it (useActionForm hands it its `refreshes`): the plan, the call, the change shown, then settled. */
function useActionOf(path: string, options: MutationPlan) {
  return createActionState<{ title: string }, unknown>((input, call) => {
    const mutation = planMutation(options, input, undefined, undefined)
    const sent = callAction(fetcher, path, { method: 'POST', input, headers: mutation.headers, signal: call.signal })
    mutation.apply()
    return mutation.settle(sent)
  }, {})
}

describe('the query libraries beside useAction and useActionQuery', () => {
  it('useAction\'s refreshes reach the linked Colada and TanStack caches too: the fresh list comes in the mutation\'s own answer and is written there, no GET of it', async () => {
    const list = mountedList()
    await list.query.refresh()
    const colada = coladaCache()
    colada.setQueryData(actionQueryKey('/todos'), await actionQueryFunction(send, '/todos')())
    const tanstack = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
    tanstack.mount()
    const observer = new QueryObserver(tanstack, { queryKey: actionQueryKey('/todos'), queryFn: ({ signal }) => actionQueryFunction(send, '/todos')(signal) })
    const stop = observer.subscribe(() => {})
    await tanstack.fetchQuery({ queryKey: actionQueryKey('/todos'), queryFn: ({ signal }) => actionQueryFunction(send, '/todos')(signal) })
    const unlink = [linkColada(colada), linkTanstack(tanstack)]
    expect(listGets).toBe(3)

    const add = useActionOf('/todos/add', { targets: ['/todos'], optimistic: { '/todos': (shown: string[], input: { title: string }) => [...shown, input.title] } })
    const pending = add.execute({ title: 'bread' })
    expect(list.shown()).toEqual(['milk', 'bread'])
    // the optimistic change is the mounted useActionQuery's: the libraries show the server's data only
    expect(colada.getQueryData(actionQueryKey('/todos'))).toEqual(['milk'])
    expect(await pending).toEqual({ success: true, data: { added: 'bread' } })
    expect(list.shown()).toEqual(['milk', 'bread'])
    expect(colada.getQueryData(actionQueryKey('/todos'))).toEqual(['milk', 'bread'])
    expect(tanstack.getQueryData(actionQueryKey('/todos'))).toEqual(['milk', 'bread'])
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(listGets).toBe(3)
    unlink.forEach(off => off())
    stop()
    tanstack.clear()
    list.unregister()
  })

  it('without single flight, useAction\'s refreshes invalidate the linked caches\' named queries: the active TanStack query refetches before execute resolves; an unlinked cache keeps its data', async () => {
    const colada = coladaCache()
    colada.setQueryData(actionQueryKey('/todos'), ['milk'])
    const unlinked = coladaCache()
    unlinked.setQueryData(actionQueryKey('/todos'), ['milk'])
    const tanstack = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
    tanstack.mount()
    const observer = new QueryObserver(tanstack, { queryKey: actionQueryKey('/todos'), queryFn: ({ signal }) => actionQueryFunction(send, '/todos')(signal) })
    const stop = observer.subscribe(() => {})
    await tanstack.fetchQuery({ queryKey: actionQueryKey('/todos'), queryFn: ({ signal }) => actionQueryFunction(send, '/todos')(signal) })
    const unlink = [linkColada(colada), linkTanstack(tanstack)]
    expect(listGets).toBe(1)

    const add = useActionOf('/todos/add', { targets: ['/todos'], singleFlight: false })
    expect(await add.execute({ title: 'jam' })).toEqual({ success: true, data: { added: 'jam' } })
    expect(tanstack.getQueryData(actionQueryKey('/todos'))).toEqual(['milk', 'jam'])
    expect(listGets).toBe(2)
    // Colada's entry has no component watching it here: invalidated (its time reset), refetched when one shows it
    expect(colada.getEntries({ key: actionQueryKey('/todos'), exact: true })[0]!.when).toBe(0)
    expect(unlinked.getEntries({ key: actionQueryKey('/todos'), exact: true })[0]!.when).not.toBe(0)
    unlink.forEach(off => off())
    stop()
    tanstack.clear()
  })

  it('useActionQuery and a Colada query of one route are two caches: a Colada mutation refreshes its own, and the useActionQuery keeps its data until it is refreshed', async () => {
    const list = mountedList()
    await list.query.refresh()
    const colada = coladaCache()
    colada.setQueryData(actionQueryKey('/todos'), await actionQueryFunction(send, '/todos')())
    expect(listGets).toBe(2)

    const add = actionCacheMutation(send, '/todos/add', { method: 'POST', refreshes: ['/todos'] }, colada)
    expect(await add({ input: { title: 'eggs' } })).toEqual({ added: 'eggs' })
    // Colada's entry was written from the answer; the mounted useActionQuery was not named by anything it knows
    expect(colada.getQueryData(actionQueryKey('/todos'))).toEqual(['milk', 'eggs'])
    expect(list.shown()).toEqual(['milk'])
    expect(listGets).toBe(2)
    await list.query.refresh()
    expect(list.shown()).toEqual(['milk', 'eggs'])
    list.unregister()
  })
})

describe('the query libraries with a rate limit', () => {
  it('reject a 429 with an ActionQueryError coded RATE_LIMITED; Colada sends it once, and TanStack sends it again only as its own retry says', async () => {
    const query = (caller: string) => actionQueryFunction((path, options) => send(path, { ...options, headers: { 'x-caller': caller } }), '/limited')
    const colada = coladaCache()
    const entry = colada.ensure({ key: actionQueryKey('/limited'), query: () => query('colada')() })
    await colada.refresh(entry)
    expect(entry.state.value).toMatchObject({ status: 'success', data: { ok: true } })
    await colada.fetch(entry).catch(() => {})
    expect(entry.state.value.status).toBe('error')
    expect(entry.state.value.error).toBeInstanceOf(ActionQueryError)
    expect(entry.state.value.error).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429, message: 'Too many requests, try again later' })
    expect(limitedGets).toBe(1)

    // TanStack's retries (3 by default in the browser) send the 429 again, each counted against the limit and refused;
    // the rule docs/vue-query.md gives spares every 4xx
    const sent: string[] = []
    const counted = (caller: string) => actionQueryFunction((path, options) => {
      sent.push(caller)
      return send(path, { ...options, headers: { 'x-caller': caller } })
    }, '/limited')
    for (const [caller, retry] of [['default', 3], ['spared', (failures: number, error: Error) => failures < 2 && !(error instanceof ActionQueryError && error.statusCode >= 400 && error.statusCode < 500)]] as const) {
      const tanstack = new QueryClient({ defaultOptions: { queries: { retryDelay: 10, retry } } })
      const options = { queryKey: actionQueryKey('/limited', undefined, { caller }), queryFn: ({ signal }: { signal: AbortSignal }) => counted(caller)(signal) }
      await tanstack.fetchQuery(options)
      const refused = await tanstack.fetchQuery({ ...options, staleTime: 0 }).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ActionQueryError)
      expect(refused).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 })
      tanstack.clear()
    }
    expect(sent.filter(caller => caller === 'default')).toHaveLength(1 + 1 + 3)
    expect(sent.filter(caller => caller === 'spared')).toHaveLength(1 + 1)
    expect(limitedGets).toBe(3)
  })
})
