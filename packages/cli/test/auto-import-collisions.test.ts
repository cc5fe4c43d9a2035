import { mkdir, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'pathe'
import { describe, expect, it } from 'vitest'
import { serverAutoImports } from '../../runtime/src/module'
import { createAction } from '../src/create-action'
import { MODULE_SERVER_IMPORTS } from '../src/project/auto-import-names'
import { add, createApp } from './helpers'

// the h3 this package installs, linked into a temp app as `nuxi` installs it next to the app
const installedH3 = dirname(createRequire(import.meta.url).resolve('h3/package.json'))

async function appWithH3() {
  const app = await createApp()
  await mkdir(join(app.dir, 'node_modules'), { recursive: true })
  await symlink(installedH3, join(app.dir, 'node_modules/h3'), 'dir')
  return app
}

describe('middleware names that would shadow an auto-import', () => {
  it('refuses get-cookie, whose getCookie would shadow h3\'s auto-imported getCookie app-wide, and writes nothing', async () => {
    const app = await appWithH3()
    await expect(add(app, 'login.post', '--middleware', 'get-cookie'))
      .rejects.toThrow('"get-cookie" would export getCookie, which h3 exports and Nuxt auto-imports in server code: server/utils/get-cookie.ts would replace it in every server file. Pick another name, like get-cookie-middleware.')
    expect(app.has('server')).toBe(false)
  })

  it('reads h3\'s names from the h3 the app installs, not from a list', async () => {
    const app = await createApp()
    await app.write('node_modules/h3/package.json', JSON.stringify({ name: 'h3', type: 'module', exports: { '.': './index.mjs' } }))
    await app.write('node_modules/h3/index.mjs', 'export const readWidget = () => 1\n')
    await expect(createAction({ rootDir: app.dir, route: 'a.get', middleware: ['read-widget'] })).rejects.toThrow('which h3 exports')
    await expect(createAction({ rootDir: app.dir, route: 'b.get', middleware: ['get-cookie'], dryRun: true })).resolves.toBeDefined()
  })

  it.each([
    ['use-storage', 'useStorage', 'Nitro auto-imports'],
    ['define-action', 'defineAction', '@action-route/runtime auto-imports'],
    ['create-action-error', 'createActionError', '@action-route/runtime auto-imports'],
  ])('refuses %s, whose %s %s', async (name, exportName, source) => {
    const app = await createApp()
    await expect(createAction({ rootDir: app.dir, route: 'a.get', middleware: [name] })).rejects.toThrow(`would export ${exportName}, which ${source}`)
  })

  it('refuses a name another file of server/utils or shared/utils already exports', async () => {
    const app = await createApp({ files: {
      'server/utils/session.ts': 'export function requireUser() {}\nexport { helper as loadTodos }\n',
      'shared/utils/format.ts': 'export const formatDate = () => ""\n',
    } })
    await expect(createAction({ rootDir: app.dir, route: 'a.get', middleware: ['require-user'] }))
      .rejects.toThrow('"require-user" would export requireUser, which server/utils/session.ts exports already')
    await expect(createAction({ rootDir: app.dir, route: 'a.get', middleware: ['load-todos'] })).rejects.toThrow('server/utils/session.ts exports already')
    await expect(createAction({ rootDir: app.dir, route: 'a.get', middleware: ['format-date'] })).rejects.toThrow('shared/utils/format.ts exports already')
  })

  it('refuses to reuse a get-cookie.ts written before this check, since it shadows h3 already', async () => {
    const app = await appWithH3()
    await app.write('server/utils/get-cookie.ts', 'export const getCookie = defineActionMiddleware(async ({ next }) => next())\n')
    await expect(createAction({ rootDir: app.dir, route: 'a.get', middleware: ['get-cookie'] })).rejects.toThrow('which h3 exports')
  })

  it('still takes an ordinary name and a middleware the app already has', async () => {
    const app = await appWithH3()
    await app.write('server/utils/auth.ts', 'export const auth = defineActionMiddleware(async ({ next }) => next())\n')
    const result = await createAction({ rootDir: app.dir, route: 'a.get', middleware: ['auth', 'audit-log', 'cookie-check'] })
    expect(result.files.map(file => file.path)).toEqual(['server/api/a.get.ts', 'server/utils/audit-log.ts', 'server/utils/cookie-check.ts'])
  })

  it('knows every name the module auto-imports in server code', () => {
    expect([...MODULE_SERVER_IMPORTS].sort()).toEqual([...serverAutoImports].sort())
  })
})
