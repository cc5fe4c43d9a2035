import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import type { AddressInfo } from 'node:net'
import { join } from 'pathe'
import { create as createTar } from 'tar'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { registerTemplateProvider, unregisterTemplateProvider } from '../src/template-source'
import { add, createApp } from './helpers'

// template sets served as .tar.gz from a local server, the way giget fetches any tarball
let server: Server
let origin: string
let workDir: string
const tarballs = new Map<string, string>()

async function packTemplateSet(name: string, files: Record<string, string>): Promise<void> {
  // giget drops the first folder of every entry, as in a GitHub tarball
  const root = join(workDir, name)
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true })
    await writeFile(join(root, path), contents)
  }
  const file = join(workDir, `${name}.tar.gz`)
  await createTar({ gzip: true, file, cwd: workDir, portable: true }, [name])
  tarballs.set(`/${name}.tar.gz`, file)
}

const typedRoute = `
import type { RouteTemplateOptions } from './types'

export default (options: RouteTemplateOptions) => ({
  path: \`\${options.dir}/\${options.route}.\${options.method}.ts\`,
  contents: \`// from the acme template set: \${options.method} \${options.url} with \${options.schema}, params \${options.params.join(',')}, middleware \${options.middleware.map(entry => entry.exportName).join(',')}\\nexport default defineAction({ handler: () => 'acme' })\\n\`,
})
`

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'create-action-templates-'))
  await packTemplateSet('acme', {
    'route.ts': typedRoute,
    'types.ts': 'export interface RouteTemplateOptions { dir: string, route: string, method: string, url: string, schema: string, params: string[], middleware: { exportName: string }[] }\n',
  })
  await packTemplateSet('with-middleware', {
    'route.mjs': `export default o => ({ path: o.dir + '/' + o.route + '.' + o.method + '.ts', contents: 'route\\n' })\n`,
    'middleware.mjs': `export default o => ({ path: o.path, contents: '// acme middleware ' + o.exportName + '\\n' })\n`,
  })
  await packTemplateSet('streaming', {
    'route.mjs': `export default o => ({ path: o.dir + '/' + o.route + '.' + o.method + '.ts', contents: o.stream ? 'export default defineAction({ async* handler() { yield 1 } })\\n' : 'plain\\n' })\n`,
  })
  await packTemplateSet('no-route', { 'README.md': 'nothing here\n' })
  await packTemplateSet('escaping', { 'route.mjs': `export default () => ({ path: '../outside.ts', contents: 'x' })\n` })
  await packTemplateSet('broken', { 'route.mjs': `export default () => ({ path: 'server/api/x.get.ts' })\n` })

  server = createServer(async (request, response) => {
    const file = tarballs.get(request.url ?? '')
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/gzip' })
    response.end(request.method === 'HEAD' ? undefined : await readFile(file))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  registerTemplateProvider('acme', input => ({ name: input, tar: `${origin}/${input}.tar.gz` }))
})

afterAll(async () => {
  unregisterTemplateProvider('acme')
  await new Promise(resolve => server.close(resolve))
  await rm(workDir, { recursive: true, force: true })
})

beforeEach(async () => {
  // giget caches tarballs by name: a fresh cache per test keeps sets from leaking into each other
  vi.stubEnv('XDG_CACHE_HOME', await mkdtemp(join(tmpdir(), 'create-action-giget-cache-')))
  vi.stubEnv('GIGET_REGISTRY', undefined)
  vi.stubEnv('GIGET_AUTH', undefined)
})

describe('--template', () => {
  it('pulls a template set through a registered giget provider and renders its TypeScript route template', async () => {
    const app = await createApp()
    await add(app, 'todos/[id].patch', '--template', 'acme:acme', '--middleware', 'auth')
    expect(await app.read('server/api/todos/[id].patch.ts')).toBe(
      '// from the acme template set: patch /api/todos/:id with zod, params id, middleware auth\nexport default defineAction({ handler: () => \'acme\' })\n',
    )
    // the set has no middleware template: the bundled one fills in
    expect(await app.read('server/utils/auth.ts')).toContain('export const auth = defineActionMiddleware')
  })

  it('pulls a template set from an http(s) URL with giget\'s own provider', async () => {
    const app = await createApp()
    await add(app, 'hello.get', '--template', `${origin}/acme.tar.gz`)
    expect(await app.read('server/api/hello.get.ts')).toContain('from the acme template set: get /api/hello')
  })

  it('uses the set\'s middleware template when it has one', async () => {
    const app = await createApp()
    await add(app, 'hello.get', '--template', 'acme:with-middleware', '--middleware', 'audit-log')
    expect(await app.read('server/utils/audit-log.ts')).toBe('// acme middleware auditLog\n')
  })

  it('prints a pulled set with --dry-run and writes nothing', async () => {
    const app = await createApp()
    const result = await add(app, 'hello.get', '--template', 'acme:acme', '--dry-run')
    expect(result.files[0]?.contents).toContain('from the acme template set')
    expect(app.has('server')).toBe(false)
  })

  it('passes --stream to the set as stream: true', async () => {
    const app = await createApp()
    await add(app, 'chat.post', '--template', 'acme:streaming', '--stream')
    await add(app, 'plain.post', '--template', 'acme:streaming')
    expect(await app.read('server/api/chat.post.ts')).toBe('export default defineAction({ async* handler() { yield 1 } })\n')
    expect(await app.read('server/api/plain.post.ts')).toBe('plain\n')
  })

  it('refuses --stream with a set that writes no streaming action (one older than the option), and writes nothing', async () => {
    const app = await createApp()
    await expect(add(app, 'chat.post', '--template', 'acme:acme', '--stream')).rejects.toThrow(
      'Template acme:acme wrote no streaming action for --stream (no async* handler and no eventSchema): it may not know the stream option. Nothing was written.',
    )
    expect(app.has('server')).toBe(false)
  })

  it('refuses a source giget cannot fetch', async () => {
    const app = await createApp()
    await expect(add(app, 'hello.get', '--template', 'acme:missing')).rejects.toThrow('Could not get the template set acme:missing:')
    expect(app.has('server')).toBe(false)
  })

  it('refuses a set without a route template', async () => {
    const app = await createApp()
    await expect(add(app, 'hello.get', '--template', 'acme:no-route')).rejects.toThrow('Template acme:no-route has no route.ts (or route.mjs, route.js) at its top level.')
  })

  it('refuses a template that would write outside the project', async () => {
    const app = await createApp()
    await expect(add(app, 'hello.get', '--template', 'acme:escaping')).rejects.toThrow('The template wants to write ../outside.ts, outside the project: nothing was written.')
  })

  it('refuses a template that returns no contents', async () => {
    const app = await createApp()
    await expect(add(app, 'hello.get', '--template', 'acme:broken')).rejects.toThrow('route.mjs in template acme:broken returned no { path, contents }.')
  })
})
