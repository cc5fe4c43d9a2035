import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegistryResponse, RequestRecord } from '../../src/shared/types'
import { startScratchDev } from './scratch-app'
import type { ScratchDev } from './scratch-app'

let app: ScratchDev

beforeAll(async () => {
  app = await startScratchDev({
    name: 'base-url',
    baseURL: '/base/',
    files: {
      'server/api/items.get.ts': 'export default defineAction({ handler: () => ({ items: [\'a\', \'b\'] }) })\n',
      'server/api/items.post.ts': 'export default defineAction({ handler: () => ({ added: true }) })\n',
    },
  })
})
afterAll(() => app?.close())

const endpoint = (path: string) => `${app.baseURL}/base/__action-route/api/${path}`

async function records(): Promise<RequestRecord[]> {
  const response = await fetch(endpoint('records'), { headers: app.authHeaders })
  expect(response.status).toBe(200)
  return response.json() as Promise<RequestRecord[]>
}

describe('an app with app.baseURL /base/ in nuxi dev', () => {
  it('answers the endpoints under the base, to the developer only', async () => {
    const registry = await fetch(endpoint('routes'), { headers: app.authHeaders })
    expect(registry.status).toBe(200)
    expect((await registry.json() as RegistryResponse).routes.map(route => route.id)).toContain('POST /api/hello')
    for (const path of ['routes', 'records', 'scaffold']) {
      const refused = await fetch(endpoint(path), { headers: { 'x-action-route-token': 'wrong' } })
      expect(refused.status).toBe(403)
      expect(await refused.text()).not.toMatch(/\/api\/hello/)
    }
    const scaffold = await fetch(endpoint('scaffold'), { headers: app.authHeaders })
    expect(scaffold.status).toBe(200)
  })

  it('records an action and a missing route with the base taken off the matched path', async () => {
    await fetch(endpoint('records'), { method: 'DELETE', headers: app.authHeaders })
    const hello = await fetch(`${app.baseURL}/base/api/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' })
    expect(await hello.json()).toMatchObject({ success: true, data: { greeting: 'Hello Ada' } })
    await fetch(`${app.baseURL}/base/api/missing?page=2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"x"}' })
    await fetch(`${app.baseURL}/base/`)

    const [action, missing, ...rest] = await records()
    expect(rest).toEqual([])
    expect(action).toMatchObject({ routeId: 'POST /api/hello', route: '/api/hello', url: '/base/api/hello', path: '/api/hello', input: { name: 'Ada' }, status: 200 })
    expect(missing).toMatchObject({ unmatched: true, routeId: '', url: '/base/api/missing?page=2', path: '/api/missing', query: { page: '2' }, input: { title: 'x' } })
  })

  it('serves the panel beside the endpoints, so the tab\'s iframe and the panel\'s relative API URLs both sit under the base', async () => {
    const panel = await fetch(`${app.baseURL}/base/__action-route/client/`)
    expect(panel.status).toBe(200)
    const html = await panel.text()
    expect(html).toMatch(/<div id="app"|<html/)
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeTruthy()
    const asset = await fetch(`${app.baseURL}/base/__action-route/client/${script}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    // what the panel computes from its own URL (api.ts: new URL('../api/', location.href))
    expect(new URL('../api/routes', `${app.baseURL}/base/__action-route/client/`).href).toBe(endpoint('routes'))
  })

  it('serves its own open-in-editor endpoint under the base, not Vite\'s, and refuses a file outside the app', async () => {
    const open = (file: string) => fetch(endpoint('open-in-editor'), { method: 'POST', headers: { ...app.authHeaders, 'content-type': 'application/json' }, body: JSON.stringify({ file }) })
    expect(await (await open('/etc/passwd')).json()).toEqual({ error: { code: 'OUTSIDE_ROOT', message: expect.any(String) } })
    expect((await open('server/api/no-such-file.ts')).status).toBe(404)
    const registry = await (await fetch(endpoint('routes'), { headers: app.authHeaders })).json() as RegistryResponse & { editorUrl?: string }
    expect(registry.editorUrl).toBeUndefined()
  })

  it('answers a mutation with the fresh data of the queries its caller names, the URLs the client sends being the app\'s own, without the base', async () => {
    const post = (refresh: string[]) => fetch(`${app.baseURL}/base/api/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-action-refresh': JSON.stringify(refresh) },
      body: '{}',
    })
    expect(await (await post(['/api/items'])).json()).toEqual({
      success: true,
      data: { added: true },
      refreshed: { '/api/items': { success: true, data: { items: ['a', 'b'] } } },
    })
  })
})
