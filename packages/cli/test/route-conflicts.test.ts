import { describe, expect, it } from 'vitest'
import { createAction } from '../src/create-action'
import { add, createApp } from './helpers'

const ACTION = 'export default defineAction({ handler: () => ({ ok: true }) })\n'

describe('a route file for a route and method that has one already', () => {
  it('refuses todos.post beside todos/index.post.ts (both POST /api/todos), naming the existing file, with --dry-run too', async () => {
    const app = await createApp({ files: { 'server/api/todos/index.post.ts': ACTION } })
    const message = 'POST /api/todos is answered already by server/api/todos/index.post.ts: a second file would leave one of them unreachable. Edit that file instead. Nothing was written.'
    await expect(add(app, 'todos.post', '--dry-run')).rejects.toThrow(message)
    await expect(add(app, 'todos.post', '--force')).rejects.toThrow(message)
    expect(app.has('server/api/todos.post.ts')).toBe(false)
  })

  it('refuses the other way round, a renamed param, a file without method, and one under server/routes', async () => {
    const app = await createApp({ files: {
      'server/api/todos.get.ts': ACTION,
      'server/api/todos/[id].patch.ts': ACTION,
      'server/api/files.ts': 'export default defineEventHandler(() => "any method")\n',
      'server/routes/api/feed.get.ts': ACTION,
    } })
    const refusal = (route: string) => createAction({ rootDir: app.dir, route, dryRun: true }).catch((error: { code: string, file: string, message: string }) => error)
    await expect(refusal('todos/index.get')).resolves.toMatchObject({ code: 'ROUTE_TAKEN', file: `${app.dir}/server/api/todos.get.ts` })
    await expect(refusal('todos/[todoId].patch')).resolves.toMatchObject({ code: 'ROUTE_TAKEN', message: expect.stringContaining('server/api/todos/[id].patch.ts') })
    await expect(refusal('files/index.delete')).resolves.toMatchObject({ code: 'ROUTE_TAKEN', message: expect.stringContaining('DELETE /api/files is answered already by server/api/files.ts') })
    await expect(refusal('feed.get')).resolves.toMatchObject({ code: 'ROUTE_TAKEN', message: expect.stringContaining('server/routes/api/feed.get.ts') })
  })

  it('takes another method on the same route, and the same file again with --force', async () => {
    const app = await createApp({ files: { 'server/api/todos/index.post.ts': ACTION } })
    expect((await add(app, 'todos.get')).files[0]!.path).toBe('server/api/todos.get.ts')
    expect((await add(app, 'todos/index.post', '--force')).files[0]!.path).toBe('server/api/todos/index.post.ts')
    expect((await add(app, 'todos/[id].get')).files[0]!.path).toBe('server/api/todos/[id].get.ts')
  })
})
