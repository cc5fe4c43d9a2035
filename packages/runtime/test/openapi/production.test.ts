import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { validate } from '@readme/openapi-parser'
import fc from 'fast-check'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../../src/runtime/openapi/types'
import { buildNuxtApp, startServer } from './build-nuxt'
import { responseValidator } from './response-validator'
import { readEventStream, streamValidator } from './stream-validator'

/** A test that builds a Nuxt app of its own: about 45 s alone, over 60 s on a loaded CI machine. */
const BUILD_TIMEOUT = 240_000

const fixtureDir = fileURLToPath(new URL('../fixtures/openapi', import.meta.url))
const tsc = fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url))

let on: { baseURL: string, close: () => Promise<void>, output: string }
let off: { baseURL: string, close: () => Promise<void>, output: string }
let document: OpenApiDocument

beforeAll(async () => {
  // one after the other: the machine is shared
  const onOutput = await buildNuxtApp(fixtureDir, 'node_modules/.cache/openapi-on')
  const offOutput = await buildNuxtApp(fixtureDir, 'node_modules/.cache/openapi-off', { actionRoute: { openapi: false }, nitro: { experimental: { openAPI: false } } })
  on = { ...await startServer(onOutput, 48101), output: onOutput }
  off = { ...await startServer(offOutput, 48102), output: offOutput }
  document = await (await fetch(`${on.baseURL}/openapi.json`)).json() as OpenApiDocument
})

afterAll(async () => {
  await on?.close()
  await off?.close()
})

/** Every file of the server bundle but its traced dependencies: the code Nitro built. */
async function serverCode(output: string): Promise<string> {
  const files = await readdir(join(output, 'server'), { recursive: true })
  const code = await Promise.all(files.filter(file => file.endsWith('.mjs') && !file.startsWith('node_modules')).map(file => readFile(join(output, 'server', file), 'utf8')))
  return code.join('\n')
}

describe('production document', () => {
  it('is off by default: no route, no file, nothing built', async () => {
    expect((await fetch(`${off.baseURL}/openapi.json`)).status).toBe(404)
    expect(existsSync(join(off.output, 'public/openapi.json'))).toBe(false)
    const code = await serverCode(off.output)
    expect(code).not.toContain('openapi-build.json')
    expect(code).not.toContain('x-action-route-unrepresentable')
  })

  it('is served at actionRoute.openapi.route with its info and servers, and validates with @readme/openapi-parser', async () => {
    const response = await fetch(`${on.baseURL}/openapi.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(document.info).toEqual({ title: 'Fixture API', version: '1.0.0', description: 'Three schema libraries, one document.' })
    expect(document.servers).toEqual([{ url: 'https://api.example.test' }])
    expect(Object.keys(document.paths).sort()).toEqual(['/api/arktype/orders', '/api/arktype/orders/{id}', '/api/valibot/users', '/api/zod/notes/{slug}', '/api/zod/reply', '/api/zod/todos', '/api/zod/todos/{id}'])
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })

  it('describes the zod, valibot and arktype schemas alike (no schema left unrepresentable)', () => {
    expect(JSON.stringify(document)).not.toContain('x-action-route-unrepresentable')
    const body = (path: string, method: string) => (document.paths[path]![method]!.requestBody as { content: Record<string, { schema: { properties: object } }> }).content['application/json']!.schema
    expect(Object.keys(body('/api/valibot/users', 'post').properties)).toEqual(['email', 'name', 'tags'])
    expect(Object.keys(body('/api/arktype/orders', 'post').properties)).toEqual(['item', 'quantity'])
    expect(Object.keys(body('/api/zod/todos/{id}', 'patch').properties)).toEqual(['title', 'done'])
  })

  it('fails the build, saying why, when Nitro cannot prerender (noPublicDir)', async () => {
    await expect(buildNuxtApp(fixtureDir, 'node_modules/.cache/openapi-no-public', { nitro: { noPublicDir: true, experimental: { openAPI: false } } })).rejects.toThrow(/the OpenAPI document was not made: Nitro's prerender step did not run/)
  }, BUILD_TIMEOUT)

  it('was made at build time: the server bundle holds no generator and converts no schema', async () => {
    const code = await serverCode(on.output)
    expect(code).not.toContain('openapi-build.json')
    expect(code).not.toContain('x-action-route-unrepresentable')
    expect(code).not.toContain('@valibot/to-json-schema')
    expect(code).not.toMatch(/jsonSchema\??\.(input|output)\(/)
    expect(existsSync(join(on.output, 'server/node_modules/@valibot/to-json-schema'))).toBe(false)
    expect(JSON.parse(await readFile(join(on.output, 'public/openapi.json'), 'utf8'))).toEqual(document)
  })

  it('puts the actions into Nitro\'s document when Nitro prerenders it (openAPI.production: \'prerender\'), less the ones left out', async () => {
    // `route: false`: no document of Action Route's own, its exclusions still hold in Nitro's
    const output = await buildNuxtApp(fixtureDir, 'node_modules/.cache/openapi-nitro-prerender', { actionRoute: { openapi: { route: false } }, nitro: { openAPI: { production: 'prerender' } } })
    const nitroDocument = JSON.parse(await readFile(join(output, 'public/_openapi.json'), 'utf8')) as OpenApiDocument
    expect(nitroDocument.paths['/api/zod/todos/{id}']!.patch).toEqual(document.paths['/api/zod/todos/{id}']!.patch)
    expect(nitroDocument.paths['/api/zod/todos']!.head).toEqual(document.paths['/api/zod/todos']!.head)
    expect(nitroDocument.components.schemas).toMatchObject(document.components.schemas)
    expect(Object.keys(nitroDocument.paths)).toContain('/api/health')
    expect(Object.keys(nitroDocument.paths)).not.toContain('/api/internal/metrics')
    expect(Object.keys(nitroDocument.paths)).not.toContain('/api/ops/reindex')
    expect(existsSync(join(output, 'public/openapi.json'))).toBe(false)
  }, BUILD_TIMEOUT)

  it('leaves out an action with metadata.openapi: false and the routes actionRoute.openapi.exclude matches, which still answer', async () => {
    expect(Object.keys(document.paths)).not.toContain('/api/internal/metrics')
    expect(Object.keys(document.paths)).not.toContain('/api/ops/reindex')
    expect(JSON.stringify(document)).not.toMatch(/metrics|reindex/)
    expect(await (await fetch(`${on.baseURL}/api/internal/metrics`)).json()).toEqual({ success: true, data: { requests: 1 } })
    const reindex = await fetch(`${on.baseURL}/api/ops/reindex`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(await reindex.json()).toEqual({ success: true, data: { reindexed: true } })
  })

  it('puts the actions into Nitro\'s own /_openapi.json with the same operations', async () => {
    const nitroDocument = await (await fetch(`${on.baseURL}/_openapi.json`)).json() as OpenApiDocument
    const { operationId: _id, ...patch } = document.paths['/api/zod/todos/{id}']!.patch!
    expect(nitroDocument.paths['/api/zod/todos/{id}']!.patch).toEqual(patch)
    expect(nitroDocument.paths['/api/valibot/users']!.post!.responses['409']).toEqual(document.paths['/api/valibot/users']!.post!.responses['409'])
    expect(nitroDocument.components.schemas).toEqual(document.components.schemas)
  })

  it('lists a rateLimit action\'s 429 (RATE_LIMITED) and RateLimit fields, in Nitro\'s /_openapi.json too, and the server sends the fields', async () => {
    const order = document.paths['/api/arktype/orders']!.post!
    const refused = order.responses['429'] as { headers: Record<string, { required: boolean }>, content: Record<string, { schema: { properties: { error: { properties: { code: unknown } } } } }> }
    expect(refused.content['application/json']!.schema.properties.error.properties.code).toEqual({ type: 'string', enum: ['RATE_LIMITED', 'SERVER_ERROR'] })
    expect(Object.keys(refused.headers)).toEqual(['Retry-After', 'RateLimit-Policy', 'RateLimit'])
    expect(Object.keys(order.responses['200']!.headers as object)).toEqual(['RateLimit-Policy', 'RateLimit'])
    const nitroDocument = await (await fetch(`${on.baseURL}/_openapi.json`)).json() as OpenApiDocument
    expect(nitroDocument.paths['/api/arktype/orders']!.post!.responses['429']).toEqual(order.responses['429'])
    const answer = await fetch(`${on.baseURL}/api/arktype/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ item: 'tea', quantity: 1 }) })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('ratelimit-policy')).toBe('"orders";q=1000;w=60')
    expect(answer.headers.get('ratelimit')).toMatch(/^"orders";r=\d+;t=\d+$/)
  })

  it('lists an idempotent() action\'s Idempotency-Key, its 400/409/422 and Idempotent-Replayed, and the server answers as documented', async () => {
    const users = document.paths['/api/valibot/users']!.post!
    expect(users.parameters).toMatchObject([{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1 } }])
    const responses = users.responses as Record<string, { headers?: Record<string, { required: boolean }>, content: Record<string, { schema: { properties: { error: { properties: { code: { enum: string[] } } } } } }> }>
    const codes = (status: string) => responses[status]!.content['application/json']!.schema.properties.error.properties.code.enum
    expect(codes('400')).toEqual(['PARSE_ERROR', 'IDEMPOTENCY_KEY_INVALID', 'SERVER_ERROR'])
    // the declared EMAIL_TAKEN shares the 409 and sends no Retry-After: listed, not required
    expect(codes('409')).toEqual(['IDEMPOTENCY_KEY_IN_PROGRESS', 'EMAIL_TAKEN', 'SERVER_ERROR'])
    expect(responses['409']!.headers!['Retry-After']!.required).toBe(false)
    expect(codes('422')).toEqual(['VALIDATION_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'SERVER_ERROR'])
    expect(responses['201']!.headers!['Idempotent-Replayed']!.required).toBe(false)
    const nitroDocument = await (await fetch(`${on.baseURL}/_openapi.json`)).json() as OpenApiDocument
    expect(nitroDocument.paths['/api/valibot/users']!.post!.parameters).toEqual(users.parameters)

    const check = responseValidator(document)
    const post = (key: string, body: unknown) => fetch(`${on.baseURL}/api/valibot/users`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) })
    const key = `production-${Date.now()}`
    const first = await post(key, { email: 'once@example.test', name: 'Ada' })
    const retry = await post(key, { email: 'once@example.test', name: 'Ada' })
    expect([first.status, retry.status]).toEqual([201, 201])
    expect([first.headers.get('idempotent-replayed'), retry.headers.get('idempotent-replayed')]).toEqual([null, 'true'])
    const body = await retry.json()
    expect(body).toEqual(await first.json())
    expect(check('/api/valibot/users', 'post', 201, body)).toEqual([])
    const reused = await post(key, { email: 'other@example.test', name: 'Ada' })
    expect(reused.status).toBe(422)
    const reusedBody = await reused.json() as { error: { code: string } }
    expect(reusedBody.error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(check('/api/valibot/users', 'post', 422, reusedBody)).toEqual([])
    const invalid = await post('', { email: 'once@example.test', name: 'Ada' })
    expect(invalid.status).toBe(400)
    expect(check('/api/valibot/users', 'post', 400, await invalid.json())).toEqual([])
  })

  it('documents a streaming action\'s text/event-stream answer, in Nitro\'s /_openapi.json too, and the server streams what it says', async () => {
    const reply = document.paths['/api/zod/reply']!.post!
    const success = reply.responses['200'] as { content: Record<string, { 'schema': unknown, 'x-action-route-stream': { event: unknown } }> }
    expect(Object.keys(success.content)).toEqual(['text/event-stream'])
    expect(success.content['text/event-stream']!['x-action-route-stream'].event).toMatchObject({ type: 'object', properties: { index: { type: 'integer' }, token: { type: 'string' } } })
    expect(Object.keys(reply.responses['409']!.content as object)).toEqual(['application/json'])
    const nitroDocument = await (await fetch(`${on.baseURL}/_openapi.json`)).json() as OpenApiDocument
    // Nitro adds `parameters: []` to an operation without any
    expect(nitroDocument.paths['/api/zod/reply']!.post!.responses).toEqual(reply.responses)

    const post = (prompt: string) => fetch(`${on.baseURL}/api/zod/reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt }) })
    const streamed = await post('a reply in five words')
    expect([streamed.status, streamed.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/event-stream/)])
    const events = readEventStream(await streamed.text())
    expect(events.map(item => item.event)).toEqual(['message', 'message', 'message', 'message', 'message', 'end'])
    expect(events.at(-1)!.data).toEqual({ success: true, data: { tokens: 5 } })
    expect(streamValidator(document)('/api/zod/reply', 'post', 200, events)).toEqual([])
    // before the first event: JSON with the status the document lists
    const check = responseValidator(document)
    for (const [prompt, status] of [['   ', 409], ['', 422]] as const) {
      const refused = await post(prompt)
      expect(refused.status).toBe(status)
      expect(check('/api/zod/reply', 'post', status, await refused.json())).toEqual([])
    }
  })

  it('leaves the actions left out of Action Route\'s document out of Nitro\'s /_openapi.json too', async () => {
    const nitroDocument = await (await fetch(`${on.baseURL}/_openapi.json`)).json() as OpenApiDocument
    expect(Object.keys(nitroDocument.paths)).toContain('/api/health')
    expect(Object.keys(nitroDocument.paths)).not.toContain('/api/internal/metrics')
    expect(Object.keys(nitroDocument.paths)).not.toContain('/api/ops/reindex')
  })
})

describe('the document matches what the routes answer', () => {
  const simpleText = (min: number, max: number) => fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' })
  /** Valid inputs per fixture route, written from its schema, and the statuses they may answer. */
  const calls = {
    listTodos: fc.record({ q: simpleText(0, 20), limit: fc.integer({ min: 1, max: 5 }) }, { requiredKeys: [] })
      .map(query => ({ path: '/api/zod/todos', method: 'get', url: `/api/zod/todos?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, statuses: [200] })),
    renameTodo: fc.tuple(fc.integer({ min: 1, max: 300 }), fc.record({ title: simpleText(1, 40), done: fc.boolean() }, { requiredKeys: ['title'] }))
      .map(([id, body]) => ({ path: '/api/zod/todos/{id}', method: 'patch', url: `/api/zod/todos/${id}`, json: body, statuses: id > 100 ? [404] : [200] })),
    writeNote: fc.tuple(fc.stringMatching(/^[a-z]{1,12}$/), fc.record({ text: simpleText(1, 200), kind: fc.constantFrom('idea', 'todo') }, { requiredKeys: ['text'] }), fc.boolean())
      .map(([slug, body, asForm]) => ({ path: '/api/zod/notes/{slug}', method: 'put', url: `/api/zod/notes/${slug}`, ...(asForm ? { form: body } : { json: body }), statuses: [200] })),
    createUser: fc.record({
      email: fc.tuple(fc.constantFrom('taken', 'user'), fc.stringMatching(/^[a-z0-9]{0,8}$/)).map(([prefix, rest]) => `${prefix}${rest}@example.test`),
      name: simpleText(1, 30),
      tags: fc.array(simpleText(0, 10), { maxLength: 4 }),
    }, { requiredKeys: ['email', 'name'] })
      .map(body => ({ path: '/api/valibot/users', method: 'post', url: '/api/valibot/users', json: body, statuses: body.email.startsWith('taken') ? [409] : [201] })),
    readOrder: fc.tuple(fc.stringMatching(/^\d{1,6}$/), fc.option(fc.constantFrom('items', 'none'), { nil: undefined }))
      .map(([id, expand]) => ({ path: '/api/arktype/orders/{id}', method: 'get', url: `/api/arktype/orders/${id}${expand ? `?expand=${expand}` : ''}`, statuses: id === '0' ? [410] : [200] })),
    placeOrder: fc.record({ item: simpleText(1, 20), quantity: fc.integer({ min: 1, max: 99 }) })
      .map(body => ({ path: '/api/arktype/orders', method: 'post', url: '/api/arktype/orders', json: body, statuses: [200] })),
  }
  type Call = { path: string, method: string, url: string, json?: unknown, form?: Record<string, string>, statuses: number[] }

  async function send(call: Call): Promise<{ status: number, body: unknown }> {
    const init: RequestInit = { method: call.method.toUpperCase() }
    if (call.json !== undefined) init.body = JSON.stringify(call.json)
    if (call.json !== undefined) init.headers = { 'content-type': 'application/json' }
    if (call.form) init.body = new URLSearchParams(call.form)
    const response = await fetch(`${on.baseURL}${call.url}`, init)
    return { status: response.status, body: await response.json() }
  }

  it('answers every valid input with a documented status and a body its schema accepts', async () => {
    const check = responseValidator(document)
    // the check can fail: a wrong body, or a status the document does not list for it
    expect(check('/api/zod/todos', 'get', 200, { success: true, data: { items: 'none', total: 0 } })).not.toEqual([])
    expect(check('/api/zod/todos/{id}', 'patch', 404, { success: false, error: { code: 'GONE', message: 'x', statusCode: 404 } })).not.toEqual([])
    await fc.assert(fc.asyncProperty(fc.oneof(...Object.values(calls)), async (call: Call) => {
      const { status, body } = await send(call)
      expect(call.statuses).toContain(status)
      expect(check(call.path, call.method, status, body)).toEqual([])
    }), { numRuns: 150 })
  })

  it('answers any JSON body or query with a documented failure its schema accepts', async () => {
    const check = responseValidator(document)
    const bodyRoutes = [['/api/zod/todos/{id}', 'patch', '/api/zod/todos/7'], ['/api/valibot/users', 'post', '/api/valibot/users'], ['/api/arktype/orders', 'post', '/api/arktype/orders'], ['/api/zod/notes/{slug}', 'put', '/api/zod/notes/abc']] as const
    const anyBody = fc.tuple(fc.constantFrom(...bodyRoutes), fc.jsonValue()).map(([[path, method, url], json]) => ({ path, method, url, json, statuses: [] }))
    const anyQuery = fc.tuple(fc.constantFrom(['/api/zod/todos', ''], ['/api/arktype/orders/{id}', '/api/arktype/orders/12']), fc.dictionary(fc.constantFrom('q', 'limit', 'expand', 'other'), fc.string({ maxLength: 30 })))
      .map(([[path, url], query]) => ({ path, method: 'get', url: `${url || path}?${new URLSearchParams(query)}`, statuses: [] }))
    await fc.assert(fc.asyncProperty(fc.oneof(anyBody, anyQuery), async (call: Call) => {
      const { status, body } = await send(call)
      expect(check(call.path, call.method, status, body)).toEqual([])
    }), { numRuns: 150 })
  })
})

describe('openapi-typescript', () => {
  it('turns the document into types that real calls type-check against', async () => {
    const dir = join(fixtureDir, 'node_modules/.cache/openapi-types')
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'api.ts'), astToString(await openapiTS(document as never)))

    const renameBody = { title: 'Buy milk', done: true }
    const answer = async (url: string, init?: RequestInit) => (await fetch(`${on.baseURL}${url}`, init)).json()
    const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const answers = {
      list: await answer('/api/zod/todos?q=milk&limit=2'),
      renamed: await answer('/api/zod/todos/3', json('PATCH', renameBody)),
      notFound: await answer('/api/zod/todos/300', json('PATCH', renameBody)),
      invalid: await answer('/api/zod/todos/3', json('PATCH', { title: '' })),
      created: await answer('/api/valibot/users', json('POST', { email: 'a@example.test', name: 'Ada' })),
      taken: await answer('/api/valibot/users', json('POST', { email: 'taken@example.test', name: 'Ada' })),
      order: await answer('/api/arktype/orders/12?expand=items'),
      gone: await answer('/api/arktype/orders/0'),
    }
    const literal = (value: unknown) => JSON.stringify(value)
    await writeFile(join(dir, 'calls.ts'), `import type { paths } from './api'

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never
type Todos = paths['/api/zod/todos']['get']
type Rename = paths['/api/zod/todos/{id}']['patch']
type Users = paths['/api/valibot/users']['post']
type Order = paths['/api/arktype/orders/{id}']['get']

export const query: NonNullable<Todos['parameters']['query']> = { q: 'milk', limit: 2 }
export const renameBody: Json<Rename['requestBody']> = ${literal(renameBody)}
export const renameParams: Rename['parameters']['path'] = { id: 3 }
export const list: Json<Todos['responses'][200]> = ${literal(answers.list)}
export const renamed: Json<Rename['responses'][200]> = ${literal(answers.renamed)}
export const notFound: Json<Rename['responses'][404]> = ${literal(answers.notFound)}
export const invalid: Json<Rename['responses'][422]> = ${literal(answers.invalid)}
export const created: Json<Users['responses'][201]> = ${literal(answers.created)}
export const taken: Json<Users['responses'][409]> = ${literal(answers.taken)}
export const idempotencyKey: NonNullable<Users['parameters']['header']> = { 'Idempotency-Key': 'order-7' }
export const order: Json<Order['responses'][200]> = ${literal(answers.order)}
export const gone: Json<Order['responses'][410]> = ${literal(answers.gone)}

// the types are not \`any\`: other shapes do not compile
// @ts-expect-error a title is a string
export const badBody: Json<Rename['requestBody']> = { title: 1 }
// @ts-expect-error a 404 answers NOT_FOUND, not another code
export const badCode: Json<Rename['responses'][404]> = { success: false, error: { code: 'GONE', message: 'x', statusCode: 404 } }
// @ts-expect-error a success carries the output schema's data
export const badData: Json<Todos['responses'][200]> = { success: true, data: { items: 'none', total: 0 } }
// @ts-expect-error a 422 always has fieldErrors
export const noFieldErrors: Json<Rename['responses'][422]> = { success: false, error: { code: 'VALIDATION_ERROR', message: 'x', statusCode: 422 } }
`)
    const run = promisify(execFile)
    const result = await run(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck', join(dir, 'calls.ts')]).then(() => ({ ok: true, output: '' }), (error: { stdout?: string }) => ({ ok: false, output: error.stdout ?? String(error) }))
    expect(result.output).toBe('')
    expect(result.ok).toBe(true)
  })
})
