// The Actions tab's recorder where it meets the other features, as a developer finds them in the Requests log of
// `nuxi dev`: the real recording plugin and recorder in a Nitro 2 dev app in miniature (dev-nitro2-app.ts), the
// form-post middleware, single flight, rateLimit() and an in-process call made while a page renders, and the panel's
// own replay (its request builder) sending a record again.
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineEventHandler, getCookie, getRequestHeader, setCookie } from 'h3'
import type { EventHandler } from 'h3'
import { z } from 'zod'
import type { RequestRecord } from '@action-route/devtools/types'
import { defineAction, enableSingleFlight, rateLimit } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import { CALLER_HEADER } from '../../src/runtime/server/client-address/caller-address'
import { clientAddress } from '../../src/runtime/server/client-address/client-address'
import { FORM_CONTEXT_KEY } from '../../src/runtime/app/forms/form-post'
import { FORWARDED_REQUEST_HEADERS, ssrCallHeaders } from '../../src/runtime/app/call/forwarded-headers'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import { recorder } from '../../src/runtime/devtools/recorder-instance'
import { draftFromRecord, sendDraft } from '../../../devtools/src/client/logic/request-draft'
import type { DevApp } from './dev-nitro2-app'
import { serveDevApp } from './dev-nitro2-app'

// the route table and options the dev build renders into a virtual module
const devtools = vi.hoisted(() => ({
  options: {
    base: '/__action-route', rootDir: '/app', appBase: '/', apiBase: '/api',
    recordsFile: `/tmp/action-route-devtools-pairs-${process.pid}/records.json`,
    maxRecords: 200, redactHeaders: [] as string[], redactFields: [] as string[], tokenFile: '/nonexistent', requireToken: true,
  },
  routes: [] as { route: string, method: string, file: string, relativeFile: string, load: () => Promise<{ default?: unknown }> }[],
}))
vi.mock('#action-route/devtools-routes', () => devtools)

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
let todos: { id: number, title: string }[] = []
let app: DevApp

/** An action route file, listed for the recorder as the dev build lists it. */
function action(route: string, handler: EventHandler): Record<string, EventHandler> {
  const [method, path] = route.split(' ') as [string, string]
  const file = `server${path}.${method.toLowerCase()}.ts`
  devtools.routes.push({ route: path, method: method.toLowerCase(), file: `/app/${file}`, relativeFile: file, load: async () => ({ default: handler }) })
  return { [route]: handler }
}

/** An action limited to 2 calls a second per client address, `rateLimit()`'s default key. */
function greeting(name: string, store: ReturnType<typeof createMemoryStore>) {
  return defineAction({
    input: z.object({ name: z.string() }),
    middleware: [rateLimit({ limit: 2, window: 1000, name, store })],
    handler: ({ input }) => `Hello ${input.name}`,
  })
}

/** A page of the app: Nuxt's renderer answers it, with what the form post left for it. */
const page = defineEventHandler(event => `<!doctype html><html><body>${JSON.stringify(event.context[FORM_CONTEXT_KEY] ?? null)}</body></html>`)

/** A page that calls an action while it renders, as `$action` does during SSR (app/action.ts): Nitro's in-app `$fetch` with the page's identifying headers and address. */
const ssrPage = defineEventHandler(async (event) => {
  const pageHeaders = Object.fromEntries(FORWARDED_REQUEST_HEADERS.map(name => [name, getRequestHeader(event, name)]))
  const address = clientAddress(event, 0)
  const raw = (globalThis as unknown as { $fetch: { raw: (...args: [string, Record<string, unknown>]) => ReturnType<ActionFetcher['raw']> } }).$fetch.raw
  const fetcher: ActionFetcher = { raw: (url, options) => raw(url, { ...options, headers: ssrCallHeaders(url, pageHeaders, options.headers, address), context: event.context }) }
  const me = await callAction(fetcher, '/api/me', { method: 'GET' })
  return `<!doctype html><html><body>${JSON.stringify(me)}</body></html>`
})

beforeAll(async () => {
  const store = createMemoryStore()
  app = await serveDevApp({
    ...action('POST /api/session', defineAction({
      input: z.object({ email: z.string().email(), password: z.string().min(1) }),
      errors: { WRONG_PASSWORD: { statusCode: 401, message: 'Wrong email or password' } },
      handler: ({ input, event, errors }) => {
        if (input.password !== 'hunter2') throw errors.WRONG_PASSWORD()
        setCookie(event, 'nuxt-session', 'ada-session', { path: '/' })
        return { email: input.email }
      },
    })),
    ...action('GET /api/me', defineAction({
      handler: ({ event }) => ({ user: getCookie(event, 'nuxt-session') === 'ada-session' ? 'ada' : null }),
    })),
    ...action('GET /api/todos', defineAction({
      handler: async () => {
        await sleep(40)
        return todos
      },
    })),
    ...action('GET /api/stats', defineAction({ handler: () => ({ count: todos.length }) })),
    ...action('POST /api/todos', defineAction({
      input: z.object({ title: z.string() }),
      handler: ({ input }) => {
        const todo = { id: todos.length + 1, title: input.title }
        todos = [...todos, todo]
        return todo
      },
    })),
    // two limited routes, so that each test starts with a fresh window
    ...action('POST /api/greet', greeting('greet', store)),
    ...action('POST /api/wave', greeting('wave', store)),
    'POST /signin': page,
    'GET /todos': ssrPage,
  })
  enableSingleFlight({ routes: ['/api/todos', '/api/stats', '/api/me'] })
})
afterAll(async () => {
  await app?.close()
  await rm(devtools.options.recordsFile.replace(/\/records\.json$/, ''), { recursive: true, force: true })
})
beforeEach(() => {
  recorder.clear()
  todos = [{ id: 1, title: 'milk' }]
})

/** The records kept since the last clear, as the panel lists them (oldest first). */
const records = () => recorder.list()
const steps = (record: RequestRecord) => (record.timings ?? []).map(timing => timing.name ? `${timing.step} ${timing.name}` : timing.step)
const timing = (record: RequestRecord, step: string) => record.timings?.find(entry => entry.step === step)

/** A sign-in form posted to its page without JavaScript, as the browser sends it. */
function postForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields).toString()
  return fetch(`${app.url}/signin?__action=/api/session`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'origin': app.url, 'accept': 'text/html', ...headers },
    body,
  })
}

describe('forms without JavaScript × DevTools', () => {
  it('records the posted action, not the page: its fields (the password redacted) as the JSON input the action got, the page\'s cookie redacted, and its answer', async () => {
    const refused = await postForm({ email: 'ada@example.com', password: 'wrong-one' }, { cookie: 'theme=dark; nuxt-session=old' })
    expect(refused.status).toBe(401)
    const accepted = await postForm({ email: 'ada@example.com', password: 'hunter2' })
    expect(accepted.status).toBe(303)

    const [failure, success] = records()
    expect(records()).toHaveLength(2)
    // the page POST (/signin?__action=...) is no action: only the in-process call to the action is in the log
    expect(failure).toMatchObject({
      method: 'POST', url: '/api/session', path: '/api/session', route: '/api/session', routeId: 'POST /api/session',
      input: { email: 'ada@example.com', password: '[redacted]' },
      status: 401,
      envelope: { success: false, error: { code: 'WRONG_PASSWORD', statusCode: 401 } },
    })
    // the urlencoded body reached the action as JSON: the record shows it so, not as "form fields"
    expect(failure!.inputNote).toBeUndefined()
    expect(failure!.headers).toMatchObject({ 'content-type': 'application/json', 'accept': 'application/json', 'cookie': '[redacted]' })
    expect(failure!.headers).not.toHaveProperty(CALLER_HEADER)
    expect(steps(failure!)).toEqual(expect.arrayContaining(['parse', 'validate', 'handler', 'respond']))
    expect(success).toMatchObject({ input: { email: 'ada@example.com', password: '[redacted]' }, status: 200, envelope: { success: true, data: { email: 'ada@example.com' } } })
    expect(JSON.stringify(records())).not.toMatch(/hunter2|wrong-one|nuxt-session=old/)
  })

  it('records nothing for a post the form middleware refuses before calling the action: one from another site', async () => {
    const answer = await postForm({ email: 'ada@example.com', password: 'hunter2' }, { origin: 'https://evil.example' })
    expect(answer.status).toBe(403)
    expect(records()).toEqual([])
  })
})

describe('single flight × DevTools', () => {
  const refresh = ['/api/todos', '/api/stats']
  const mutate = (headers: Record<string, string> = {}) => fetch(`${app.url}/api/todos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-action-refresh': JSON.stringify(refresh), 'cookie': 'nuxt-session=ada-session', ...headers },
    body: JSON.stringify({ title: 'bread' }),
  })

  it('records each refreshed GET as a request of its own, before the mutation, which answers with them under refreshed; the waterfall puts their time in the mutation\'s respond', async () => {
    const answer = await (await mutate()).json()
    expect(answer.refreshed['/api/todos'].data).toHaveLength(2)

    const log = records()
    // each record is added when its answer is known: the GETs (the quicker first), then the mutation that waited for them
    expect(log.map(record => `${record.method} ${record.url} ${record.status}`)).toEqual(['GET /api/stats 200', 'GET /api/todos 200', 'POST /api/todos 200'])
    const gets = log.filter(record => record.method === 'GET')
    const mutation = log.find(record => record.method === 'POST')!
    // the inner GETs are marked as single flight's and carry the caller's cookie, redacted
    for (const get of gets) {
      expect(get.headers).toMatchObject({ 'x-action-route-single-flight': '1', 'cookie': '[redacted]' })
      expect(get.headers['x-action-refresh']).toBeUndefined()
      expect(get.id).toBeLessThan(mutation.id)
      expect(get.envelope).toMatchObject({ success: true })
    }
    // the mutation's record holds the answer as sent: its data and the refreshed envelopes, keyed by URL
    expect(mutation.envelope).toMatchObject({
      success: true,
      data: { id: 2, title: 'bread' },
      refreshed: { '/api/todos': { success: true, data: [{ id: 1, title: 'milk' }, { id: 2, title: 'bread' }] }, '/api/stats': { success: true, data: { count: 2 } } },
    })
    expect(mutation.headers['x-action-refresh']).toBe(JSON.stringify(refresh))
    // no row of its own for the GETs: they run inside respond, whose bar is as long as the slowest (40 ms)
    expect(steps(mutation)).toEqual(['parse', 'validate', 'handler', 'respond'])
    expect(timing(mutation, 'respond')!.duration).toBeGreaterThanOrEqual(35)
    expect(timing(mutation, 'respond')!.duration).toBeGreaterThanOrEqual(gets.find(get => get.url === '/api/todos')!.timings!.at(-1)!.start)
  })

  it('replays the mutation from the panel with its x-action-refresh: the replay answers with the queries refreshed again, and the log gains their GETs again', async () => {
    await mutate()
    const [mutation] = records().filter(record => record.method === 'POST')
    recorder.clear()
    const replay = await sendDraft(draftFromRecord(mutation!), (url, init) => fetch(`${app.url}${url}`, init))
    expect(replay.status).toBe(200)
    expect(replay.envelope).toMatchObject({ data: { id: 3, title: 'bread' }, refreshed: { '/api/stats': { data: { count: 3 } } } })
    expect(records().map(record => `${record.method} ${record.url}`).sort()).toEqual(['GET /api/stats', 'GET /api/todos', 'POST /api/todos'])
  })
})

describe('rate limits × DevTools', () => {
  const greet = (route = '/api/greet') => fetch(`${app.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada' }) })

  it('records a 429 with its code and message, its waterfall ending in the limit\'s middleware; the RateLimit fields and Retry-After go to the client only', async () => {
    await greet()
    await greet()
    const limited = await greet()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(limited.headers.get('ratelimit')).toMatch(/^"greet";r=0;t=\d+$/)

    const record = records().at(-1)!
    expect(record).toMatchObject({ method: 'POST', path: '/api/greet', input: { name: 'Ada' }, status: 429, envelope: { success: false, error: { code: 'RATE_LIMITED', statusCode: 429 } } })
    expect(steps(record)).toEqual(['parse', 'validate', 'middleware rateLimit(greet)', 'respond'])
    // a record holds the request's headers only: the answer's limit fields are not in the log
    expect(JSON.stringify(record)).not.toMatch(/retry-after|ratelimit-policy|"greet";/i)
  })

  it('refuses a replay from the panel again while the window lasts (the replay counts as the same client), and answers it once the window has passed', async () => {
    await greet('/api/wave')
    await greet('/api/wave')
    await greet('/api/wave')
    const limited = records().at(-1)!
    const send = () => sendDraft(draftFromRecord(limited), (url, init) => fetch(`${app.url}${url}`, init))
    expect(await send()).toMatchObject({ status: 429, envelope: { error: { code: 'RATE_LIMITED' } } })
    expect(records().at(-1)).toMatchObject({ status: 429, envelope: { error: { code: 'RATE_LIMITED' } } })
    await sleep(1100)
    expect(await send()).toMatchObject({ status: 200, envelope: { success: true, data: 'Hello Ada' } })
    expect(records().map(record => record.status)).toEqual([200, 200, 429, 429, 200])
  })
})

describe('SSR × DevTools', () => {
  it('records a call made while a page renders as a request of its own, the page\'s cookie redacted and its address token left out; the page itself is not recorded', async () => {
    const html = await (await fetch(`${app.url}/todos`, { headers: { 'cookie': 'nuxt-session=ada-session; theme=dark', 'user-agent': 'Ada\'s browser', 'accept': 'text/html' } })).text()
    // the cookie reached the action: it knows the user
    expect(html).toContain('{"success":true,"data":{"user":"ada"}}')

    expect(records()).toHaveLength(1)
    const [call] = records()
    expect(call).toMatchObject({ method: 'GET', url: '/api/me', route: '/api/me', status: 200, envelope: { success: true, data: { user: 'ada' } } })
    expect(call!.headers).toMatchObject({ 'cookie': '[redacted]', 'user-agent': 'Ada\'s browser' })
    // the process token that carries the page's address never reaches the log (the caller-address plugin runs first)
    expect(call!.headers).not.toHaveProperty(CALLER_HEADER)
    expect(JSON.stringify(call)).not.toMatch(/ada-session|theme=dark/)
    expect(steps(call!)).toEqual(expect.arrayContaining(['parse', 'validate', 'handler', 'respond']))
  })
})
