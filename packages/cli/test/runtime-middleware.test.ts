import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createApp as createH3App, createRouter, toWebHandler } from 'h3'
import { join, relative, resolve } from 'pathe'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as actionServer from '../../runtime/src/runtime/server/index'
import { createAction } from '../src/create-action'
import { createApp } from './helpers'

// idempotent() and rateLimit() are the runtime's own middleware, auto-imported in server code: create-action never
// scaffolds a file of their name (it would shadow them), and a scaffolded route takes them beside its own middleware.

const runtimeIndex = resolve(__dirname, '../../runtime/src/runtime/server/index.ts')

describe('create-action and the runtime\'s own middleware', () => {
  it.each([
    ['idempotent', 'idempotent()', 'server/utils/idempotent.ts'],
    ['rate-limit', 'rateLimit({ limit: 10, window: 60_000 })', 'server/utils/rate-limit.ts'],
  ])('refuses --middleware %s, saying to write %s in the route instead, and writes nothing', async (name, call, shadow) => {
    const app = await createApp()
    await expect(createAction({ rootDir: app.dir, route: 'orders.post', middleware: [name] }))
      .rejects.toThrow(`"${name}" is @action-route/runtime's own middleware, auto-imported in server code: write ${call} in the route's middleware instead (a scaffold at ${shadow} would replace it in every server file).`)
    expect(app.has('server')).toBe(false)
  })

  describe('a scaffolded route given idempotent() and rateLimit() beside its own middleware', () => {
    let dir: string
    let routeFile: string

    beforeAll(async () => {
      // inside the package, so zod and h3 resolve from its node_modules
      dir = await mkdtemp(join(__dirname, '.generated-'))
      await writeFile(join(dir, 'nuxt.config.ts'), 'export default defineNuxtConfig({})\n')
      await writeFile(join(dir, 'package.json'), JSON.stringify({ dependencies: { nuxt: '^4.0.0', zod: '*' } }))
      const result = await createAction({ rootDir: dir, route: 'orders.post', middleware: ['current-agent'] })
      routeFile = result.files.find(file => file.path === 'server/api/orders.post.ts')!.file
      const scaffolded = await readFile(routeFile, 'utf8')
      expect(scaffolded).toContain('middleware: [currentAgent],')
      // what the docs tell the developer to write: a limit counted before the key, so every retry counts
      await writeFile(routeFile, scaffolded.replace('middleware: [currentAgent],', 'middleware: [currentAgent, rateLimit({ limit: 2, window: 60_000 }), idempotent()],'))
      Object.assign(globalThis, {
        defineAction: actionServer.defineAction,
        defineActionMiddleware: actionServer.defineActionMiddleware,
        createActionError: actionServer.createActionError,
        idempotent: actionServer.idempotent,
        rateLimit: actionServer.rateLimit,
        getRequestHeader: (await import('h3')).getRequestHeader,
      })
    }, 60_000)
    afterAll(() => rm(dir, { recursive: true, force: true }))

    it('type-checks in strict mode with the auto-imports Nuxt gives server code', async () => {
      const globals = join(dir, 'auto-imports.d.ts')
      await writeFile(globals, [
        `import type * as server from './${relative(dir, runtimeIndex).replace(/\.ts$/, '')}'`,
        `import type * as h3 from 'h3'`,
        'declare global {',
        ...['defineAction', 'defineActionMiddleware', 'createActionError', 'idempotent', 'rateLimit'].map(name => `  const ${name}: typeof server.${name}`),
        '  const getRequestHeader: typeof h3.getRequestHeader',
        '}',
        'export {}',
        '',
      ].join('\n'))
      expect(typeProblems([globals, routeFile, join(dir, 'server/utils/current-agent.ts')], dir)).toEqual([])
    }, 60_000)

    it('answers a retry with its first answer, replayed, and refuses past the limit with 429', async () => {
      const module = await import(routeFile) as { default: Parameters<ReturnType<typeof createRouter>['add']>[1] }
      const handle = toWebHandler(createH3App().use(createRouter().post('/api/orders', module.default)))
      const post = async () => {
        const response = await handle(new Request('http://localhost/api/orders', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': '"order-1"' },
          body: JSON.stringify({ title: 'Buy milk' }),
        }))
        return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: await response.json() }
      }
      const first = await post()
      expect(first).toEqual({ status: 200, replayed: null, body: { success: true, data: { params: {}, input: { title: 'Buy milk' } } } })
      expect(await post()).toEqual({ ...first, replayed: 'true' })
      const refused = await post()
      expect(refused.status).toBe(429)
      expect(refused.body.error.code).toBe('RATE_LIMITED')
    })
  })
})

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
    .map(diagnostic => `${relative(dir, diagnostic.file!.fileName)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`)
}
