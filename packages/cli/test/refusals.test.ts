import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'pathe'
import { vi, describe, expect, it } from 'vitest'
import { logger } from '../src/logger'
import { add, createApp } from './helpers'

// each refusal leaves the app exactly as it was
async function expectNothingWritten(app: { dir: string, has: (path: string) => boolean }) {
  expect(app.has('server')).toBe(false)
}

describe('create-action add refuses', () => {
  it('refuses an unknown method suffix naming the valid ones', async () => {
    const app = await createApp()
    await expect(add(app, 'todos/[id].fetch')).rejects.toThrow('Unknown method suffix ".fetch": use one of .get, .post, .put, .patch, .delete, .head.')
    await expectNothingWritten(app)
  })

  it('refuses a missing method suffix when there is no terminal, without prompting', async () => {
    const app = await createApp()
    const prompt = vi.spyOn(logger, 'prompt')
    await expect(add(app, 'todos/[id]')).rejects.toThrow('"todos/[id]" has no method suffix: end it with one of .get, .post, .put, .patch, .delete, .head, like todos/[id].get.')
    expect(prompt).not.toHaveBeenCalled()
    await expectNothingWritten(app)
  })

  it('refuses a missing route when there is no terminal', async () => {
    const app = await createApp()
    await expect(add(app)).rejects.toThrow('Missing the route: create-action <route>, like create-action todos/[id].patch.')
  })

  it('refuses a route with .. that would escape the project', async () => {
    const app = await createApp()
    await expect(add(app, '../../etc/evil.get')).rejects.toThrow('would leave the routes folder: ".." and "." segments are not allowed.')
    await expect(add(app, 'todos/../../x.get')).rejects.toThrow('".." and "." segments are not allowed')
    await expectNothingWritten(app)
  })

  it('refuses a route under a symlink in server/api that leads out of the app, and writes nothing outside', async () => {
    const app = await createApp()
    const outside = await mkdtemp(join(tmpdir(), 'create-action-outside-'))
    try {
      await mkdir(join(app.dir, 'server/api'), { recursive: true })
      await symlink(outside, join(app.dir, 'server/api/escape'), 'dir')
      await expect(add(app, 'escape/evil.get')).rejects.toThrow('"escape/evil" would leave server/api (a symlink on the way leads out of it): nothing was written.')
      await expect(add(app, 'escape/deeper/evil.post', '--middleware', 'audit')).rejects.toThrow('would leave server/api')
      expect(await readdir(outside)).toEqual([])
      expect(app.has('server/utils')).toBe(false)
    }
    finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  it('refuses a shared middleware when server/utils is a symlink out of the app', async () => {
    const app = await createApp()
    const outside = await mkdtemp(join(tmpdir(), 'create-action-outside-'))
    try {
      await mkdir(join(app.dir, 'server'), { recursive: true })
      await symlink(outside, join(app.dir, 'server/utils'), 'dir')
      await expect(add(app, 'a.get', '--middleware', 'audit')).rejects.toThrow('outside the project: nothing was written.')
      expect(await readdir(outside)).toEqual([])
      expect(app.has('server/api/a.get.ts')).toBe(false)
    }
    finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  it('refuses an absolute route path', async () => {
    const app = await createApp()
    await expect(add(app, '/tmp/evil.get')).rejects.toThrow('"/tmp/evil.get" is an absolute path: give the route relative to server/api, like todos/[id].patch.')
    await expect(add(app, 'C:\\evil.get')).rejects.toThrow('is an absolute path')
    await expectNothingWritten(app)
  })

  it('refuses empty and malformed segments', async () => {
    const app = await createApp()
    await expect(add(app, 'todos//x.get')).rejects.toThrow('has an empty path segment')
    await expect(add(app, 'todos/[].get')).rejects.toThrow('"[]" is not a route segment')
    await expect(add(app, 'to dos.get')).rejects.toThrow('"to dos" is not a route segment')
    await expect(add(app, '  ')).rejects.toThrow('The route is empty')
  })

  it('refuses a dynamic segment named twice', async () => {
    const app = await createApp()
    await expect(add(app, 'a/[id]/b/[id].get')).rejects.toThrow('The dynamic segment [id] appears twice')
  })

  it('never overwrites an existing route without --force', async () => {
    const app = await createApp({ files: { 'server/api/hello.get.ts': 'mine' } })
    await expect(add(app, 'hello.get')).rejects.toThrow('server/api/hello.get.ts already exists: pass --force to overwrite it.')
    expect(await app.read('server/api/hello.get.ts')).toBe('mine')
  })

  it('refuses before writing the shared middleware when the route exists', async () => {
    const app = await createApp({ files: { 'server/api/hello.get.ts': 'mine' } })
    await expect(add(app, 'hello.get', '--middleware', 'auth')).rejects.toThrow('already exists')
    expect(app.has('server/utils/auth.ts')).toBe(false)
  })

  it('refuses --dry-run on an existing route too, as the real run would', async () => {
    const app = await createApp({ files: { 'server/api/hello.get.ts': 'mine' } })
    await expect(add(app, 'hello.get', '--dry-run')).rejects.toThrow('already exists')
  })

  it('refuses an unknown --schema naming the valid ones', async () => {
    const app = await createApp()
    await expect(add(app, 'a.get', '--schema', 'yup')).rejects.toThrow('Unknown schema library "yup": use one of zod, valibot, arktype, none.')
    await expectNothingWritten(app)
  })

  it('refuses a middleware name that is not a plain name or is a keyword', async () => {
    const app = await createApp()
    await expect(add(app, 'a.get', '--middleware', '../evil')).rejects.toThrow('"../evil" is not a usable middleware name')
    await expect(add(app, 'a.get', '--middleware', 'delete')).rejects.toThrow('"delete" is not a usable middleware name')
    await expect(add(app, 'a.get', '--middleware', ',')).rejects.toThrow('--middleware needs a name, like --middleware auth.')
    await expectNothingWritten(app)
  })

  it('refuses an existing shared middleware file that does not export the name', async () => {
    const app = await createApp({ files: { 'server/utils/auth.ts': 'export const somethingElse = 1\n' } })
    await expect(add(app, 'a.get', '--middleware', 'auth')).rejects.toThrow('server/utils/auth.ts exists but exports no "auth": export it, or pick another middleware name.')
    expect(app.has('server/api/a.get.ts')).toBe(false)
  })

  it('refuses an unknown flag instead of ignoring it', async () => {
    const app = await createApp()
    await expect(add(app, 'a.get', '--dryrun')).rejects.toThrow('Unknown option --dryrun: valid options are --cwd, --routes, --schema, --middleware, --template, --example, --example-file, --stream, --force, --dry-run.')
    await expectNothingWritten(app)
  })

  it('refuses a folder that is not inside a Nuxt app', async () => {
    const app = await createApp()
    const { rm } = await import('node:fs/promises')
    await rm(`${app.dir}/nuxt.config.ts`)
    await expect(add(app, 'a.get')).rejects.toThrow('No nuxt.config found in')
    expect((await readdir(app.dir)).filter(name => name !== 'node_modules')).toEqual(['package.json'])
  })

  it('refuses a --cwd that does not exist', async () => {
    const app = await createApp()
    await expect(add(app, 'a.get', '--cwd', `${app.dir}/nope`)).rejects.toThrow(`--cwd ${app.dir}/nope does not exist.`)
  })
})
