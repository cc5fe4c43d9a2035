import { type } from 'arktype'
import * as v from 'valibot'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { defineAction, defineActionMiddleware } from '../../src/runtime/server'
import { describeRoutes, findRouteEntry } from '../../src/runtime/devtools/registry'
import type { RouteEntry } from '../../src/runtime/devtools/registry'
import { renderRoutesModule } from '../../src/devtools/internal/render-routes-module'
import { listedHandlers } from '../../src/routes/listed-handlers'

const requireUser = defineActionMiddleware('requireUser', ({ next }) => next({ ctx: { user: 1 } }))

function entry(method: string, route: string, handler: unknown): RouteEntry {
  const file = `/app/server/api${route}.${method}.ts`
  return { method, route, file, relativeFile: file.slice(5), load: async () => ({ default: handler }) }
}

describe('registry', () => {
  it('describes an action: metadata, middleware names and JSON Schemas of zod and arktype', async () => {
    const [route] = await describeRoutes([entry('patch', '/api/todos/:id', defineAction({
      params: z.object({ id: z.coerce.number() }),
      input: type({ title: 'string > 0' }),
      outputSchema: z.object({ id: z.number() }),
      metadata: { role: 'admin' },
      middleware: [requireUser],
      handler: () => ({ id: 1 }),
    }))])
    expect(route).toMatchObject({ id: 'PATCH /api/todos/:id', method: 'PATCH', isAction: true, paramNames: ['id'] })
    expect(route!.action!.metadata).toEqual({ role: 'admin' })
    expect(route!.action!.middleware).toEqual(['requireUser'])
    expect(route!.action!.input).toMatchObject({ vendor: 'arktype', jsonSchema: { type: 'object', required: ['title'] } })
    expect(route!.action!.params).toMatchObject({ vendor: 'zod', jsonSchema: { properties: { id: { type: 'number' } } } })
    expect(route!.action!.output).toMatchObject({ vendor: 'zod', jsonSchema: { required: ['id'] } })
  })

  it('lists the errors an action declares, and none for an action that declares none', async () => {
    const [plain, declared] = await describeRoutes([ // sorted by route
      entry('get', '/api/todos/:id', defineAction({ errors: { NOT_FOUND: { statusCode: 404, message: 'No such todo' }, GONE: { statusCode: 410 } }, handler: () => null })),
      entry('get', '/api/todos', defineAction({ handler: () => null })),
    ])
    expect(declared!.action!.errors).toEqual({ NOT_FOUND: { statusCode: 404, message: 'No such todo' }, GONE: { statusCode: 410 } })
    expect(plain!.action).not.toHaveProperty('errors')
  })

  it('falls back with a note when the library has no Standard JSON Schema', async () => {
    const custom = { '~standard': { version: 1, vendor: 'custom', validate: (value: unknown) => ({ value }) } } as const
    const [route] = await describeRoutes([entry('post', '/api/newsletter', defineAction({ input: custom, handler: () => null }))])
    expect(route!.action!.input).toMatchObject({ vendor: 'custom', jsonSchema: null })
    expect(route!.action!.input!.note).toMatch(/custom does not offer Standard JSON Schema/)
  })

  it('describes valibot through @valibot/to-json-schema when it is installed, as draft 2020-12', async () => {
    const [route] = await describeRoutes([entry('post', '/api/newsletter', defineAction({ input: v.object({ email: v.string(), tags: v.tuple([v.string(), v.number()]) }), handler: () => null }))])
    expect(route!.action!.input).toMatchObject({ vendor: 'valibot', jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', required: ['email', 'tags'] } })
    expect(route!.action!.input!.jsonSchema!.properties).toMatchObject({ tags: { prefixItems: [{ type: 'string' }, { type: 'number' }] } })
  })

  it('says so when a schema cannot be expressed as JSON Schema', async () => {
    const [route] = await describeRoutes([entry('post', '/api/t', defineAction({ input: z.string().transform(Number), handler: () => null }))])
    expect(route!.action!.input).toMatchObject({ vendor: 'zod' })
  })

  it('lists routes that are not actions as plain routes, and files that fail to load with their error', async () => {
    const routes = await describeRoutes([
      entry('get', '/api/health', () => 'ok'),
      { ...entry('get', '/api/broken', null), load: () => Promise.reject(new Error('syntax error')) },
    ])
    expect(routes.map(route => [route.id, route.isAction, route.loadError])).toEqual([
      ['GET /api/broken', false, 'syntax error'],
      ['GET /api/health', false, undefined],
    ])
  })

  it('converts each schema to JSON Schema once, however often the routes are asked for', async () => {
    const input = z.object({ title: z.string() })
    const convert = input['~standard'].jsonSchema.input
    let conversions = 0
    Object.assign(input['~standard'].jsonSchema, { input: (options: Parameters<typeof convert>[0]) => (conversions++, convert(options)) })
    const routes = [entry('post', '/api/todos', defineAction({ input, handler: () => null }))]
    const [first] = await describeRoutes(routes)
    const [again] = await describeRoutes(routes)
    expect(conversions).toBe(1)
    expect(again!.action!.input).toEqual(first!.action!.input)
    expect(again!.action!.input).toMatchObject({ vendor: 'zod', jsonSchema: { required: ['title'] } })
  })

  it('finds the route h3 would pick: method, static before dynamic, params decoded', () => {
    const entries = [entry('get', '/api/todos/:id', null), entry('get', '/api/todos/new', null), entry('', '/api/files/**:path', null), entry('post', '/api/todos/:id', null)]
    expect(findRouteEntry(entries, 'GET', '/api/todos/new')?.entry.route).toBe('/api/todos/new')
    expect(findRouteEntry(entries, 'GET', '/api/todos/a%20b')).toMatchObject({ entry: { method: 'get' }, params: { id: 'a b' } })
    expect(findRouteEntry(entries, 'PUT', '/api/files/a/b.txt')).toMatchObject({ params: { path: 'a/b.txt' } })
    expect(findRouteEntry(entries, 'DELETE', '/api/todos/1')).toBeUndefined()
    expect(findRouteEntry(entries, 'GET', '/api/todos/1/extra')).toBeUndefined()
  })
})

describe('routes module', () => {
  const handlers = [
    { route: '/api/todos', method: 'get', handler: '/app/server/api/todos.get.ts' },
    { route: '/api/todos', method: 'head', handler: '/app/server/api/todos.get.ts' },
    { route: '/api/ping', method: 'head', handler: '/app/server/api/ping.head.ts' },
    { middleware: true, handler: '/app/server/middleware/log.ts' },
  ]

  it('leaves out middleware and the HEAD twin of each GET file', () => {
    expect(listedHandlers(handlers).map(entry => `${entry.method} ${entry.route}`)).toEqual(['get /api/todos', 'head /api/ping'])
  })

  it('renders one lazily imported entry per route file, with the options', () => {
    const code = renderRoutesModule(handlers, { base: '/__action-route', rootDir: '/app', appBase: '/', apiBase: '/api', recordsFile: '/app/.nuxt/action-route/records.json', maxRecords: 50, redactHeaders: ['x-key'], redactFields: ['member_number'], tokenFile: '/home/ann/.nuxt/devtools/dev-auth-token.txt', requireToken: true })
    expect(code).toContain('load: () => import("/app/server/api/todos.get.ts")')
    expect(code).toContain('relativeFile: "server/api/todos.get.ts"')
    expect(code).toContain('"maxRecords":50')
    expect(code).toContain('"redactFields":["member_number"]')
    expect(code.match(/import\(/g)).toHaveLength(2)
  })
})
