import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Har } from '../../src/client/logic/records-to-har'
import { launchChromium } from '../../../../test-utils/browser'
import { startScratchDev } from './scratch-app'
import type { ScratchDev } from './scratch-app'

const results = fileURLToPath(new URL('../../test-results/', import.meta.url))
const docsShot = (name: string) => fileURLToPath(new URL(`../../../../docs/${name}`, import.meta.url))

const HELLO = `import { z } from 'zod'

export default defineAction({
  input: z.object({ name: z.string() }),
  middleware: [withUser],
  handler: ({ input, ctx }) => ({ greeting: \`Hello \${input.name}\`, by: ctx.user }),
})
`
const WITH_USER = `export const withUser = defineActionMiddleware('withUser', ({ next }) => next({ ctx: { user: 'ada', role: 'admin' } }))\n`

let app: ScratchDev
let browser: Browser
let context: BrowserContext
let page: Page
// the "editor" nuxi dev launches (LAUNCH_EDITOR) writes each file it is asked to open here, one per line
let editorCallsFile = ''
/** The files the editor was asked to open so far. */
const opened = () => existsSync(editorCallsFile) ? readFileSync(editorCallsFile, 'utf8').split('\n').filter(Boolean) : []

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../../dist/client/index.html', import.meta.url)))) {
    throw new Error('Build the panel first: pnpm --filter @action-route/devtools build')
  }
  await mkdir(results, { recursive: true })
  const editorDir = await mkdtemp(join(tmpdir(), 'action-route-editor-'))
  editorCallsFile = join(editorDir, 'calls.txt')
  const editor = join(editorDir, 'editor.sh')
  await writeFile(editor, `#!/bin/sh\necho "$1" >> '${editorCallsFile}'\n`)
  await chmod(editor, 0o755)
  // a folder of this process's own: a concurrent run of this file on the same installed app (scratch-app.ts writes
  // every run to .scratch-<name>, and deletes it on close) rewrote it under this one's nuxi dev, and its action never loaded
  app = await startScratchDev({ name: `loop-${process.pid}`, files: { 'server/api/hello.post.ts': HELLO, 'server/utils/with-user.ts': WITH_USER }, env: { LAUNCH_EDITOR: editor } })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseURL })
  page = await context.newPage()
  await page.addInitScript((token) => {
    window.localStorage.setItem('__nuxt_dev_token__', token)
  }, app.token)
})

afterAll(async () => {
  await browser?.close()
  await app?.close()
})

describe('the Actions tab: from a request to a missing route to its action', () => {
  it('runs inside DevTools\' iframe client: its color mode; open-in-editor goes through the module\'s endpoint, not the RPC', async () => {
    await page.goto(`${app.baseURL}/__action-route/client/`)
    await page.getByTestId('route-POST /api/hello').waitFor({ timeout: 15_000 })
    // what Nuxt DevTools 3 does once the tab's iframe loaded: hand it its client
    await page.evaluate(() => {
      const hooks: Record<string, () => void> = {}
      const rpcOpened: string[] = []
      const client = {
        host: { hooks: { hook: (name: string, run: () => void) => void (hooks[name] = run) } },
        devtools: { colorMode: 'dark', rpc: { openInEditor: async (_token: string, file: string) => rpcOpened.push(file) > 0, requestForAuth: async () => {} } },
      }
      Object.assign(window, { __rpcOpened: rpcOpened, __host: { client, hooks } })
      ;(window as unknown as { __NUXT_DEVTOOLS__: unknown }).__NUXT_DEVTOOLS__ = client
    })
    await expect.poll(() => page.locator('.app').getAttribute('class')).toContain('dark')
    await page.evaluate(() => {
      const host = (window as unknown as { __host: { client: { devtools: { colorMode: string } }, hooks: Record<string, () => void> } }).__host
      host.client.devtools.colorMode = 'light'
      host.hooks['host:update:reactivity']!()
    })
    await expect.poll(() => page.locator('.app').getAttribute('class')).toContain('light')
    await page.getByRole('button', { name: 'Open in editor' }).click()
    await expect.poll(opened, { timeout: 15_000 }).toEqual([join(app.rootDir, 'server/api/hello.post.ts')])
    expect(await page.evaluate(() => (window as unknown as { __rpcOpened: string[] }).__rpcOpened)).toEqual([])
  })

  it('marks a request to a missing route "no route", and creates its action from it with the inferred schema', async () => {
    await page.getByTestId('tab-log').click()
    const missing = await fetch(`${app.baseURL}/api/notes/7`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Call Ada', pinned: false, tags: ['work'], due: null }),
    })
    expect(missing.headers.get('content-type')).not.toMatch(/json/)
    const item = page.getByTestId('log-item').filter({ hasText: '/api/notes/7' })
    await item.getByTestId('no-route').waitFor({ timeout: 10_000 })
    await item.click()
    await page.getByTestId('create-from-record').click()
    await expect.poll(() => page.getByTestId('new-route').inputValue()).toBe('notes/7')
    expect(await page.getByTestId('new-method').inputValue()).toBe('post')
    await expect.poll(() => page.getByTestId('new-schema').inputValue()).toBe('zod')
    expect(JSON.parse(await page.getByTestId('new-example').inputValue())).toEqual({ text: 'Call Ada', pinned: false, tags: ['work'], due: null })
    await page.getByTestId('new-route').fill('notes/[id]')
    await expect.poll(() => page.getByTestId('preview-route').textContent(), { timeout: 10_000 }).toContain('POST /api/notes/:id')
    await expect.poll(() => page.getByTestId('preview-contents').first().textContent(), { timeout: 10_000 }).toMatch(/text: z\.string\(\)[\s\S]*pinned: z\.boolean\(\)/)
    expect(await page.getByTestId('new-action').textContent()).toContain('server/api/notes/[id].post.ts')
    await page.screenshot({ path: `${results}create-action.png` })
    if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: docsShot('devtools-create-action.png') })

    await page.getByTestId('write-action').click()
    // Nitro restarts for the new file; the panel asks until the registry lists the route, then shows it
    await page.getByTestId('route-detail').filter({ hasText: '/api/notes/:id' }).waitFor({ timeout: 90_000 })
    await page.getByTestId('route-POST /api/notes/:id').waitFor()
    const file = join(app.rootDir, 'server/api/notes/[id].post.ts')
    expect(await readFile(file, 'utf8')).toMatch(/defineAction/)
    await page.getByRole('button', { name: 'Open in editor' }).click()
    await expect.poll(opened, { timeout: 15_000 }).toContain(file)
  }, 120_000)

  it('replays the request that found no route, and the new action answers 200', async () => {
    await page.getByTestId('tab-log').click()
    await page.getByTestId('log-item').filter({ hasText: '/api/notes/7' }).first().click()
    await page.getByTestId('replay').click()
    await expect.poll(() => page.getByTestId('record-detail').locator('h3').filter({ hasText: 'Replay' }).textContent(), { timeout: 15_000 }).toMatch(/Replay\s*200/)
    // the action's envelope, where the request had reached the app's HTML page
    expect(await page.getByTestId('diff').textContent()).toContain('"success": true')
    await page.screenshot({ path: `${results}replay-after-create.png` })
  })

  it('never overwrites the route file without an explicit yes', async () => {
    const file = join(app.rootDir, 'server/api/notes/[id].post.ts')
    const before = await readFile(file, 'utf8')
    await page.getByTestId('tab-new').click()
    await page.getByTestId('new-route').fill('notes/[id]')
    await page.getByTestId('new-method').selectOption('post')
    await page.getByTestId('write-action').click()
    await page.getByTestId('overwrite-question').waitFor()
    expect(await readFile(file, 'utf8')).toBe(before)
    await page.getByRole('button', { name: 'Keep the existing file' }).click()
    expect(await page.getByTestId('overwrite-question').count()).toBe(0)
    expect(await readFile(file, 'utf8')).toBe(before)

    // only the explicit yes sends overwrite: true
    await page.getByTestId('write-action').click()
    await page.getByTestId('confirm-overwrite').click()
    // written (without the example this time), then the route is on show again
    await page.getByTestId('route-detail').filter({ hasText: '/api/notes/:id' }).waitFor({ timeout: 30_000 })
    expect(await readFile(file, 'utf8')).not.toBe(before)
  }, 60_000)

  it('draws a record\'s lifecycle as a waterfall, middleware by name with the ctx keys it added', async () => {
    await fetch(`${app.baseURL}/api/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' })
    await page.getByTestId('tab-log').click()
    await page.getByTestId('log-item').filter({ hasText: '/api/hello' }).first().click()
    const waterfall = page.getByTestId('waterfall')
    await waterfall.waitFor()
    const steps = await waterfall.getByTestId('waterfall-step').allTextContents()
    expect(steps.map(step => step.trim().split(/\s+/)[0])).toEqual(expect.arrayContaining(['parse', 'validate', 'withUser', 'handler']))
    expect(await waterfall.getByTestId('ctx-keys').first().textContent()).toMatch(/user, role|role, user/)
    await page.screenshot({ path: `${results}waterfall.png` })
    if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: docsShot('devtools-waterfall.png') })
  })

  it('exports a record as a vitest test (clipboard and download) and the log as HAR 1.2', async () => {
    await page.getByTestId('copy-vitest').click()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain(`import { expect, it } from 'vitest'`)
    expect(copied).toContain(`fetch(new URL('/api/hello', baseURL)`)
    expect(copied).toMatch(/expect\(response\.status\)\.toBe\(200\)/)

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-vitest').click()])
    expect(download.suggestedFilename()).toBe('post-api-hello.test.ts')
    expect(await readFile((await download.path())!, 'utf8')).toBe(copied)

    const [har] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-har').click()])
    expect(har.suggestedFilename()).toMatch(/\.har$/)
    const log = JSON.parse(await readFile((await har.path())!, 'utf8')) as Har
    expect(log.log.version).toBe('1.2')
    const urls = log.log.entries.map(entry => entry.request.url)
    expect(urls).toEqual(expect.arrayContaining([`${app.baseURL}/api/notes/7`, `${app.baseURL}/api/hello`]))
    expect(log.log.entries.find(entry => entry.request.url.endsWith('/api/hello'))!._actionRoute.timings!.length).toBeGreaterThan(0)
  })
})
