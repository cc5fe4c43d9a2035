import { describe, expect, it } from 'vitest'
import { add, createApp, printed, run } from './helpers'

describe('create-action add', () => {
  it('writes server/api/<route>.ts with zod params, body, middleware and handler stubs', async () => {
    const app = await createApp()
    const result = await add(app, 'todos/[id].patch')
    const contents = await app.read('server/api/todos/[id].patch.ts')
    expect(result).toMatchObject({ method: 'patch', url: '/api/todos/:id', schema: 'zod', dryRun: false })
    expect(contents).toContain(`import { z } from 'zod'`)
    expect(contents).toContain('id: z.string().min(1)')
    expect(contents).toContain('title: z.string().min(1)')
    expect(contents).toContain('{ "title": "Buy milk" }')
    expect(contents).toContain(`defineActionMiddleware('stampRequest'`)
    expect(contents).toContain('middleware: [stampRequest]')
    expect(contents).toContain(`metadata: { description: 'PATCH /api/todos/:id' }`)
  })

  it('prints what it wrote where, and a next step', async () => {
    const app = await createApp()
    await add(app, 'todos/[id].patch')
    expect(printed()).toContain('Wrote server/api/todos/[id].patch.ts (PATCH /api/todos/:id, zod)')
    expect(printed()).toContain(`curl -X PATCH http://localhost:3000/api/todos/1 -H 'content-type: application/json' -d '{"title":"Buy milk"}'`)
  })

  it('is the default command: create-action <route> means create-action add <route>', async () => {
    const app = await createApp()
    await run(['add', 'hello.get', '--cwd', app.dir])
    expect(app.has('server/api/hello.get.ts')).toBe(true)
  })

  it('gives GET an optional query field, so a bare request validates', async () => {
    const app = await createApp()
    await add(app, 'todos/index.get')
    const contents = await app.read('server/api/todos/index.get.ts')
    expect(contents).toContain('search: z.string().optional()')
    expect(contents).not.toContain('params:')
    expect(contents).toContain(`'GET /api/todos'`)
  })

  it('gives DELETE an optional body field', async () => {
    const app = await createApp()
    await add(app, 'todos/[id].delete')
    expect(await app.read('server/api/todos/[id].delete.ts')).toContain('reason: z.string().optional()')
  })

  it('names a catch-all segment [...slug] in the params stub', async () => {
    const app = await createApp()
    const result = await add(app, 'users/[...slug].get')
    expect(result.url).toBe('/api/users/**:slug')
    expect(await app.read('server/api/users/[...slug].get.ts')).toContain('slug: z.string().min(1)')
  })

  it('puts every dynamic segment into params, in order', async () => {
    const app = await createApp()
    await add(app, 'orgs/[org]/repos/[repo].put')
    expect(await app.read('server/api/orgs/[org]/repos/[repo].put.ts')).toMatch(/org: z\.string\(\)\.min\(1\),\n\s+repo: z\.string\(\)\.min\(1\)/)
  })

  it('accepts an upper-case method suffix and a trailing .ts', async () => {
    const app = await createApp()
    await add(app, 'todos/index.POST.ts')
    expect(app.has('server/api/todos/index.post.ts')).toBe(true)
  })

  it('writes under server/routes with --routes, answering without the /api prefix', async () => {
    const app = await createApp()
    const result = await add(app, 'feed.get', '--routes')
    expect(app.has('server/routes/feed.get.ts')).toBe(true)
    expect(result.url).toBe('/feed')
  })

  it('detects valibot from package.json', async () => {
    const app = await createApp({ dependencies: { nuxt: '^4.0.0', valibot: '^1.0.0' } })
    await add(app, 'todos/[id].patch')
    const contents = await app.read('server/api/todos/[id].patch.ts')
    expect(contents).toContain(`import * as v from 'valibot'`)
    expect(contents).toContain('id: v.pipe(v.string(), v.minLength(1))')
    expect(contents).toContain('title: v.pipe(v.string(), v.minLength(1))')
  })

  it('detects arktype from devDependencies', async () => {
    const app = await createApp({ dependencies: {}, installed: ['arktype'] })
    await app.write('package.json', JSON.stringify({ devDependencies: { nuxt: '^4.0.0', arktype: '^2.1.0' } }))
    await add(app, 'todos/index.get')
    const contents = await app.read('server/api/todos/index.get.ts')
    expect(contents).toContain(`import { type } from 'arktype'`)
    expect(contents).toContain(`'search?': 'string'`)
  })

  it('prefers zod, then valibot, then arktype when several are installed and nobody can be asked', async () => {
    const app = await createApp({ dependencies: { arktype: '^2.1.0', valibot: '^1.0.0', zod: '^3.24.0' } })
    expect((await add(app, 'a.get')).schema).toBe('zod')
  })

  it('writes a route without a schema when package.json has no schema library', async () => {
    const app = await createApp({ dependencies: { nuxt: '^4.0.0' } })
    const result = await add(app, 'todos/[id].patch')
    const contents = await app.read('server/api/todos/[id].patch.ts')
    expect(result.schema).toBe('none')
    expect(contents).not.toContain('import')
    expect(contents).not.toContain('input:')
    expect(contents).toContain('no schema')
  })

  it('lets --schema override the detected library', async () => {
    const app = await createApp({ installed: ['zod', 'arktype'] })
    await add(app, 'a.post', '--schema', 'arktype')
    await add(app, 'b.post', '--schema=none')
    expect(await app.read('server/api/a.post.ts')).toContain(`title: 'string > 0'`)
    expect(await app.read('server/api/b.post.ts')).not.toContain('zod')
  })

  it('prints the files with --dry-run and writes nothing', async () => {
    const app = await createApp()
    const result = await add(app, 'todos/[id].patch', '--dry-run', '--middleware', 'auth')
    expect(result.dryRun).toBe(true)
    expect(result.files.map(file => file.path)).toEqual(['server/api/todos/[id].patch.ts', 'server/utils/auth.ts'])
    expect(app.has('server/api/todos/[id].patch.ts')).toBe(false)
    expect(app.has('server/utils/auth.ts')).toBe(false)
    expect(printed()).toContain('Would write server/api/todos/[id].patch.ts:')
    expect(printed()).toContain(`import { z } from 'zod'`)
    expect(printed()).toContain('nothing was written')
  })

  it('overwrites an existing route with --force', async () => {
    const app = await createApp({ files: { 'server/api/hello.get.ts': 'old' } })
    await add(app, 'hello.get', '--force')
    expect(await app.read('server/api/hello.get.ts')).toContain('defineAction')
  })

  it('leaves no temporary files beside what it wrote', async () => {
    const app = await createApp()
    await add(app, 'hello.get')
    await add(app, 'hello.get', '--force')
    const { readdir } = await import('node:fs/promises')
    expect(await readdir(`${app.dir}/server/api`)).toEqual(['hello.get.ts'])
  })

  it('finds the project root from a folder deep inside it', async () => {
    const app = await createApp({ files: { 'server/api/todos/.keep': '' } })
    await add(app, 'x.get', '--cwd', `${app.dir}/server/api/todos`)
    expect(app.has('server/api/x.get.ts')).toBe(true)
  })

  it('finds a nuxt.config.mjs as well as nuxt.config.ts', async () => {
    const app = await createApp({ configName: 'nuxt.config.mjs', config: 'export default defineNuxtConfig({})\n' })
    await add(app, 'x.get')
    expect(app.has('server/api/x.get.ts')).toBe(true)
  })
})

describe('create-action add --middleware', () => {
  it('scaffolds a shared middleware in server/utils and imports it by a relative path', async () => {
    const app = await createApp()
    const result = await add(app, 'todos/[id].patch', '--middleware', 'require-user')
    const route = await app.read('server/api/todos/[id].patch.ts')
    const middleware = await app.read('server/utils/require-user.ts')
    expect(result.files).toHaveLength(2)
    expect(route).toContain(`import { requireUser } from '../../utils/require-user'`)
    expect(route).toContain('middleware: [requireUser]')
    expect(route).not.toContain('stampRequest')
    expect(middleware).toContain(`export const requireUser = defineActionMiddleware('require-user', async ({ event, next }) => {`)
    expect(middleware).toContain('return next({ ctx: { userAgent } })')
    expect(printed()).toContain('Wrote server/utils/require-user.ts')
  })

  it('imports an existing shared middleware and leaves its file alone', async () => {
    const existing = `export const auth = defineActionMiddleware('auth', async ({ next }) => next({ ctx: { user: 'ada' } }))\n`
    const app = await createApp({ files: { 'server/utils/auth.ts': existing } })
    const result = await add(app, 'me.get', '--middleware', 'auth', '--force')
    expect(result.files).toHaveLength(1)
    expect(await app.read('server/utils/auth.ts')).toBe(existing)
    expect(await app.read('server/api/me.get.ts')).toContain(`import { auth } from '../utils/auth'`)
  })

  it('takes several names, comma-separated, in order', async () => {
    const app = await createApp()
    await add(app, 'admin/stats.get', '--middleware', 'auth,audit-log')
    const route = await app.read('server/api/admin/stats.get.ts')
    expect(route).toContain('middleware: [auth, auditLog]')
    expect(app.has('server/utils/auth.ts')).toBe(true)
    expect(app.has('server/utils/audit-log.ts')).toBe(true)
  })

  it('imports from server/utils when the route is under server/routes', async () => {
    const app = await createApp()
    await add(app, 'feed.get', '--routes', '--middleware', 'auth')
    expect(await app.read('server/routes/feed.get.ts')).toContain(`from '../utils/auth'`)
  })
})
