import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { EventHandler } from 'h3'
import { createApp, createRouter, toNodeListener } from 'h3'

export interface TestServer {
  url: string
  close: () => Promise<void>
}

/** Serves h3 routes on 127.0.0.1 with a free port: real HTTP, no mocks. */
export async function serve(routes: Record<string, EventHandler>): Promise<TestServer> {
  const app = createApp()
  const router = createRouter()
  for (const [path, handler] of Object.entries(routes)) router.use(path, handler)
  app.use(router)
  const server = createServer(toNodeListener(app))
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  }
}

/** Sends a request and reads the JSON envelope (or null for an empty body). */
export async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init)
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null, text }
}

/** A JSON POST. */
export function postJson(url: string, body: unknown, method = 'POST') {
  return call(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}
