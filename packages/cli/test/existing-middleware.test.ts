import { describe, expect, it } from 'vitest'
import { createAction, scaffoldOptions } from '../src/create-action'
import { add, createApp, printed } from './helpers'

// The README's own middleware section: two middleware in one file named after neither
const README_AUTH = `export const requireUser = defineActionMiddleware('requireUser', async ({ event, next }) => {
  const user = await findUserByToken(getCookie(event, 'session'))
  if (!user) throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
  return next({ ctx: { user } })
})

export const requireRole = defineActionMiddleware<{ user: User }>('requireRole', async ({ ctx, metadata, next }) => {
  return next()
})
`

describe('create-action --middleware with the middleware the app has', () => {
  it('imports requireUser from server/utils/auth.ts, and writes no second requireUser (Nitro would auto-import the stub everywhere)', async () => {
    const app = await createApp({ files: { 'server/utils/auth.ts': README_AUTH } })
    const result = await add(app, 'todos/index.post', '--middleware', 'requireUser')
    expect(result.files.map(file => file.path)).toEqual(['server/api/todos/index.post.ts'])
    expect(app.has('server/utils/requireUser.ts')).toBe(false)
    expect(await app.read('server/utils/auth.ts')).toBe(README_AUTH)
    const route = await app.read('server/api/todos/index.post.ts')
    expect(route).toContain(`import { requireUser } from '../../utils/auth'`)
    expect(route).toContain('middleware: [requireUser]')
    expect(printed()).not.toContain('Wrote server/utils')
  })

  it('finds it by its kebab-case name and in a folder of server/utils, beside a new one', async () => {
    const app = await createApp({ files: { 'server/utils/auth/session.ts': README_AUTH } })
    const result = await add(app, 'admin/stats.get', '--middleware', 'require-user,requireRole,audit-log')
    expect(result.files.map(file => file.path)).toEqual(['server/api/admin/stats.get.ts', 'server/utils/audit-log.ts'])
    const route = await app.read('server/api/admin/stats.get.ts')
    expect(route).toContain(`import { requireUser } from '../../utils/auth/session'`)
    expect(route).toContain(`import { requireRole } from '../../utils/auth/session'`)
    expect(route).toContain('middleware: [requireUser, requireRole, auditLog]')
  })

  it('answers --middleware auth (the file, not an export) by naming the middleware auth.ts exports', async () => {
    const app = await createApp({ files: { 'server/utils/auth.ts': README_AUTH } })
    await expect(add(app, 'me.get', '--middleware', 'auth'))
      .rejects.toThrow('server/utils/auth.ts exists but exports no "auth": it exports the middleware requireRole, requireUser: pass that name, like --middleware requireRole.')
    expect(app.has('server/api')).toBe(false)
  })

  it('offers them to the New action form by export name, and createAction takes what it offers', async () => {
    const app = await createApp({ files: { 'server/utils/auth.ts': README_AUTH, 'server/utils/format.ts': 'export const formatDate = (date: Date) => date.toISOString()\n' } })
    const { middleware } = await scaffoldOptions(app.dir)
    expect(middleware).toEqual(['requireRole', 'requireUser'])
    const result = await createAction({ rootDir: app.dir, route: 'me.get', middleware })
    expect(result.files.map(file => file.path)).toEqual(['server/api/me.get.ts'])
  })
})
