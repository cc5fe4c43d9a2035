import { describe, expect, it } from 'vitest'
import { createApp, list, printed } from './helpers'

const action = 'export default defineAction({ handler: () => 1 })\n'

describe('create-action list', () => {
  it('prints the actions as a table of method, route and file, sorted by route', async () => {
    const app = await createApp({
      files: {
        'server/api/todos/index.get.ts': action,
        'server/api/todos/index.post.ts': action,
        'server/api/todos/[id].patch.ts': 'export default authedAction.params(schema).handler(() => 1)\n',
        'server/api/users/[...slug].get.ts': action,
        'server/routes/feed.get.ts': action,
      },
    })
    const actions = await list(app)
    expect(actions.map(({ method, route, file }) => [method, route, file])).toEqual([
      ['GET', '/api/todos', 'server/api/todos/index.get.ts'],
      ['POST', '/api/todos', 'server/api/todos/index.post.ts'],
      ['PATCH', '/api/todos/:id', 'server/api/todos/[id].patch.ts'],
      ['GET', '/api/users/**:slug', 'server/api/users/[...slug].get.ts'],
      ['GET', '/feed', 'server/routes/feed.get.ts'],
    ])
    // columns are as wide as their widest cell ('/api/users/**:slug'), two spaces apart
    expect(printed()).toContain([
      `METHOD  ${'ROUTE'.padEnd(18)}  FILE`,
      `GET     ${'/api/todos'.padEnd(18)}  server/api/todos/index.get.ts`,
      `POST    ${'/api/todos'.padEnd(18)}  server/api/todos/index.post.ts`,
    ].join('\n'))
  })

  it('counts plain routes without listing them', async () => {
    const app = await createApp({
      files: {
        'server/api/hello.get.ts': action,
        'server/api/health.ts': 'export default defineEventHandler(() => "ok")\n',
        'server/routes/sitemap.xml.ts': 'export default defineEventHandler(() => "")\n',
      },
    })
    const actions = await list(app)
    expect(actions).toHaveLength(1)
    expect(printed()).not.toContain('health')
    expect(printed()).toContain('2 other route files do not use defineAction and are not listed.')
  })

  it('shows * for a file without a method suffix, and skips .d.ts files', async () => {
    const app = await createApp({ files: { 'server/api/any.ts': action, 'server/api/types.d.ts': 'declare const x: 1\n' } })
    expect((await list(app)).map(entry => [entry.method, entry.route])).toEqual([['*', '/api/any']])
  })

  it('reads Nitro\'s environment suffixes (.dev, .prod, .prerender) after the method, as the module does', async () => {
    const app = await createApp({
      files: {
        'server/api/todos.get.dev.ts': action,
        'server/api/todos.post.prod.ts': action,
        'server/routes/sitemap.get.prerender.ts': action,
      },
    })
    expect((await list(app)).map(entry => [entry.method, entry.route, entry.file])).toEqual([
      ['GET', '/api/todos', 'server/api/todos.get.dev.ts'],
      ['POST', '/api/todos', 'server/api/todos.post.prod.ts'],
      ['GET', '/sitemap', 'server/routes/sitemap.get.prerender.ts'],
    ])
  })

  it('lists the same routes as the module\'s scanner for groups, catch-alls, dotted names and .tsx', async () => {
    const app = await createApp({
      files: {
        'server/api/(admin)/stats.get.ts': action,
        'server/api/files/[...].get.ts': action,
        'server/routes/feed.xml.get.ts': action,
        'server/api/view.get.tsx': action,
        'server/api/hello.get.test.ts': action,
      },
    })
    expect((await list(app)).map(entry => [entry.method, entry.route])).toEqual([
      ['GET', '/api/files/**'],
      ['GET', '/api/stats'],
      ['GET', '/api/view'],
      ['GET', '/feed.xml'],
    ])
  })

  it('prints JSON with --json', async () => {
    const app = await createApp({ files: { 'server/api/hello.get.ts': action } })
    await list(app, '--json')
    expect(JSON.parse(printed())).toEqual([{ method: 'GET', route: '/api/hello', file: 'server/api/hello.get.ts' }])
  })

  it('says how to start when the app has no actions', async () => {
    const app = await createApp()
    expect(await list(app)).toEqual([])
    expect(printed()).toContain('No actions yet. Write one: create-action hello.get')
  })

  it('scans a custom serverDir', async () => {
    const app = await createApp({ config: `export default defineNuxtConfig({ serverDir: 'backend' })\n`, files: { 'backend/api/hello.get.ts': action } })
    expect((await list(app)).map(entry => entry.file)).toEqual(['backend/api/hello.get.ts'])
  })

  it('refuses an unknown flag', async () => {
    const app = await createApp()
    await expect(list(app, '--all')).rejects.toThrow('Unknown option --all: valid options are --cwd, --json.')
  })
})
