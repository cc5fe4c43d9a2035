// GET /__action-route/api/routes on Nitro 2 (h3 1) and Nitro 3 (h3 2), each in an app in debug mode, as `nuxi dev` runs it (which indents JSON).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp, toNodeListener } from 'h3'
import { H3 } from 'h3-v2'
import { z } from 'zod'
import { defineAction } from '../../src/runtime/server'
import routesEndpoint from '../../src/runtime/devtools/handlers/routes.get'
import routesEndpointNitro3 from '../../src/runtime/devtools/nitro3/routes'

// the route table and options the dev build renders into a virtual module
vi.mock('#action-route/devtools-routes', () => ({
  options: { base: '/__action-route', rootDir: '/app', maxRecords: 200, redactHeaders: [], redactFields: [] },
  routes: [{
    route: '/api/todos', method: 'post', file: '/app/server/api/todos.post.ts', relativeFile: 'server/api/todos.post.ts',
    load: async () => ({ default: defineAction({ input: z.object({ title: z.string() }), handler: () => null }) }),
  }],
}))

let server: ReturnType<typeof createServer>
let url: string

beforeAll(async () => {
  server = createServer(toNodeListener(createApp({ debug: true }).use('/__action-route/api/routes', routesEndpoint)))
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__action-route/api/routes`
})
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

describe('the registry endpoint', () => {
  it('answers compact JSON, half the bytes of the indented JSON a debug app writes', async () => {
    const response = await fetch(url)
    const text = await response.text()
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const registry = JSON.parse(text)
    expect(registry.routes).toMatchObject([{ id: 'POST /api/todos', isAction: true, action: { input: { vendor: 'zod' } } }])
    expect(text).toBe(JSON.stringify(registry))
  })

  it('answers compact JSON on Nitro 3 too', async () => {
    const response = await new H3({ debug: true }).get('/__action-route/api/routes', routesEndpointNitro3).request('/__action-route/api/routes')
    const text = await response.text()
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const registry = JSON.parse(text)
    expect(registry.routes).toMatchObject([{ id: 'POST /api/todos', isAction: true }])
    expect(text).toBe(JSON.stringify(registry))
  })
})
