import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Nuxt } from '@nuxt/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countActionRoutes, renderStartupSummary, setupStartupSummary } from '../../src/startup-summary/startup-summary'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'startup-summary-'))
  await mkdir(join(dir, 'server/api/todos'), { recursive: true })
  await mkdir(join(dir, 'server/routes'), { recursive: true })
  await writeFile(join(dir, 'server/api/todos/index.get.ts'), 'export default defineAction({ handler: () => [] })\n')
  await writeFile(join(dir, 'server/api/todos/index.post.ts'), 'export default defineAction({\n  handler: () => ({})\n})\n')
  await writeFile(join(dir, 'server/api/admin.post.ts'), 'export default client.handler(() => ({}))\n')
  await writeFile(join(dir, 'server/routes/health.get.ts'), 'export default defineEventHandler(() => \'ok\')\n')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** A Nuxt and its Nitro with their hooks recorded, and the lines the module logged. */
function fakeNuxt(dev: boolean) {
  const hooks = new Map<string, ((...args: unknown[]) => unknown)[]>()
  const nitroHooks = new Map<string, ((...args: unknown[]) => unknown)[]>()
  const nitro = {
    options: { scanDirs: [join(dir, 'server')], apiBaseURL: '/api', output: { publicDir: join(dir, '.output/public') } },
    hooks: { hook: (name: string, run: (...args: unknown[]) => unknown) => void nitroHooks.set(name, [...nitroHooks.get(name) ?? [], run]) },
  }
  const nuxt = {
    options: { dev, rootDir: dir, app: { baseURL: '/app/' } },
    hook: (name: string, run: (...args: unknown[]) => unknown) => void hooks.set(name, [...hooks.get(name) ?? [], run]),
  }
  const lines: string[] = []
  const call = async (map: typeof hooks, name: string, ...args: unknown[]) => {
    for (const run of map.get(name) ?? []) await run(...args)
  }
  return { nuxt: nuxt as unknown as Nuxt, nitro, lines, logger: { info: (line: string) => void lines.push(line) }, call, hooks, nitroHooks }
}

describe('the start-up line', () => {
  it('counts the route files that define actions, as create-action list does', async () => {
    expect(await countActionRoutes([join(dir, 'server')], '/api')).toEqual({ actions: 3, otherRoutes: 1 })
  })

  it('says the action count and where the OpenAPI document is', () => {
    expect(renderStartupSummary({ actions: 1, otherRoutes: 0, dev: true, baseURL: '/' })).toBe('1 action. OpenAPI document: /__action-route/api/openapi.json (dev only)')
    expect(renderStartupSummary({ actions: 12, otherRoutes: 2, dev: false, baseURL: '/app/', openapi: { file: '.output/public/openapi.json', route: '/openapi.json' } }))
      .toBe('12 actions (and 2 other routes). OpenAPI document: .output/public/openapi.json, served at /app/openapi.json')
    expect(renderStartupSummary({ actions: 0, otherRoutes: 1, dev: false, baseURL: '/' })).toBe('0 actions (and 1 other route). OpenAPI document: none (set actionRoute.openapi to publish one)')
    expect(renderStartupSummary({ actions: 2, otherRoutes: 0, dev: true, devEndpoints: false, baseURL: '/' })).toBe('2 actions. OpenAPI document: none in dev (actionRoute.devtools.enabled is false)')
  })

  it('prints once in nuxi dev, when Nitro is set up, and not again when it rebuilds', async () => {
    const { nuxt, nitro, lines, logger, call, hooks, nitroHooks } = fakeNuxt(true)
    setupStartupSummary(nuxt, { openapi: undefined }, logger)
    await call(hooks, 'nitro:init', nitro)
    // the count reads the route files in the background: wait for its line (a fixed 50 ms lost to a loaded machine)
    await expect.poll(() => lines.length).toBe(1)
    for (let rebuild = 0; rebuild < 3; rebuild++) await call(nitroHooks, 'compiled', nitro)
    expect(lines).toEqual(['3 actions (and 1 other route). OpenAPI document: /app/__action-route/api/openapi.json (dev only)'])
  })

  it('prints once in a build, when the server is compiled, naming the document file and its route', async () => {
    const { nuxt, nitro, lines, logger, call, hooks, nitroHooks } = fakeNuxt(false)
    setupStartupSummary(nuxt, { openapi: { route: '/api-docs.json' } }, logger)
    await call(hooks, 'nitro:init', nitro)
    expect(lines).toEqual([])
    await call(nitroHooks, 'compiled', { options: {} })
    await call(nitroHooks, 'compiled', nitro)
    await call(nitroHooks, 'compiled', nitro)
    expect(lines).toEqual(['3 actions (and 1 other route). OpenAPI document: .output/public/api-docs.json, served at /app/api-docs.json'])
  })
})
