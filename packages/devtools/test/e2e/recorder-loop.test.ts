import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegistryResponse, RequestRecord } from '../../src/shared/types'
import { waitFor } from './dev-server'
import { startScratchDev } from './scratch-app'
import type { ScratchDev } from './scratch-app'

let app: ScratchDev

beforeAll(async () => {
  app = await startScratchDev({ name: 'recorder-loop' })
})
afterAll(() => app?.close())

async function records(): Promise<RequestRecord[]> {
  const response = await fetch(`${app.baseURL}/__action-route/api/records`, { headers: app.authHeaders })
  expect(response.status).toBe(200)
  return response.json() as Promise<RequestRecord[]>
}

async function registry(): Promise<RegistryResponse | undefined> {
  const response = await fetch(`${app.baseURL}/__action-route/api/routes`, { headers: app.authHeaders, signal: AbortSignal.timeout(5000) }).catch(() => undefined)
  return response?.ok ? response.json() as Promise<RegistryResponse> : undefined
}

/** The stream's events until `until` returns true, each as its `id`, `event` and `data`. */
async function readStream(headers: Record<string, string>, until: (events: { id?: string, event?: string, data?: string }[]) => boolean) {
  const response = await fetch(`${app.baseURL}/__action-route/api/stream`, { headers: { ...app.authHeaders, ...headers }, signal: AbortSignal.timeout(10_000) })
  expect(response.status).toBe(200)
  const reader = response.body!.getReader()
  let text = ''
  const parse = () => text.split('\n\n').filter(block => block.trim()).map(block => Object.fromEntries(block.split('\n').map((line) => {
    const colon = line.indexOf(':')
    return [line.slice(0, colon), line.slice(colon + 1).trim()]
  })) as { id?: string, event?: string, data?: string })
  while (!until(parse())) text += new TextDecoder().decode((await reader.read()).value)
  await reader.cancel()
  return parse()
}

describe('the recorder in nuxi dev', () => {
  it('records a request to a route that does not exist yet, its body redacted, and nothing of pages, assets or its own endpoints', async () => {
    await fetch(`${app.baseURL}/__action-route/api/records`, { method: 'DELETE', headers: app.authHeaders })
    const missing = await fetch(`${app.baseURL}/api/todos/7/archive?reason=old&token=abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cookie': 'session=s3cret' },
      body: JSON.stringify({ title: 'Buy milk', done: false, password: 'hunter2' }),
    })
    // Nuxt's renderer takes a path no handler took: the app's page, 200 in an app without pages
    expect(missing.headers.get('content-type')).toMatch(/html/)
    await fetch(`${app.baseURL}/`)
    await fetch(`${app.baseURL}/about`)
    await fetch(`${app.baseURL}/_nuxt/does-not-exist.js`)
    await fetch(`${app.baseURL}/__action-route/api/nothing-here`, { headers: app.authHeaders })
    await fetch(`${app.baseURL}/api/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' })

    const list = await records()
    expect(list.map(record => `${record.method} ${record.path}`)).toEqual(['POST /api/todos/7/archive', 'POST /api/hello'])
    const [unmatched, hello] = list
    expect(unmatched).toMatchObject({
      unmatched: true,
      route: '',
      routeId: '',
      method: 'POST',
      url: '/api/todos/7/archive?reason=old&token=[redacted]',
      query: { reason: 'old', token: '[redacted]' },
      input: { title: 'Buy milk', done: false, password: '[redacted]' },
      status: missing.status,
      envelope: null,
    })
    expect(unmatched!.headers.cookie).toBe('[redacted]')
    expect(JSON.stringify(unmatched)).not.toMatch(/hunter2|s3cret|abc/)
    expect(hello!.unmatched).toBeUndefined()
    expect(hello!.routeId).toBe('POST /api/hello')
  })

  it('keeps the records through a Nitro restart, tells a reconnecting stream that the routes changed, and clears the file on DELETE', async () => {
    const before = await records()
    expect(before.length).toBeGreaterThan(0)
    const [first] = await readStream({}, events => events.length > 0)
    expect(first!.id).toBeTruthy()
    // a panel's stream, left open across the restart
    const open = await fetch(`${app.baseURL}${app.prefix}/__action-route/api/stream`, { headers: app.authHeaders })
    const openEnded = open.body!.pipeTo(new WritableStream()).then(() => true, () => true)

    // a new route file restarts Nitro in nuxi dev
    await writeFile(join(app.rootDir, 'server/api/added.get.ts'), 'export default defineAction({ handler: () => ({ added: true }) })\n')
    await waitFor(async () => (await registry())?.routes.some(route => route.id === 'GET /api/added') === true, 60_000, app.log)
    // ends, so the panel reconnects to the new Nitro (Nuxt 5 reloads Nitro in the same process, where
    // the old stream used to stay open and silent)
    expect(await Promise.race([openEnded, new Promise(done => setTimeout(() => done(false), 15_000))])).toBe(true)
    const added = await fetch(`${app.baseURL}/api/added`)
    expect(await added.json()).toMatchObject({ success: true, data: { added: true } })

    const after = await records()
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after.at(-1)!.path).toBe('/api/added')
    expect(after.at(-1)!.id).toBeGreaterThan(before.at(-1)!.id)

    // the stream a panel reopens with the id it last saw: the Nitro that sent it is gone
    const events = await readStream({ 'last-event-id': first!.id! }, list => list.some(event => event.event === 'routes-changed'))
    expect(events.find(event => event.event === 'routes-changed')!.data).toBe('{"type":"routes-changed"}')
    const current = events[0]!.id!
    expect(current).not.toBe(first!.id)
    // a stream reopened on the same Nitro is told nothing
    const same = await readStream({ 'last-event-id': current }, list => list.length > 0)
    expect(same.map(event => event.event)).toEqual(['ping'])

    expect((await fetch(`${app.baseURL}/__action-route/api/records`, { method: 'DELETE', headers: app.authHeaders })).status).toBe(204)
    expect(JSON.parse(await readFile(join(app.rootDir, '.nuxt/action-route/records.json'), 'utf8'))).toEqual([])
    // what people typed into the app: its owner alone reads the file
    expect((await stat(join(app.rootDir, '.nuxt/action-route/records.json'))).mode & 0o777).toBe(0o600)
  })
})
