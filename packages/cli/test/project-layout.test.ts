import { describe, expect, it } from 'vitest'
import { add, createApp, printed } from './helpers'

describe('finding the server folder', () => {
  it('writes to server/ at the root in a Nuxt 4 app whose srcDir is app/', async () => {
    const app = await createApp({ files: { 'app/app.vue': '<template><div /></template>' } })
    await add(app, 'hello.get')
    expect(app.has('server/api/hello.get.ts')).toBe(true)
    expect(app.has('app/server')).toBe(false)
  })

  it('writes to server/ at the root in a Nuxt 3 app', async () => {
    const app = await createApp({ dependencies: { nuxt: '^3.17.0', zod: '^3.24.0' } })
    await add(app, 'hello.get')
    expect(app.has('server/api/hello.get.ts')).toBe(true)
  })

  it('follows a custom srcDir in Nuxt 3, where server/ lives in srcDir', async () => {
    const app = await createApp({ dependencies: { nuxt: '^3.17.0' }, config: `export default defineNuxtConfig({ srcDir: 'src/' })\n` })
    await add(app, 'hello.get')
    expect(app.has('src/server/api/hello.get.ts')).toBe(true)
  })

  it('keeps server/ at the root for Nuxt 3 with compatibilityVersion 4', async () => {
    const app = await createApp({
      dependencies: { nuxt: '^3.17.0' },
      config: `export default defineNuxtConfig({ srcDir: 'src/', future: { compatibilityVersion: 4 } })\n`,
    })
    await add(app, 'hello.get')
    expect(app.has('server/api/hello.get.ts')).toBe(true)
  })

  it('reads the installed Nuxt version before the range in package.json', async () => {
    const app = await createApp({
      dependencies: { nuxt: 'latest' },
      config: `export default defineNuxtConfig({ srcDir: 'src/' })\n`,
      files: { 'node_modules/nuxt/package.json': JSON.stringify({ version: '3.16.2' }) },
    })
    await add(app, 'hello.get')
    expect(app.has('src/server/api/hello.get.ts')).toBe(true)
  })

  it('honours a custom serverDir from nuxt.config, for routes and shared middleware', async () => {
    const app = await createApp({ config: `export default defineNuxtConfig({\n  serverDir: 'backend',\n})\n` })
    await add(app, 'todos/[id].patch', '--middleware', 'auth')
    expect(app.has('backend/api/todos/[id].patch.ts')).toBe(true)
    expect(app.has('backend/utils/auth.ts')).toBe(true)
    expect(await app.read('backend/api/todos/[id].patch.ts')).toContain(`from '../../utils/auth'`)
  })

  it('reads serverDir from a plain object export too', async () => {
    const app = await createApp({ configName: 'nuxt.config.js', config: `export default { serverDir: './src/server' }\n` })
    await add(app, 'hello.get')
    expect(app.has('src/server/api/hello.get.ts')).toBe(true)
  })

  it('refuses a serverDir it cannot read without running the config', async () => {
    const app = await createApp({ config: `import { resolve } from 'node:path'\nexport default defineNuxtConfig({ serverDir: resolve('x') })\n` })
    await expect(add(app, 'hello.get')).rejects.toThrow(`serverDir in nuxt.config.ts is not a plain string: create-action reads the config without running it, so write it as a literal, like serverDir: 'src/server'.`)
  })

  it('refuses a config it cannot parse when that config mentions serverDir', async () => {
    const app = await createApp({ config: `const config = { serverDir: 'x' }\nexport default config\n` })
    await expect(add(app, 'hello.get')).rejects.toThrow('nuxt.config.ts sets serverDir in a way create-action cannot read without running it')
  })

  it('warns and assumes server/ when a config that mentions srcDir cannot be read', async () => {
    const app = await createApp({ config: `module.exports = { srcDir: process.env.SRC }\n` })
    await add(app, 'hello.get')
    expect(app.has('server/api/hello.get.ts')).toBe(true)
    expect(printed()).toContain('Could not read nuxt.config.ts statically: assuming the server folder is server/.')
  })

  it('does not parse a config that sets neither serverDir nor srcDir, and uses server/', async () => {
    const app = await createApp({ config: `module.exports = {}\n` })
    await add(app, 'hello.get')
    expect(app.has('server/api/hello.get.ts')).toBe(true)
    expect(printed()).not.toContain('Could not read')
  })

  it('refuses a serverDir outside the project', async () => {
    const app = await createApp({ config: `export default defineNuxtConfig({ serverDir: '../elsewhere' })\n` })
    await expect(add(app, 'hello.get')).rejects.toThrow('is outside the project')
  })
})
