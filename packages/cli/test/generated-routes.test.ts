import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createApp as createH3App, createRouter, toWebHandler } from 'h3'
import type { RouterMethod } from 'h3'
import { dirname, join, relative, resolve } from 'pathe'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as actionServer from '../../runtime/src/runtime/server/index'
import * as actionServerH3V2 from '../../runtime/src/runtime/server/h3-v2'
import type { AddResult } from '../src/commands/add'
import type { SchemaLibrary } from '../../../templates/types'
import { add } from './helpers'

// Proves requirement 4 without building Nuxt: every generated file type-checks against the
// runtime's source (its auto-imports declared as globals) and answers real requests through h3.

const schemas: SchemaLibrary[] = ['zod', 'valibot', 'arktype', 'none']
const routes = ['todos/[id].patch', 'todos/index.get', 'todos/index.post', 'todos/[id].put', 'todos/[id].delete', 'users/[...slug].get', 'ping.head']
const runtimeIndex = resolve(__dirname, '../../runtime/src/runtime/server/index.ts')
const runtimeH3V2 = resolve(__dirname, '../../runtime/src/runtime/server/h3-v2.ts')
// --example routes: one rich example inline, and several from a file (optional keys, a nullable, a union)
const example = { title: 'x', done: false, count: 1, tags: ['a'], meta: { due: null, weight: 1.5 } }
const fileExamples = [{ title: 'x', due: null, ids: [1] }, { title: 'y', due: '2026-01-01', done: true, ids: [2, 'b'] }]
const queryExample = { search: 'milk', page: 2 }
// the docs' requireUser, cut down: the whole user row (its password hash too) goes into ctx
const requireUser = `interface UserRow { id: number, name: string, email: string, passwordHash: string, token: string }
const users: UserRow[] = [{ id: 1, name: 'Ada', email: 'ada@example.com', passwordHash: 'scrypt$secret-hash', token: 'ada-token' }]

export const requireUser = defineActionMiddleware('requireUser', async ({ event, next }) => {
  const bearer = getRequestHeader(event, 'authorization')?.replace(/^Bearer\\s+/i, '')
  const user = users.find(row => row.token === bearer)
  if (!user) throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
  return next({ ctx: { user } })
})
`

let base: string
const generated = new Map<SchemaLibrary, { dir: string, results: AddResult[] }>()

beforeAll(async () => {
  // inside the package, so zod, valibot, arktype and h3 resolve from its node_modules
  base = await mkdtemp(join(__dirname, '.generated-'))
  for (const schema of schemas) {
    const dir = join(base, schema)
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'nuxt.config.ts'), 'export default defineNuxtConfig({})\n')
    await writeFile(join(dir, 'package.json'), JSON.stringify({ dependencies: { nuxt: '^4.0.0', [schema]: '*' } }))
    const app = { dir, read: (path: string) => readFile(join(dir, path), 'utf8'), has: () => false, write: async () => {} }
    const results = []
    for (const route of routes) results.push(await add(app, route, '--schema', schema))
    results.push(await add(app, 'me.get', '--schema', schema, '--middleware', 'current-agent'))
    await writeFile(join(dir, 'server/utils/auth.ts'), requireUser)
    results.push(await add(app, 'account/[id].patch', '--schema', schema, '--middleware', 'requireUser'))
    results.push(await add(app, 'account/feed.post', '--schema', schema, '--middleware', 'requireUser', '--stream'))
    await writeFile(join(dir, 'examples.json'), JSON.stringify(fileExamples))
    results.push(await add(app, 'inferred/index.post', '--schema', schema, '--example', JSON.stringify(example)))
    results.push(await add(app, 'inferred/[id].put', '--schema', schema, '--example-file', join(dir, 'examples.json')))
    results.push(await add(app, 'inferred/index.get', '--schema', schema, '--example', JSON.stringify(queryExample)))
    results.push(await add(app, 'chat.post', '--schema', schema, '--stream'))
    results.push(await add(app, 'rooms/[room]/feed.get', '--schema', schema, '--stream'))
    generated.set(schema, { dir, results })
  }
  Object.assign(globalThis, {
    defineAction: actionServer.defineAction,
    defineActionMiddleware: actionServer.defineActionMiddleware,
    createActionError: actionServer.createActionError,
    getRequestHeader: (await import('h3')).getRequestHeader,
  })
}, 60_000)

afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

describe('generated routes', () => {
  it('type-check in strict mode for every schema library, with the auto-imports Nuxt gives server code', async () => {
    const globals = join(base, 'auto-imports.d.ts')
    const runtimeImport = relative(dirname(globals), runtimeIndex).replace(/\.ts$/, '')
    await writeFile(globals, [
      `import type * as server from './${runtimeImport}'`,
      `import type * as h3 from 'h3'`,
      'declare global {',
      '  const defineAction: typeof server.defineAction',
      '  const defineActionMiddleware: typeof server.defineActionMiddleware',
      '  const createActionError: typeof server.createActionError',
      '  const getRequestHeader: typeof h3.getRequestHeader',
      '}',
      'export {}',
      '',
    ].join('\n'))
    // a --stream route's events and end data are typed from its yields and return value, with or without eventSchema
    const streamTypes = join(base, 'stream-types.ts')
    await writeFile(streamTypes, [
      ...schemas.map(schema => `import ${schema}Chat from './${schema}/server/api/chat.post'`),
      ...schemas.flatMap(schema => [
        `export const ${schema}Event: NonNullable<typeof ${schema}Chat['~types']>['event'] = { index: 0, text: 'Hello' }`,
        `export const ${schema}Input: NonNullable<typeof ${schema}Chat['~types']>['data']['input'] = ${schema === 'none' ? `'anything'` : `{ title: 'Buy milk' }`}`,
        '// @ts-expect-error an event is { index, text }',
        `export const ${schema}BadEvent: NonNullable<typeof ${schema}Chat['~types']>['event'] = { index: 'zero', text: 'Hello' }`,
      ]),
      '',
    ].join('\n'))
    const files = [...generated.values()].flatMap(({ results }) => results.flatMap(result => result.files.map(file => file.file)))
    expect(typeProblems([globals, streamTypes, ...files], base)).toEqual([])
  }, 60_000)

  it('never send ctx from a handler, whole or spread, with their own middleware stub or shared middleware, streamed or not', () => {
    const routeFiles = [...generated.values()].flatMap(({ results }) => results.flatMap(result => result.files))
      .filter(file => file.path.startsWith('server/api/'))
    expect(routeFiles.length).toBeGreaterThan(40)
    expect(routeFiles.flatMap(file => ctxSentByHandler(file.file))).toEqual([])
  })

  describe.each(schemas)('with %s', (schema) => {
    async function serve(route: string) {
      const result = generated.get(schema)!.results.find(entry => entry.files[0]!.path === `server/api/${route}.ts`)!
      const module = await import(result.files[0]!.file) as { default: Parameters<ReturnType<typeof createRouter>['add']>[1] }
      const router = createRouter().add(result.url, module.default, result.method as RouterMethod)
      const handle = toWebHandler(createH3App().use(router))
      return async (path: string, init: RequestInit = {}) => {
        const response = await handle(new Request(`http://localhost${path}`, init))
        return { status: response.status, body: init.method === 'HEAD' ? undefined : await response.json() }
      }
    }

    const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })

    it('answers a bare GET with success, echoing params, input and what its middleware stub added, not ctx', async () => {
      const fetchRoute = await serve('todos/index.get')
      const { status, body } = await fetchRoute('/api/todos')
      expect(status).toBe(200)
      expect(body).toEqual({ success: true, data: { params: {}, input: {}, requestedAt: expect.any(String) } })
    })

    it('answers behind requireUser (the user row, password hash and all, in ctx) with none of the user\'s fields, and 401 without a user', async () => {
      const fetchRoute = await serve('account/[id].patch')
      const signedIn = { 'content-type': 'application/json', 'authorization': 'Bearer ada-token' }
      const { status, body } = await fetchRoute('/api/account/1', { method: 'PATCH', body: JSON.stringify({ title: 'Buy milk' }), headers: signedIn })
      expect(status).toBe(200)
      expect(body).toEqual({ success: true, data: { params: { id: '1' }, input: { title: 'Buy milk' } } })
      expect((await fetchRoute('/api/account/1', json('PATCH', { title: 'Buy milk' }))).status).toBe(401)
    })

    it('ends a stream behind requireUser with none of the user\'s fields', async () => {
      const result = generated.get(schema)!.results.find(entry => entry.files[0]!.path === 'server/api/account/feed.post.ts')!
      const module = await import(result.files[0]!.file) as { default: Parameters<ReturnType<typeof createRouter>['add']>[1] }
      const handle = toWebHandler(createH3App().use(createRouter().add(result.url, module.default, 'post')))
      const response = await handle(new Request('http://localhost/api/account/feed', { method: 'POST', body: JSON.stringify({ title: 'Buy milk' }), headers: { 'content-type': 'application/json', 'authorization': 'Bearer ada-token' } }))
      const text = await response.text()
      expect(text).toMatch(/event: end\ndata: /)
      expect(text).not.toMatch(/secret-hash|ada@example\.com|ada-token|"user"/)
    })

    it('answers PATCH with the example body from its comment', async () => {
      const fetchRoute = await serve('todos/[id].patch')
      const { status, body } = await fetchRoute('/api/todos/1', json('PATCH', { title: 'Buy milk' }))
      expect(status).toBe(200)
      expect(body).toMatchObject({ success: true, data: { params: { id: '1' }, input: { title: 'Buy milk' } } })
    })

    it('answers POST and PUT with the example body', async () => {
      expect((await (await serve('todos/index.post'))('/api/todos', json('POST', { title: 'Buy milk' }))).body).toMatchObject({ success: true })
      expect((await (await serve('todos/[id].put'))('/api/todos/7', json('PUT', { title: 'Buy milk' }))).body).toMatchObject({ success: true, data: { params: { id: '7' } } })
    })

    it.skipIf(schema === 'none')('rejects a body without the title with VALIDATION_ERROR 422', async () => {
      const fetchRoute = await serve('todos/[id].patch')
      const { status, body } = await fetchRoute('/api/todos/1', json('PATCH', {}))
      expect(status).toBe(422)
      expect(body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', fieldErrors: { title: expect.any(Array) } } })
    })

    it('answers DELETE without a body', async () => {
      const { status, body } = await (await serve('todos/[id].delete'))('/api/todos/1', { method: 'DELETE' })
      expect(status).toBe(200)
      expect(body).toMatchObject({ success: true, data: { params: { id: '1' } } })
    })

    it('passes a catch-all segment as one param', async () => {
      const { body } = await (await serve('users/[...slug].get'))('/api/users/a/b')
      expect(body).toMatchObject({ success: true, data: { params: { slug: 'a/b' } } })
    })

    it('answers HEAD with 200', async () => {
      expect((await (await serve('ping.head'))('/api/ping', { method: 'HEAD' })).status).toBe(200)
    })

    it('answers the --example it was written from with the envelope, and a wrong type with 422', async () => {
      const fetchRoute = await serve('inferred/index.post')
      expect(await fetchRoute('/api/inferred', json('POST', example))).toEqual({ status: 200, body: expect.objectContaining({ success: true, data: expect.objectContaining({ input: example }) }) })
      const wrong = await fetchRoute('/api/inferred', json('POST', { ...example, count: 'one' }))
      if (schema === 'none') return expect(wrong.status).toBe(200)
      expect(wrong).toMatchObject({ status: 422, body: { success: false, error: { code: 'VALIDATION_ERROR', fieldErrors: { count: expect.any(Array) } } } })
      expect((await fetchRoute('/api/inferred', json('POST', { ...example, meta: { due: 'soon', weight: 1 } }))).status).toBe(422)
    })

    it('answers every --example-file example, with keys left out where some examples lack them', async () => {
      const fetchRoute = await serve('inferred/[id].put')
      for (const body of [...fileExamples, { title: 'z', due: null, ids: [] }]) {
        expect(await fetchRoute('/api/inferred/1', json('PUT', body))).toMatchObject({ status: 200, body: { success: true, data: { input: body } } })
      }
      if (schema !== 'none') expect((await fetchRoute('/api/inferred/1', json('PUT', { due: null, ids: [] }))).status).toBe(422)
    })

    it('answers the GET --example sent as a query string', async () => {
      const { status, body } = await (await serve('inferred/index.get'))('/api/inferred?search=milk&page=2')
      expect(status).toBe(200)
      expect(body).toMatchObject({ success: true, data: { input: { search: 'milk', page: '2' } } })
    })

    it('streams a --stream route\'s events, then the end event with the echo, and refuses bad input as JSON before the first event', async () => {
      const result = generated.get(schema)!.results.find(entry => entry.files[0]!.path === 'server/api/chat.post.ts')!
      const module = await import(result.files[0]!.file) as { default: Parameters<ReturnType<typeof createRouter>['add']>[1] }
      const handle = toWebHandler(createH3App().use(createRouter().add(result.url, module.default, 'post')))
      const response = await handle(new Request('http://localhost/api/chat', json('POST', { title: 'Buy milk' })))
      expect([response.status, response.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/event-stream/)])
      const events = (await response.text()).split('\n\n').filter(Boolean)
      expect(events.slice(0, -1)).toEqual(['Hello', 'from', 'a', 'streamed', 'reply'].map((text, index) => `data: ${JSON.stringify({ index, text })}`))
      expect(events.at(-1)).toMatch(/^event: end\ndata: /)
      expect(JSON.parse(events.at(-1)!.replace(/^event: end\ndata: /, ''))).toEqual({ success: true, data: { params: {}, input: { title: 'Buy milk' }, requestedAt: expect.any(String) } })
      if (schema === 'none') return
      const refused = await handle(new Request('http://localhost/api/chat', json('POST', {})))
      expect(refused.status).toBe(422)
      expect(await refused.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', fieldErrors: { title: expect.any(Array) } } })
    })

    it('streams a --stream GET with its params, as an EventSource would ask', async () => {
      const result = generated.get(schema)!.results.find(entry => entry.files[0]!.path === 'server/api/rooms/[room]/feed.get.ts')!
      const module = await import(result.files[0]!.file) as { default: Parameters<ReturnType<typeof createRouter>['add']>[1] }
      const handle = toWebHandler(createH3App().use(createRouter().add(result.url, module.default, 'get')))
      const response = await handle(new Request('http://localhost/api/rooms/lobby/feed?search=hi', { headers: { accept: 'text/event-stream' } }))
      const end = (await response.text()).split('\n\n').filter(Boolean).at(-1)!
      expect(JSON.parse(end.replace(/^event: end\ndata: /, ''))).toMatchObject({ success: true, data: { params: { room: 'lobby' }, input: { search: 'hi' } } })
    })

    it('runs a scaffolded shared middleware, which adds the user agent to ctx', async () => {
      const { body } = await (await serve('me.get'))('/api/me', { headers: { 'user-agent': 'vitest' } })
      expect(body).toEqual({ success: true, data: { params: {}, input: {} } })
      const { currentAgent } = await import(join(generated.get(schema)!.dir, 'server/utils/current-agent.ts')) as { currentAgent: actionServer.ActionMiddleware }
      const probe = actionServer.defineAction({ middleware: [currentAgent], handler: ({ ctx }) => ctx })
      const response = await toWebHandler(createH3App().use(createRouter().get('/probe', probe)))(new Request('http://localhost/probe', { headers: { 'user-agent': 'vitest' } }))
      expect(await response.json()).toEqual({ success: true, data: { userAgent: 'vitest' } })
    })
  })
})

describe('generated routes on Nuxt 5 (h3 v2, no h3 helper auto-imported)', () => {
  let nuxt5: { dir: string, results: AddResult[] }

  beforeAll(async () => {
    const dir = join(base, 'nuxt5')
    await mkdir(join(dir, 'node_modules/nuxt'), { recursive: true })
    await writeFile(join(dir, 'nuxt.config.ts'), 'export default defineNuxtConfig({})\n')
    await writeFile(join(dir, 'package.json'), JSON.stringify({ dependencies: { nuxt: '*', zod: '*' } }))
    // the Nuxt the app resolves says which h3 it runs on
    await writeFile(join(dir, 'node_modules/nuxt/package.json'), JSON.stringify({ name: 'nuxt-nightly', version: '5.0.0-29830089.dc519522' }))
    const app = { dir, read: (path: string) => readFile(join(dir, path), 'utf8'), has: () => false, write: async () => {} }
    nuxt5 = { dir, results: [await add(app, 'me.get', '--schema', 'zod', '--middleware', 'current-agent')] }
  })

  it('type-check with only the module\'s auto-imports', async () => {
    const globals = join(nuxt5.dir, 'auto-imports.d.ts')
    const runtimeImport = relative(dirname(globals), runtimeH3V2).replace(/\.ts$/, '')
    await writeFile(globals, [
      `import type * as server from './${runtimeImport}'`,
      'declare global {',
      '  const defineAction: typeof server.defineAction',
      '  const defineActionMiddleware: typeof server.defineActionMiddleware',
      '  const createActionError: typeof server.createActionError',
      '}',
      'export {}',
      '',
    ].join('\n'))
    const files = nuxt5.results.flatMap(result => result.files.map(file => file.file))
    expect(typeProblems([globals, ...files], nuxt5.dir)).toEqual([])
  }, 60_000)

  it('runs a scaffolded shared middleware on an h3 v2 event', async () => {
    const route = nuxt5.results[0]!.files[0]!.file
    // the route file calls defineAction as the global Nuxt 5 auto-imports: the h3 v2 one, while it is imported
    Object.assign(globalThis, { defineAction: actionServerH3V2.defineAction })
    const handler = await import(route).finally(() => Object.assign(globalThis, { defineAction: actionServer.defineAction })) as { default: (event: unknown) => Promise<unknown> }
    const url = new URL('http://localhost/api/me')
    const event = { req: new Request(url, { headers: { 'user-agent': 'vitest' } }), url, context: { params: {} }, res: { headers: new Headers(), errHeaders: new Headers() } }
    // the envelope as a string, or inside h3 v2's prepared response
    const answered = await handler.default(event)
    const envelope = JSON.parse(typeof answered === 'string' ? answered : (answered as { body: string }).body) as unknown
    expect(envelope).toEqual({ success: true, data: { params: {}, input: {} } })
  })
})

/**
 * Where the handler of a route file sends ctx: each return or yield that holds `ctx` itself (whole, in a
 * key, spread), as `file:line: expression`. Reading one field (`ctx.requestedAt`) is fine.
 */
function ctxSentByHandler(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true)
  const found: string[] = []
  const sent = (expression: ts.Node) => {
    const leaks = (node: ts.Node): boolean => {
      if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'ctx') return true
      if (ts.isIdentifier(node) && node.text === 'ctx') {
        const parent = node.parent
        const readsAField = (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === node
        const isAKey = ts.isPropertyAssignment(parent) && parent.name === node
        return !readsAField && !isAKey
      }
      return ts.forEachChild(node, leaks) ?? false
    }
    if (leaks(expression)) found.push(`${relative(base, file)}:${source.getLineAndCharacterOfPosition(expression.getStart()).line + 1}: ${expression.getText()}`)
  }
  const visitHandler = (node: ts.Node) => {
    if ((ts.isReturnStatement(node) || ts.isYieldExpression(node)) && node.expression) sent(node.expression)
    ts.forEachChild(node, visitHandler)
  }
  const visit = (node: ts.Node) => {
    const isHandler = (ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) && node.name.getText() === 'handler'
    if (isHandler) {
      const fn = ts.isPropertyAssignment(node) ? node.initializer : node
      if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) sent(fn.body)
      else visitHandler(fn)
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The strict type-check's errors in the files under `dir`, each as `path: message` (none when they compile). */
function typeProblems(files: string[], dir: string): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: ['node'],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  })
  return ts.getPreEmitDiagnostics(program)
    .filter(diagnostic => diagnostic.file?.fileName.startsWith(dir))
    .map(diagnostic => `${relative(base, diagnostic.file!.fileName)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`)
}
