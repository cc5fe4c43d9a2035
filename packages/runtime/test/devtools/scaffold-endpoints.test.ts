import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answerCreateAction, scaffoldChoices } from '../../src/runtime/devtools/internal/create-action-endpoint'

// The app a new user builds from the README: zod installed (pnpm), its middleware section's server/utils/auth.ts,
// and a todos/index.post.ts
const README_AUTH = `export const requireUser = defineActionMiddleware('requireUser', async ({ event, next }) => next({ ctx: { user: 1 } }))

export const requireRole = defineActionMiddleware<{ user: User }>('requireRole', async ({ next }) => next())
`
const files: Record<string, string> = {
  'nuxt.config.ts': 'export default defineNuxtConfig({})\n',
  'package.json': JSON.stringify({ dependencies: { nuxt: '^4.0.0', zod: '^4.0.0' } }),
  'pnpm-lock.yaml': 'lockfileVersion: \'9.0\'\n',
  'node_modules/zod/package.json': '{"name":"zod","version":"4.0.0"}',
  'server/utils/auth.ts': README_AUTH,
  'server/api/todos/index.post.ts': 'export default defineAction({ handler: () => ({ ok: true }) })\n',
}

let app: string
beforeEach(async () => {
  app = await mkdtemp(join(tmpdir(), 'scaffold-endpoints-'))
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(dirname(join(app, path)), { recursive: true })
    await writeFile(join(app, path), contents)
  }
})
afterEach(() => rm(app, { recursive: true, force: true }))

function create(request: object) {
  return answerCreateAction(app, { declaredLength: null, body: new Response(JSON.stringify(request)).body })
}

describe('GET /__action-route/api/scaffold', () => {
  it('lists the middleware server/utils exports, by export name, and which schema libraries are installed', async () => {
    expect(await scaffoldChoices(app)).toMatchObject({
      detected: ['zod'],
      installed: ['zod'],
      installCommands: { valibot: 'pnpm add valibot', arktype: 'pnpm add arktype' },
      middleware: ['requireRole', 'requireUser'],
    })
  })
})

describe('POST /__action-route/api/actions', () => {
  it('imports the README\'s requireUser from auth.ts and writes no second one', async () => {
    const answer = await create({ route: 'notes', method: 'post', middleware: ['requireUser'] })
    expect(answer.status).toBe(201)
    expect(await readdir(join(app, 'server/utils'))).toEqual(['auth.ts'])
    expect((answer.body as { files: { contents: string }[] }).files[0]!.contents).toContain(`import { requireUser } from '../utils/auth'`)
  })

  it('refuses a schema library the app has not installed with 400 and its install command, writing nothing', async () => {
    const answer = await create({ route: 'newsletter', method: 'post', schema: 'valibot' })
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST', message: expect.stringContaining('install it first with `pnpm add valibot`') } } })
    expect(await readdir(join(app, 'server/api'))).toEqual(['todos'])
  })

  it('refuses todos (POST) beside todos/index.post.ts with 400, naming the file that answers it', async () => {
    for (const dryRun of [true, false]) {
      const answer = await create({ route: 'todos', method: 'post', example: { title: 'x' }, dryRun })
      expect(answer).toMatchObject({
        status: 400,
        body: { error: { message: expect.stringContaining('POST /api/todos is answered already by server/api/todos/index.post.ts'), file: join(app, 'server/api/todos/index.post.ts') } },
      })
    }
    expect(await readdir(join(app, 'server/api'))).toEqual(['todos'])
  })
})
