import { describe, expect, it } from 'vitest'
import { join } from 'pathe'
import { CliError, createAction, scaffoldOptions } from '../src'
import { add, createApp } from './helpers'

async function refusal(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason)
  expect(error).toBeInstanceOf(CliError)
  return error as CliError
}

describe('createAction', () => {
  it('writes the same file as the add command, and says where', async () => {
    const viaLibrary = await createApp()
    const viaCli = await createApp()
    const result = await createAction({ rootDir: viaLibrary.dir, route: 'todos/[id]', method: 'patch' })
    await add(viaCli, 'todos/[id].patch')

    expect(result).toEqual({
      files: [{
        file: join(viaLibrary.dir, 'server/api/todos/[id].patch.ts'),
        path: 'server/api/todos/[id].patch.ts',
        contents: await viaLibrary.read('server/api/todos/[id].patch.ts'),
        existed: false,
      }],
      method: 'patch',
      url: '/api/todos/:id',
      schema: 'zod',
      dryRun: false,
    })
    expect(result.files[0]!.contents).toBe(await viaCli.read('server/api/todos/[id].patch.ts'))
  })

  it('takes the method from a suffix, and walks up from a folder inside the app', async () => {
    const app = await createApp({ files: { 'server/api/.keep': '' } })
    const result = await createAction({ rootDir: join(app.dir, 'server/api'), route: 'hello.get' })
    expect(result).toMatchObject({ method: 'get', url: '/api/hello' })
    expect(app.has('server/api/hello.get.ts')).toBe(true)
  })

  it('writes shared middleware first, then the route importing it, under server/routes when asked', async () => {
    const app = await createApp({ dependencies: { valibot: '^1.0.0' } })
    const result = await createAction({ rootDir: app.dir, route: 'admin', method: 'post', middleware: ['require-user'], folder: 'routes' })
    expect(result.files.map(file => file.path)).toEqual(['server/routes/admin.post.ts', 'server/utils/require-user.ts'])
    expect(result).toMatchObject({ url: '/admin', schema: 'valibot' })
    expect(await app.read('server/routes/admin.post.ts')).toContain(`import { requireUser } from '../utils/require-user'`)
    expect(await app.read('server/utils/require-user.ts')).toContain(`defineActionMiddleware('require-user'`)
  })

  it('reads a header in shared middleware without an h3 helper on Nuxt 5, which no longer auto-imports them', async () => {
    const nuxt4 = await createApp({ dependencies: { nuxt: '^4.2.0' } })
    const nuxt5 = await createApp({ dependencies: { nuxt: '^5.0.0' } })
    const nightly = await createApp({ dependencies: { nuxt: 'npm:nuxt-nightly@5.0.0-29830089.dc519522' } })
    const middlewareOf = async (app: { dir: string }) => (await createAction({ rootDir: app.dir, route: 'me.get', middleware: ['agent'] })).files[1]!.contents
    expect(await middlewareOf(nuxt4)).toContain(`const userAgent = getRequestHeader(event, 'user-agent') ?? 'unknown'`)
    for (const app of [nuxt5, nightly]) {
      const contents = await middlewareOf(app)
      expect(contents).toContain(`const userAgent = event.req.headers.get('user-agent') ?? 'unknown'`)
      expect(contents).not.toMatch(/getRequestHeader|import/)
    }
  })

  it('takes the Nuxt major from the nuxt the app resolves before its package.json range', async () => {
    const app = await createApp({
      dependencies: { nuxt: '^4.2.0' },
      files: { 'node_modules/nuxt/package.json': JSON.stringify({ name: 'nuxt-nightly', version: '5.0.0-29830089.dc519522' }) },
    })
    const result = await createAction({ rootDir: app.dir, route: 'me.get', middleware: ['agent'] })
    expect(result.files[1]!.contents).toContain(`event.req.headers.get('user-agent')`)
  })

  it('renders only with dryRun, and marks a file that would be overwritten', async () => {
    const app = await createApp({ files: { 'server/api/hello.get.ts': 'old' } })
    const result = await createAction({ rootDir: app.dir, route: 'hello.get', dryRun: true, overwrite: true })
    expect(result.dryRun).toBe(true)
    expect(result.files[0]).toMatchObject({ path: 'server/api/hello.get.ts', existed: true })
    expect(await app.read('server/api/hello.get.ts')).toBe('old')
    const fresh = await createAction({ rootDir: app.dir, route: 'other.get', dryRun: true })
    expect(fresh.files[0]!.existed).toBe(false)
    expect(app.has('server/api/other.get.ts')).toBe(false)
  })

  it('refuses an existing route file with FILE_EXISTS and writes nothing, not even missing middleware', async () => {
    const app = await createApp({ files: { 'server/api/hello.get.ts': 'old' } })
    const error = await refusal(createAction({ rootDir: app.dir, route: 'hello.get', middleware: ['auth'] }))
    expect(error.code).toBe('FILE_EXISTS')
    expect(error.message).toBe('server/api/hello.get.ts already exists: nothing was written (set overwrite to replace it).')
    expect(await app.read('server/api/hello.get.ts')).toBe('old')
    expect(app.has('server/utils/auth.ts')).toBe(false)
  })

  it('overwrites with overwrite: true', async () => {
    const app = await createApp({ files: { 'server/api/hello.get.ts': 'old' } })
    const result = await createAction({ rootDir: app.dir, route: 'hello.get', overwrite: true })
    expect(result.files[0]!.existed).toBe(true)
    expect(await app.read('server/api/hello.get.ts')).toContain('defineAction(')
  })

  it.each([
    [{ route: 'hello' }, 'has no method'],
    [{ route: 'hello.get', method: 'post' }, 'ends with .get but the method given is post'],
    [{ route: 'hello', method: 'fetch' }, 'Unknown method suffix ".fetch"'],
    [{ route: '../evil.get' }, 'would leave the routes folder'],
    [{ route: 42 }, 'The route must be a string'],
    [{ route: 'hello.get', schema: 'yup' }, 'Unknown schema library "yup"'],
    [{ route: 'hello.get', middleware: ['../evil'] }, '"../evil" is not a usable middleware name'],
    [{ route: 'hello.get', middleware: [7] }, '7 is not a usable middleware name'],
    [{ route: 'hello.get', folder: 'pages' }, 'Unknown folder "pages"'],
    [{ route: 'hello.post', examples: { title: 'x' } }, 'examples must be an array'],
  ])('refuses %j with BAD_INPUT, writing nothing', async (options, message) => {
    const app = await createApp()
    const error = await refusal(createAction({ rootDir: app.dir, ...options } as never))
    expect(error.code).toBe('BAD_INPUT')
    expect(error.message).toContain(message)
    expect(app.has('server')).toBe(false)
  })

  it('refuses a folder outside any Nuxt app with NO_PROJECT', async () => {
    const error = await refusal(createAction({ rootDir: '/', route: 'hello.get' }))
    expect(error.code).toBe('NO_PROJECT')
  })
})

describe('scaffoldOptions', () => {
  it('lists the schema libraries, the detected ones, the shared middleware and the methods', async () => {
    const app = await createApp({
      dependencies: { nuxt: '^4.0.0', valibot: '^1.0.0', zod: '^4.0.0' },
      files: {
        'server/utils/auth.ts': `export const auth = defineActionMiddleware('auth', ({ next }) => next())\n`,
        'server/utils/audit-log.ts': `export const auditLog = defineActionMiddleware('audit-log', ({ next }) => next())\n`,
        'server/utils/format-date.ts': 'export const formatDate = (date: Date) => date.toISOString()\n',
        'server/utils/wrong-name.ts': `export const other = defineActionMiddleware('other', ({ next }) => next())\n`,
      },
    })
    expect(await scaffoldOptions(join(app.dir, 'server'))).toEqual({
      schemaLibraries: ['zod', 'valibot', 'arktype', 'none'],
      detected: ['zod', 'valibot'],
      installed: ['zod', 'valibot'],
      installCommands: { arktype: 'npm install arktype' },
      // by export name, whatever the file is called
      middleware: ['auditLog', 'auth', 'other'],
      methods: ['get', 'post', 'put', 'patch', 'delete', 'head'],
    })
  })

  it('offers what createAction then accepts: middleware it lists is imported, not rewritten', async () => {
    const app = await createApp({ files: { 'server/utils/auth.ts': `export const auth = defineActionMiddleware('auth', ({ next }) => next())\n` } })
    const { middleware } = await scaffoldOptions(app.dir)
    const result = await createAction({ rootDir: app.dir, route: 'hello.get', middleware })
    expect(result.files.map(file => file.path)).toEqual(['server/api/hello.get.ts'])
  })

  it('answers an empty list for an app without server/utils', async () => {
    const app = await createApp({ dependencies: {} })
    expect(await scaffoldOptions(app.dir)).toMatchObject({ detected: [], middleware: [] })
  })
})
