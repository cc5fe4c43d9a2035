import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'
import { enterRouteFile } from '../../src/runtime/server/lifecycle/route-file'
import { markRouteFiles } from '../../src/routes/internal/mark-route-files'

describe.each(hosts)('a bad definition in a route file, on $name', (host) => {
  let server: TestServer
  const errors: unknown[][] = []

  beforeAll(async () => {
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args))
    // what the build's line before the route file's code does
    enterRouteFile('server/api/bad.get.ts')
    const bad = host.defineAction({ maxBodySize: -1, handler: () => 'never' })
    enterRouteFile(undefined)
    server = await host.serve({
      '/api/bad': bad,
      '/api/good': host.defineAction({ handler: () => 'fine' }),
    })
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    await server.close()
  })

  it('does not throw where it is defined, and logs the problem once naming the file (in production too)', () => {
    expect(errors).toEqual([[
      '[action-route]',
      'server/api/bad.get.ts: defineAction: `maxBodySize` must be a whole number of bytes (0 or more), got -1. This route answers INTERNAL_ERROR until its definition is fixed; the other routes are not affected.',
    ]])
  })

  it('fails only its own route, with INTERNAL_ERROR 500', async () => {
    expect(await call(`${server.url}/api/bad`)).toMatchObject({ status: 500, body: { success: false, error: { code: 'INTERNAL_ERROR', statusCode: 500 } } })
    expect(await call(`${server.url}/api/good`)).toMatchObject({ status: 200, body: { success: true, data: 'fine' } })
  })

  it('still throws the TypeError at once outside a route file (a plain h3 app, a test)', () => {
    expect(() => host.defineAction({ maxBodySize: -1, handler: () => 1 })).toThrow(TypeError)
  })
})

describe('markRouteFiles', () => {
  const plugin = markRouteFiles(['/app/server'], '/app', '/runtime/route-file')

  it('names each route file under api/ and routes/ before its code, on its first line, and clears it after', () => {
    const marked = plugin.transform('export default 1\n', '/app/server/api/todos/[id].patch.ts?x=1')!
    expect(marked.code).toBe('import { enterRouteFile as __actionRouteFile } from "/runtime/route-file";__actionRouteFile("server/api/todos/[id].patch.ts");export default 1\n\n;__actionRouteFile(undefined);\n')
    expect(plugin.transform('x', '/app/server/routes/feed.xml.get.ts')).toBeDefined()
  })

  it('marks a file once when the bundler runs the plugin twice (Nitro 3 passes rollupConfig and rolldownConfig plugins both)', () => {
    const once = plugin.transform('export default 1\n', '/app/server/api/todos.get.ts')!
    expect(plugin.transform(once.code, '/app/server/api/todos.get.ts')).toBeUndefined()
  })

  it('leaves every other file alone', () => {
    for (const id of ['/app/server/utils/auth.ts', '/app/server/api/types.d.ts', '/app/server/api/legacy.cjs', '/app/server/api/data.json', '/app/server-other/api/x.ts', '/app/app.vue']) {
      expect(plugin.transform('x', id), id).toBeUndefined()
    }
  })
})
