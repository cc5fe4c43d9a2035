import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'pathe'
import { describe, expect, it } from 'vitest'
import { createAction, scaffoldOptions } from '../src/create-action'
import { detectPackageManager } from '../src/project/detect-package-manager'
import { add, createApp } from './helpers'

describe('a schema library the app has not installed', () => {
  it('is refused with the command that installs it, and nothing is written (the route would take every route of the dev server down)', async () => {
    const app = await createApp({ dependencies: { nuxt: '^4.0.0', zod: '^4.0.0' } })
    await app.write('pnpm-lock.yaml', 'lockfileVersion: \'9.0\'\n')
    await expect(add(app, 'newsletter.post', '--schema', 'valibot'))
      .rejects.toThrow('valibot is not installed in this app: install it first with `pnpm add valibot`, or pick one the app has (zod). Nothing was written.')
    await expect(add(app, 'newsletter.post', '--schema', 'valibot', '--dry-run')).rejects.toThrow('pnpm add valibot')
    expect(app.has('server')).toBe(false)
  })

  it('is refused when package.json lists it but it is not installed: what counts is what the app can import', async () => {
    const app = await createApp({ dependencies: { nuxt: '^4.0.0', valibot: '^1.0.0' }, installed: [] })
    await app.write('yarn.lock', '')
    const error = await createAction({ rootDir: app.dir, route: 'newsletter.post' }).catch((error: unknown) => error)
    expect(error).toMatchObject({ code: 'NOT_INSTALLED', message: 'valibot is not installed in this app: install it first with `yarn add valibot`. Nothing was written.' })
  })

  it('is never the default: the first listed library that is installed is', async () => {
    const app = await createApp({ dependencies: { nuxt: '^4.0.0', valibot: '^1.0.0', zod: '^4.0.0' }, installed: ['zod'] })
    expect((await createAction({ rootDir: app.dir, route: 'a.get' })).schema).toBe('zod')
    expect((await add(app, 'b.get')).schema).toBe('zod')
  })

  it('takes a library installed in a workspace above the app, as Node resolves it', async () => {
    const app = await createApp({ dependencies: { nuxt: '^4.0.0' }, installed: [], files: { 'node_modules/arktype/package.json': '{"name":"arktype","exports":{".":"./index.js"}}' } })
    await mkdir(join(app.dir, 'apps/web'), { recursive: true })
    await writeFile(join(app.dir, 'apps/web/nuxt.config.ts'), 'export default defineNuxtConfig({})\n')
    const result = await createAction({ rootDir: join(app.dir, 'apps/web'), route: 'a.get', schema: 'arktype' })
    expect(result.files[0]!.path).toBe('server/api/a.get.ts')
  })

  it('is marked in the form\'s choices, with its install command', async () => {
    const app = await createApp({ dependencies: { nuxt: '^4.0.0', valibot: '^1.0.0', zod: '^4.0.0' }, installed: ['zod'] })
    await app.write('package-lock.json', '{}')
    expect(await scaffoldOptions(app.dir)).toMatchObject({
      detected: ['zod', 'valibot'],
      installed: ['zod'],
      installCommands: { valibot: 'npm install valibot', arktype: 'npm install arktype' },
    })
  })

  it('names the package manager from packageManager, then the nearest lockfile, else npm', async () => {
    const app = await createApp()
    expect(await detectPackageManager(app.dir)).toBe('npm')
    await app.write('bun.lock', '')
    expect(await detectPackageManager(app.dir)).toBe('bun')
    await app.write('package.json', JSON.stringify({ packageManager: 'pnpm@10.0.0' }))
    expect(await detectPackageManager(app.dir)).toBe('pnpm')
  })
})
