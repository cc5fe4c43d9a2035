import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Nuxt } from '@nuxt/schema'
import { runWithNuxtContext } from 'nuxt/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { setupDevtoolsTab } from '../../src/node/index'
import { createPanelHandler } from '../../src/node/internal/panel-handler'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'devtools-tab-'))
  await mkdir(join(dir, 'panel/assets'), { recursive: true })
  await writeFile(join(dir, 'panel/index.html'), '<!doctype html><title>panel</title>')
  await writeFile(join(dir, 'panel/assets/app.js'), 'export {}')
  await writeFile(join(dir, 'secret.txt'), 'outside the panel')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** A Nuxt with the hooks recorded and the dev server handlers collected (the runtime tells the tab the DevTools major). */
function fakeNuxt(devtoolsMajor: 3 | 4, nitroMajor: 2 | 3) {
  const hooks = new Map<string, ((...args: unknown[]) => unknown)[]>()
  const appDir = join(dir, `v${devtoolsMajor}/app/node_modules/nuxt/dist/app`)
  const nuxt = {
    _version: nitroMajor === 3 ? '5.0.0' : '4.4.2',
    options: { _nitroMajor: nitroMajor, appDir, rootDir: join(dir, `v${devtoolsMajor}/app`), modulesDir: [], devServerHandlers: [] as { route?: string, handler: unknown }[] },
    hook: (name: string, run: (...args: unknown[]) => unknown) => void hooks.set(name, [...hooks.get(name) ?? [], run]),
  }
  return { nuxt, hooks }
}

describe('setupDevtoolsTab', () => {
  it('registers a DevTools 4 dock from devtools:ready, and no custom tab', async () => {
    const { nuxt, hooks } = fakeNuxt(4, 3)
    await runWithNuxtContext(nuxt as unknown as Nuxt, () => setupDevtoolsTab(nuxt as unknown as Nuxt, { base: '/__action-route', nitroMajor: 3, devtoolsMajor: 4 }))
    expect(hooks.has('devtools:customTabs')).toBe(false)
    const docks: unknown[] = []
    for (const run of hooks.get('devtools:ready') ?? []) run({ docks: { register: (entry: unknown) => docks.push(entry) } })
    expect(docks).toEqual([expect.objectContaining({ id: 'action-route', type: 'iframe', title: 'Actions', url: '/__action-route/client/' })])
    expect((docks[0] as { icon: string }).icon).toMatch(/^data:image\/svg\+xml,%3Csvg%20/)
    expect(nuxt.options.devServerHandlers.map(entry => entry.route)).toEqual(['/__action-route/client/**'])
  })

  it('adds a DevTools 3 custom tab, and registers nothing for devtools:ready', async () => {
    const { nuxt, hooks } = fakeNuxt(3, 2)
    await runWithNuxtContext(nuxt as unknown as Nuxt, () => setupDevtoolsTab(nuxt as unknown as Nuxt, { base: '/__action-route', nitroMajor: 2, devtoolsMajor: 3 }))
    expect(hooks.has('devtools:ready')).toBe(false)
    const tabs: unknown[] = []
    for (const run of hooks.get('devtools:customTabs') ?? []) run(tabs)
    expect(tabs).toEqual([expect.objectContaining({ name: 'action-route', title: 'Actions', view: { type: 'iframe', src: '/__action-route/client/' } })])
  })

  it('gives DevTools 3 an icon the dev server serves, no icon name fetched from the network', async () => {
    const { nuxt, hooks } = fakeNuxt(3, 2)
    await runWithNuxtContext(nuxt as unknown as Nuxt, () => setupDevtoolsTab(nuxt as unknown as Nuxt, { base: '/base/__action-route', nitroMajor: 2, devtoolsMajor: 3 }))
    const tabs: { icon: string }[] = []
    for (const run of hooks.get('devtools:customTabs') ?? []) run(tabs)
    // DevTools 3 draws an icon starting with `/` as a picture, anything else as an Iconify name it fetches
    expect(tabs[0]!.icon).toBe('/base/__action-route/client/tab-icon.svg')
    // the built panel, as the dev server serves it
    const builtPanel = fileURLToPath(new URL('../../dist/client', import.meta.url))
    const response = await createPanelHandler(builtPanel, '/base/__action-route/client')({ url: new URL(tabs[0]!.icon, 'http://localhost') })
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
  })
})

describe('the panel handler of Nitro 3', () => {
  const handler = () => createPanelHandler(join(dir, 'panel'), '/__action-route/client')
  const get = async (path: string) => {
    const response = await handler()({ url: new URL(path, 'http://localhost') })
    return { type: response.headers.get('content-type'), body: await response.text() }
  }

  it('serves a file of the panel with its type, and the index for any other path', async () => {
    expect(await get('/__action-route/client/assets/app.js')).toEqual({ type: 'text/javascript; charset=utf-8', body: 'export {}' })
    expect((await get('/__action-route/client/')).body).toContain('<title>panel</title>')
    expect((await get('/__action-route/client/routes/deep')).body).toContain('<title>panel</title>')
    expect((await get('/assets/app.js')).body).toBe('export {}')
  })

  it('serves nothing outside the panel folder, encoded or not', async () => {
    for (const path of ['/__action-route/client/../secret.txt', '/__action-route/client/%2e%2e/secret.txt', '/__action-route/client/..%2fsecret.txt']) {
      expect((await get(path)).body).not.toContain('outside the panel')
    }
  })
})
