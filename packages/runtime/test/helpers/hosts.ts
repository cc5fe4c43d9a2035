// The two h3 majors the runtime serves, as one table: each suite that holds on both runs once per row,
// against a plain app of that major on 127.0.0.1 (real HTTP). Handlers reach h3 only through the row's
// helpers, so one suite body serves both.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as h3v1 from 'h3'
import * as h3v2 from 'h3-v2'
import * as v1 from '../../src/runtime/server'
import * as v2 from '../../src/runtime/server/h3-v2'
import type { TestServer } from './serve'

/** A handler of either major, as a route table takes it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyHandler = (event: any) => unknown

/** The event a test handler gets: passed back to the row's helpers only. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEvent = any

export interface TestHost {
  name: 'h3 v1' | 'h3 v2'
  /** This major's entry, typed as the h3 v1 entry so that one suite body type-checks for both. */
  defineAction: typeof v1.defineAction
  defineActionMiddleware: typeof v1.defineActionMiddleware
  createActionClient: typeof v1.createActionClient
  /** Serves `routes` (every method; `:name` and `**:name` params) from a plain app of this major. */
  serve: (routes: Record<string, AnyHandler>) => Promise<TestServer>
  /** A plain handler of this major, around `handler` (which may return what an action returns). */
  plainHandler: (handler: (event: AnyEvent) => unknown) => AnyHandler
  setStatus: (event: AnyEvent, status: number, text?: string) => void
  setHeader: (event: AnyEvent, name: string, value: string) => void
  requestHeader: (event: AnyEvent, name: string) => string | undefined
  cookie: (event: AnyEvent, name: string) => string | undefined
  /** The query through this major's own `getQuery`, in a handler. */
  getQuery: (event: AnyEvent) => unknown
  /** The body as text through this major's own helper, in a handler. */
  readRawBody: (event: AnyEvent) => Promise<string | undefined>
  /** This major's own HTTP error (`createError` on v1, `HTTPError` on v2). */
  httpError: (options: { status: number, message?: string, data?: unknown, unhandled?: boolean }) => Error
}

async function listen(listener: Parameters<typeof createServer>[1]): Promise<TestServer> {
  const server = createServer(listener)
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  }
}

export const h3V1: TestHost = {
  name: 'h3 v1',
  defineAction: v1.defineAction,
  defineActionMiddleware: v1.defineActionMiddleware,
  createActionClient: v1.createActionClient,
  serve: (routes) => {
    const app = h3v1.createApp()
    const router = h3v1.createRouter()
    for (const [path, handler] of Object.entries(routes)) router.use(path, handler as h3v1.EventHandler)
    app.use(router)
    return listen(h3v1.toNodeListener(app))
  },
  plainHandler: handler => h3v1.defineEventHandler(handler),
  setStatus: (event, status, text) => h3v1.setResponseStatus(event, status, text),
  setHeader: (event, name, value) => h3v1.setResponseHeader(event, name, value),
  requestHeader: (event, name) => h3v1.getRequestHeader(event, name),
  cookie: (event, name) => h3v1.getCookie(event, name),
  getQuery: event => h3v1.getQuery(event),
  readRawBody: event => h3v1.readRawBody(event, 'utf8'),
  httpError: ({ status, message, data, unhandled }) => h3v1.createError({ statusCode: status, message, data, unhandled }),
}

export const h3V2: TestHost = {
  name: 'h3 v2',
  defineAction: v2.defineAction as unknown as typeof v1.defineAction,
  defineActionMiddleware: v2.defineActionMiddleware as unknown as typeof v1.defineActionMiddleware,
  createActionClient: v2.createActionClient as unknown as typeof v1.createActionClient,
  serve: (routes) => {
    const app = new h3v2.H3()
    for (const [path, handler] of Object.entries(routes)) app.all(path, handler as h3v2.EventHandler)
    return listen(h3v2.toNodeHandler(app))
  },
  plainHandler: handler => h3v2.defineHandler(handler),
  setStatus: (event, status, text) => h3v2.setResponseStatus(event, status, text),
  setHeader: (event, name, value) => h3v2.setResponseHeader(event, name, value),
  requestHeader: (event, name) => h3v2.getRequestHeader(event, name),
  cookie: (event, name) => h3v2.getCookie(event, name),
  getQuery: event => h3v2.getQuery(event),
  readRawBody: event => h3v2.readRawBody(event, 'utf8') as Promise<string | undefined>,
  httpError: ({ status, message, data, unhandled }) => new h3v2.HTTPError({ status, message, data, unhandled }),
}

/** Both majors, for `describe.each(hosts)('... on $name', host => ...)`. */
export const hosts: TestHost[] = [h3V1, h3V2]
