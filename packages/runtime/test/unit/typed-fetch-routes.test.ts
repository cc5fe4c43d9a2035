import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'pathe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderFetchDeclaration, typeFetchRoutes } from '../../src/typed-fetch/setup-typed-fetch'
import type { FetchRouteHandler } from '../../src/typed-fetch/setup-typed-fetch'

let root: string
let dir: string
const types = '/module/runtime/app/typed-fetch'
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'action-route-typed-fetch-'))
  dir = join(root, 'node_modules/.cache/action-route/typed-fetch')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('typed fetch routes (Nuxt 5\'s server:routes)', () => {
  it('points each app route at a declaration of its action\'s request and envelope', () => {
    const routes: FetchRouteHandler[] = [
      { method: 'post', handler: join(root, 'server/api/todos.post.ts') },
      { method: 'get', handler: join(root, 'server/api/todos/[id].get.ts') },
      { method: 'get', handler: join(root, 'server/api/todos/[id].get.ts') },
    ]
    typeFetchRoutes(routes, { dir, rootDir: root }, types)
    expect(routes.map(route => route.handler)).toEqual([
      join(dir, 'server/api/todos.post.d.ts'),
      join(dir, 'server/api/todos/[id].get.d.ts'),
      join(dir, 'server/api/todos/[id].get.d.ts'),
    ])
    const declaration = readFileSync(join(dir, 'server/api/todos.post.d.ts'), 'utf8')
    expect(declaration).toContain('type Handler = typeof import("../../../../../../server/api/todos.post").default')
    expect(declaration).toContain('H3Event<ActionFetchRequest<Handler, "post", EventHandlerRequest>>) => Promise<ActionFetchResponse<Handler>>')
    // anything else keeps the type Nuxt reads from its own handler
    expect(declaration).toContain('  : Handler')
  })

  it('leaves middleware, a package\'s handlers and virtual handlers as they are', () => {
    const routes: FetchRouteHandler[] = [
      { handler: join(root, 'server/middleware/auth.ts'), middleware: true },
      { method: 'get', handler: join(root, 'node_modules/some-module/dist/runtime/route.js') },
      { handler: '#internal/nuxt/island-renderer' },
    ]
    const before = structuredClone(routes)
    typeFetchRoutes(routes, { dir, rootDir: root }, types)
    expect(routes).toEqual(before)
    expect(existsSync(dir)).toBe(false)
  })

  it('declares no request for a file that answers every method', () => {
    expect(renderFetchDeclaration({ handler: '/app/server/api/echo.ts' }, '/app/node_modules/.cache/action-route/typed-fetch/server/api', types, '/app'))
      .toContain('ActionFetchRequest<Handler, undefined, EventHandlerRequest>')
  })

  it('writes a declaration again when it differs, and removes the one of a route file that is gone', () => {
    const gone = join(dir, 'server/api/gone.post.d.ts')
    typeFetchRoutes([{ method: 'post', handler: join(root, 'server/api/gone.post.ts') }, { method: 'post', handler: join(root, 'server/api/kept.post.ts') }], { dir, rootDir: root }, types)
    const kept = join(dir, 'server/api/kept.post.d.ts')
    writeFileSync(kept, `${readFileSync(kept, 'utf8')}// untouched\n`)
    typeFetchRoutes([{ method: 'post', handler: join(root, 'server/api/kept.post.ts') }], { dir, rootDir: root }, types)
    expect(existsSync(gone)).toBe(false)
    // its contents differ from what would be written, so it was written again
    expect(readFileSync(kept, 'utf8')).not.toContain('// untouched')
  })
})
