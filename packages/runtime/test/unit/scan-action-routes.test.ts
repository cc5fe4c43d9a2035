import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'pathe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileToRoute, scanActionRoutes } from '../../src/routes/scan-action-routes'
import { renderDefaultMethods, renderRouteTypes } from '../../src/routes/internal/render-route-types'

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'action-route-scan-'))
  const files = [
    'app/server/api/todos/index.get.ts',
    'app/server/api/todos/index.post.ts',
    'app/server/api/todos/[id].patch.ts',
    'app/server/api/users/[...slug].get.ts',
    'app/server/api/(admin)/stats.get.ts',
    'app/server/api/echo.ts',
    'app/server/api/types.d.ts',
    'app/server/routes/health.get.ts',
    'layer/server/api/todos/index.get.ts',
    'layer/server/api/from-layer.post.ts',
  ]
  for (const file of files) {
    await mkdir(dirname(join(root, file)), { recursive: true })
    await writeFile(join(root, file), 'export default defineAction({ handler: () => null })\n')
  }
})
afterAll(() => rm(root, { recursive: true, force: true }))

describe('route scanning', () => {
  it('follows Nitro\'s naming rules', () => {
    expect(fileToRoute('todos/[id].patch.ts', '/api')).toEqual({ route: '/api/todos/:id', method: 'patch' })
    expect(fileToRoute('todos/index.get.ts', '/api')).toEqual({ route: '/api/todos', method: 'get' })
    expect(fileToRoute('users/[...slug].ts', '/api')).toEqual({ route: '/api/users/**:slug', method: undefined })
    expect(fileToRoute('(group)/a/[org]-[repo].delete.ts', '/api')).toEqual({ route: '/api/a/:org-:repo', method: 'delete' })
    expect(fileToRoute('index.ts', '')).toEqual({ route: '/', method: undefined })
    expect(fileToRoute('feed.xml.get.ts', '')).toEqual({ route: '/feed.xml', method: 'get' })
    expect(fileToRoute('todos.get.dev.ts', '/api')).toEqual({ route: '/api/todos', method: 'get' })
    expect(fileToRoute('todos.post.prod.ts', '/api')).toEqual({ route: '/api/todos', method: 'post' })
    expect(fileToRoute('sitemap.get.prerender.ts', '')).toEqual({ route: '/sitemap', method: 'get' })
    expect(fileToRoute('files/[...].get.ts', '/api')).toEqual({ route: '/api/files/**', method: 'get' })
  })

  it('scans api and routes of the app and its layers; the app wins a clash', async () => {
    const routes = await scanActionRoutes([join(root, 'app/server'), join(root, 'layer/server')])
    expect(routes.map(entry => `${entry.method ?? '*'} ${entry.route} ${entry.file.slice(root.length + 1)}`)).toEqual([
      '* /api/echo app/server/api/echo.ts',
      'post /api/from-layer layer/server/api/from-layer.post.ts',
      'get /api/stats app/server/api/(admin)/stats.get.ts',
      'get /api/todos app/server/api/todos/index.get.ts',
      'post /api/todos app/server/api/todos/index.post.ts',
      'patch /api/todos/:id app/server/api/todos/[id].patch.ts',
      'get /api/users/**:slug app/server/api/users/[...slug].get.ts',
      'get /health app/server/routes/health.get.ts',
    ])
  })

  it('renders the route map declaration and the default methods', async () => {
    const routes = await scanActionRoutes([join(root, 'app/server')])
    const declaration = renderRouteTypes(routes, join(root, 'app/.nuxt/types'), join(root, 'runtime/app/route-map.ts'))
    expect(declaration).toContain('declare module "../../../runtime/app/route-map" {')
    expect(declaration).toContain('    "/api/todos/:id": {\n      patch: typeof import("../../server/api/todos/[id].patch").default\n    }')
    expect(declaration).toContain('      default: typeof import("../../server/api/echo").default')
    expect(renderDefaultMethods(routes)).toBe('export default {"/api/stats":"GET","/api/todos/:id":"PATCH","/api/users/**:slug":"GET","/health":"GET"}\n')
  })
})
