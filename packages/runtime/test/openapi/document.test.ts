import { validate } from '@readme/openapi-parser'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineAction } from '../../src/runtime/server/index'
import { generateOpenApiDocument } from '../../src/runtime/openapi/generate-document'
import type { OpenApiRouteEntry } from '../../src/runtime/openapi/generate-document'
import { UNREPRESENTABLE } from '../../src/runtime/openapi/types'
import { placeSchema } from '../../src/runtime/openapi/internal/place-schema'
import { matchesRoutePattern } from '../../src/runtime/openapi/internal/route-pattern'
import { nitroRouteMetaOf } from '../../src/runtime/openapi/nitro-route-meta'
import { mergeIntoNitroDocument } from '../../src/openapi/internal/merge-nitro-document'
import { setupOpenApi } from '../../src/openapi/setup-openapi'

// the tests read into the generated schemas freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any

function entry(route: string, method: string, handler: unknown): OpenApiRouteEntry {
  return { route, method, file: `/app/server/api${route}.${method}.ts`, load: async () => ({ default: handler }) }
}

const treeNode = z.object({
  name: z.string(),
  get children(): z.ZodOptional<z.ZodArray<typeof treeNode>> {
    return z.array(treeNode).optional()
  },
})
const todo = z.object({ id: z.number().int(), title: z.string() })

const routes = [
  entry('/api/todos', 'get', defineAction({
    input: z.object({ q: z.string().optional(), limit: z.coerce.number().int().max(50).optional(), tag: z.array(z.string()).optional() }),
    outputSchema: z.array(todo),
    metadata: { summary: 'List todos', tags: ['todos'], roles: ['admin'] },
    handler: () => [],
  })),
  entry('/api/todos/:id', 'patch', defineAction({
    params: z.object({ id: z.coerce.number().int().positive() }),
    input: v.object({ title: v.pipe(v.string(), v.minLength(1)), done: v.optional(v.boolean()) }),
    outputSchema: type({ 'id': 'number', 'title': 'string', '+': 'delete' }),
    errors: { NOT_FOUND: { statusCode: 404, message: 'No such todo' }, TITLE_TAKEN: { statusCode: 409 } },
    metadata: { deprecated: true, description: 'Renames a todo.', successStatus: 201 },
    handler: () => ({ id: 1, title: 'x' }),
  })),
  entry('/api/tree', 'post', defineAction({
    input: treeNode,
    outputSchema: z.object({ at: z.date(), size: z.bigint() }),
    handler: () => ({ at: new Date(), size: 1n }),
  })),
  entry('/api/files/**:path', 'get', defineAction({ handler: () => null })),
  entry('/api/echo', '', defineAction({ input: z.object({ a: z.string() }), handler: ({ input }) => input })),
  entry('/api/plain', 'get', () => 'not an action'),
  entry('/api/broken', 'get', undefined),
]
routes[6]!.load = async () => {
  throw new Error('boom')
}

describe('generateOpenApiDocument', async () => {
  const { document, sources } = await generateOpenApiDocument(routes, { info: { title: 'Test', version: '1.2.3' }, servers: [{ url: 'https://example.test' }] })

  it('validates as OpenAPI 3.1 with @readme/openapi-parser', async () => {
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })

  it('writes one operation per action and method, plain routes left out, load failures listed', () => {
    expect(Object.keys(document.paths).sort()).toEqual(['/api/echo', '/api/files/{path}', '/api/todos', '/api/todos/{id}', '/api/tree'])
    expect(Object.keys(document.paths['/api/todos']!)).toEqual(['get', 'head'])
    expect(Object.keys(document.paths['/api/echo']!)).toEqual(['get', 'head', 'post', 'put', 'patch', 'delete'])
    expect(sources.map(source => source.operation.operationId)).toContain('patchApiTodosId')
    expect(document['x-action-route-skipped']).toEqual([{ route: '/api/broken', method: 'get', reason: 'boom' }])
  })

  it('reads GET input as query parameters and the params schema for path params', () => {
    const list = document.paths['/api/todos']!.get!
    expect(list.parameters).toEqual([
      { name: 'q', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', maximum: 50, minimum: expect.any(Number) } },
      { name: 'tag', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' }, [UNREPRESENTABLE]: expect.stringMatching(/at least twice/) } },
    ])
    expect(list.summary).toBe('List todos')
    expect(list.tags).toEqual(['todos'])
    const patch = document.paths['/api/todos/{id}']!.patch!
    expect(patch.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0, maximum: expect.any(Number) } }])
    expect(patch.deprecated).toBe(true)
    expect(patch.description).toBe('Renames a todo.')
  })

  it('takes JSON, and forms only where every field is text (a form sends strings)', () => {
    const echo = document.paths['/api/echo']!.post!
    expect(Object.keys((echo.requestBody as { content: object }).content)).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'])
    const patch = document.paths['/api/todos/{id}']!.patch!
    expect(Object.keys((patch.requestBody as { content: object }).content)).toEqual(['application/json'])
    const tree = document.paths['/api/tree']!.post!
    expect(Object.keys((tree.requestBody as { content: object }).content)).toEqual(['application/json'])
  })

  it('wraps every answer in the envelope: data, 422 with fieldErrors, 400, 403, 413, 415, 500 and each declared error', () => {
    const patch = document.paths['/api/todos/{id}']!.patch!
    expect(Object.keys(patch.responses)).toEqual(['201', '400', '403', '404', '409', '413', '415', '422', '500', 'default'])
    const schemaAt = (status: string) => (patch.responses[status]!.content as Record<string, { schema: Schema }>)['application/json']!.schema
    expect(schemaAt('201').properties.data).toEqual({ type: 'object', properties: { id: { type: 'number' }, title: { type: 'string' } }, required: ['id', 'title'], additionalProperties: false })
    expect(schemaAt('404').properties.error.properties.code).toEqual({ type: 'string', enum: ['NOT_FOUND', 'SERVER_ERROR'] })
    expect(schemaAt('403').properties.error.properties.code).toEqual({ type: 'string', enum: ['CROSS_ORIGIN_REQUEST', 'SERVER_ERROR'] })
    expect(schemaAt('422').properties.error.required).toContain('fieldErrors')
    expect(schemaAt('500').properties.error.properties.code.enum).toEqual(['INTERNAL_ERROR', 'OUTPUT_VALIDATION_ERROR', 'SERVER_ERROR'])
    expect(document.paths['/api/todos']!.head!.responses['200']).toEqual({ description: expect.any(String) })
  })

  it('moves a recursive schema\'s definitions to components and marks what cannot be said', () => {
    const tree = document.paths['/api/tree']!.post!
    expect(JSON.stringify(document)).not.toContain('"#/$defs')
    const body = (tree.requestBody as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema
    expect(body).toEqual({ $ref: '#/components/schemas/postApiTreeInput' })
    expect(JSON.stringify(document.components.schemas.postApiTreeInput)).toContain('"$ref":"#/components/schemas/postApiTreeInput"')
    const output = (tree.responses['200']!.content as Record<string, { schema: Schema }>)['application/json']!.schema.properties.data
    expect(output[UNREPRESENTABLE]).toMatch(/zod could not express/)
    const files = document.paths['/api/files/{path}']!.get!
    expect((files.parameters![0] as Record<string, unknown>)[UNREPRESENTABLE]).toMatch(/catch-all/)
  })
})

describe('a Date in an output schema', () => {
  it('is the ISO string JSON carries (zod), not left unrepresentable', async () => {
    const { document } = await generateOpenApiDocument([entry('/api/clock', 'get', defineAction({
      outputSchema: z.object({ at: z.date(), maybe: z.date().nullable() }),
      handler: () => ({ at: new Date(), maybe: null }),
    }))])
    const data = (document.paths['/api/clock']!.get!.responses['200']!.content as Record<string, { schema: Schema }>)['application/json']!.schema.properties.data
    expect(data[UNREPRESENTABLE]).toBeUndefined()
    expect(data.properties.at).toEqual({ type: 'string', format: 'date-time' })
    expect(JSON.stringify(data.properties.maybe)).toContain('"format":"date-time"')
  })

  it('stays unrepresentable in an input schema, where JSON never holds a Date', async () => {
    const { document } = await generateOpenApiDocument([entry('/api/when', 'post', defineAction({
      input: z.object({ at: z.date() }),
      handler: () => null,
    }))])
    const body = (document.paths['/api/when']!.post!.requestBody as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema
    expect(JSON.stringify(body)).toContain(UNREPRESENTABLE)
  })
})

describe('placeSchema', () => {
  it('moves draft-07 definitions to components like $defs, and points their references there', () => {
    const components: Record<string, Schema> = {}
    const placed = placeSchema({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: { node: { type: 'object', properties: { next: { $ref: '#/definitions/node' } } } }, $ref: '#/definitions/node' }, 'postTreeInput', components)
    expect(placed).toEqual({ inline: { $ref: '#/components/schemas/postTreeInput_node' } })
    expect(components).toEqual({ postTreeInput_node: { type: 'object', properties: { next: { $ref: '#/components/schemas/postTreeInput_node' } } } })
  })
})

describe('leaving actions out of the document', async () => {
  const kept = entry('/api/todos', 'get', defineAction({ handler: () => [] }))
  const hidden = [
    entry('/api/admin/stats', 'get', defineAction({ metadata: { openapi: false, role: 'admin' }, handler: () => ({ users: 1 }) })),
    entry('/api/internal/jobs/:id', 'post', defineAction({ handler: () => null })),
    entry('/api/internal/health', '', defineAction({ handler: () => 'ok' })),
    entry('/api/debug/:name', 'patch', defineAction({ handler: () => null })),
  ]
  const options = { exclude: ['/api/internal/**', '/api/debug/{slug}'] }
  const { document, sources, excluded } = await generateOpenApiDocument([kept, ...hidden], options)

  it('leaves out an action whose metadata says openapi: false, and every route an exclude pattern matches', () => {
    expect(Object.keys(document.paths)).toEqual(['/api/todos'])
    expect(sources.map(source => source.route)).toEqual(['/api/todos', '/api/todos'])
    expect(JSON.stringify(document)).not.toMatch(/admin|internal|debug/)
  })

  it('names what it left out, with the methods Nitro lists for each file, for Nitro\'s own document', () => {
    expect(excluded).toEqual([
      { file: hidden[0]!.file, route: '/api/admin/stats', path: '/api/admin/stats', methods: ['get', 'head'] },
      { file: hidden[3]!.file, route: '/api/debug/:name', path: '/api/debug/{name}', methods: ['patch'] },
      { file: hidden[2]!.file, route: '/api/internal/health', path: '/api/internal/health', methods: ['get', 'head', 'post', 'put', 'patch', 'delete'] },
      { file: hidden[1]!.file, route: '/api/internal/jobs/:id', path: '/api/internal/jobs/{id}', methods: ['post'] },
    ])
  })

  it('keeps an action whose metadata.openapi is anything but false', async () => {
    const { document } = await generateOpenApiDocument([entry('/api/a', 'get', defineAction({ metadata: { openapi: 'no' }, handler: () => null }))])
    expect(Object.keys(document.paths)).toEqual(['/api/a'])
  })

  it('takes Nitro\'s actions out of Nitro\'s prerendered document, where Nitro wrote its defaults for them', () => {
    const nitroDocument = {
      openapi: '3.1.0',
      paths: {
        '/api/todos': { get: { responses: { 200: { description: 'OK' } } } },
        '/api/admin/stats': { get: { responses: { 200: { description: 'OK' } } }, head: { responses: { 200: { description: 'OK' } } } },
        '/api/debug/{name}': { patch: { responses: {} }, get: { description: 'another file of the same path' } },
        '/_nitro/tasks': { get: {} },
      },
    }
    const merged = mergeIntoNitroDocument(nitroDocument, { document, sources, excluded })
    expect(Object.keys(merged.paths!)).toEqual(['/api/todos', '/api/debug/{name}', '/_nitro/tasks'])
    expect(merged.paths!['/api/todos']!.get).toEqual(document.paths['/api/todos']!.get)
    expect(Object.keys(merged.paths!['/api/debug/{name}']!)).toEqual(['get'])
  })

  it('gives Nitro\'s dev route meta openAPI: false for a left-out action, and nothing for a plain route', async () => {
    expect(await nitroRouteMetaOf(hidden[0]!, options)).toEqual({ openAPI: false })
    expect(await nitroRouteMetaOf(hidden[1]!, options)).toEqual({ openAPI: false })
    expect(await nitroRouteMetaOf(entry('/api/plain', 'get', () => 'not an action'), options)).toBeNull()
    expect((await nitroRouteMetaOf(kept, options))?.openAPI).toMatchObject({ responses: expect.any(Object) })
  })
})

describe('matchesRoutePattern', () => {
  it.each([
    ['/api/admin/**', '/api/admin', true],
    ['/api/admin/**', '/api/admin/stats', true],
    ['/api/admin/**', '/api/admin/users/:id', true],
    ['/api/admin/**', '/api/administrators', false],
    ['/api/*/stats', '/api/admin/stats', true],
    ['/api/*/stats', '/api/admin/x/stats', false],
    ['/api/todos/:id', '/api/todos/:todoId', true],
    ['/api/todos/{id}', '/api/todos/:id', true],
    ['/api/todos/:id', '/api/todos/all', false],
    ['/api/todos', '/api/todos/', true],
    ['/api/todos', '/api/todos/:id', false],
    ['/**', '/api/anything', true],
  ])('%s against %s: %s', (pattern, route, matches) => {
    expect(matchesRoutePattern(route, pattern)).toBe(matches)
  })
})

describe('an output schema that allows undefined', () => {
  it('says data may be null, since a handler that returns nothing answers data: null', async () => {
    const optional = { zod: z.object({ id: z.number() }).optional(), valibot: v.optional(v.object({ id: v.number() })) }
    const { document } = await generateOpenApiDocument([
      ...Object.entries(optional).map(([name, schema]) => entry(`/api/${name}`, 'get', defineAction({ outputSchema: schema, handler: () => undefined }))),
      entry('/api/required', 'get', defineAction({ outputSchema: z.object({ id: z.number() }), handler: () => ({ id: 1 }) })),
    ])
    const dataOf = (path: string) => (document.paths[path]!.get!.responses['200']!.content as Record<string, { schema: Schema }>)['application/json']!.schema.properties.data
    for (const path of ['/api/zod', '/api/valibot']) {
      expect(dataOf(path).anyOf, path).toEqual([expect.objectContaining({ type: 'object' }), { type: 'null' }])
    }
    expect(dataOf('/api/required')).toMatchObject({ type: 'object' })
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })
})

describe('actionRoute.openapi.exclude', () => {
  const fakeNuxt = { hook: () => {}, options: { dev: true, rootDir: '/app', app: { baseURL: '/' } } } as never
  it('refuses, when the module is set up, a pattern that does not start with / or a list that is not one', () => {
    for (const exclude of [['api/admin/**'], '/api/admin/**', [42]]) {
      expect(() => setupOpenApi(fakeNuxt, { exclude } as never, '/runtime/openapi', 2)).toThrow(/`actionRoute.openapi.exclude` must be a list of route patterns starting with "\/"/)
    }
    expect(() => setupOpenApi(fakeNuxt, { exclude: ['/api/admin/**'] }, '/runtime/openapi', 2)).not.toThrow()
  })
})
