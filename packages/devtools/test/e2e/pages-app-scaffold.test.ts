import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestRecord, ScaffoldOptions } from '../../src/shared/types'
import { launchChromium } from '../../../../test-utils/browser'
import { startNuxtDev, waitFor } from './dev-server'
import type { RunningNuxtDev } from './dev-server'

// The playground is an app with pages/: a path no handler takes is Nuxt's "Page not found" 404, which Nitro 2 sends
// from its error handler, not as a handler's answer. The recorder and the New action endpoints must work there too.
let app: RunningNuxtDev
let browser: Browser | undefined

beforeAll(async () => {
  app = await startNuxtDev()
  // the first page render compiles the Vue app: done here, so the tests' own requests are answered in time
  await fetch(`${app.baseURL}/`, { signal: AbortSignal.timeout(240_000) }).catch(() => undefined)
}, 600_000)
afterAll(async () => {
  await browser?.close()
  await app?.close()
})

async function records(): Promise<RequestRecord[]> {
  const response = await fetch(`${app.baseURL}/__action-route/api/records`, { headers: app.authHeaders })
  expect(response.status).toBe(200)
  return response.json() as Promise<RequestRecord[]>
}

function createAction(request: object) {
  return fetch(`${app.baseURL}/__action-route/api/actions`, {
    method: 'POST',
    headers: { ...app.authHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  })
}

describe('create-from-request in an app with pages (the playground, nuxi dev)', () => {
  it('records a request to a missing route that Nuxt answers with its 404 page, as curl sends it', { timeout: 180_000 }, async () => {
    await fetch(`${app.baseURL}/__action-route/api/records`, { method: 'DELETE', headers: app.authHeaders })
    const missing = await fetch(`${app.baseURL}/api/notes/7`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' })
    expect(missing.status).toBe(404)
    // a browser asking for HTML gets the error page through the same path
    const page = await fetch(`${app.baseURL}/api/notes/8`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept': 'text/html' }, body: '{"text":"y"}' })
    expect(page.status).toBe(404)
    let found: RequestRecord[] = []
    await waitFor(async () => {
      found = (await records()).filter(record => record.unmatched)
      return found.length === 2
    }, 10_000, () => JSON.stringify(found))
    expect(found.map(record => [record.method, record.path, record.status, record.input])).toEqual([
      ['POST', '/api/notes/7', 404, { text: 'x' }],
      ['POST', '/api/notes/8', 404, { text: 'y' }],
    ])
  })

  it('offers the middleware server/utils/auth.ts exports, by name, and which schema libraries are installed', async () => {
    const response = await fetch(`${app.baseURL}/__action-route/api/scaffold`, { headers: app.authHeaders })
    const options = await response.json() as ScaffoldOptions
    expect(options.middleware).toEqual(expect.arrayContaining(['requireRole', 'requireUser']))
    expect(options.installed).toEqual(expect.arrayContaining(['zod']))
  })

  it('refuses a second file for POST /api/todos, naming todos/index.post.ts, and imports requireUser from auth.ts', async () => {
    const taken = await createAction({ route: 'todos', method: 'post', example: { title: 'x' }, dryRun: true })
    expect(taken.status).toBe(400)
    expect(((await taken.json()) as { error: { message: string } }).error.message).toContain('POST /api/todos is answered already by server/api/todos/index.post.ts')
    const planned = await createAction({ route: 'notes/[id]', method: 'post', middleware: ['requireUser'], dryRun: true })
    expect(planned.status).toBe(200)
    const { files } = await planned.json() as { files: { path: string, contents: string }[] }
    expect(files.map(file => file.path)).toEqual(['server/api/notes/[id].post.ts'])
    expect(files[0]!.contents).toContain(`import { requireUser } from '../../utils/auth'`)
  })
})

describe('the New action form on the playground, in Chromium', () => {
  let page: Page

  beforeAll(async () => {
    if (!existsSync(fileURLToPath(new URL('../../dist/client/index.html', import.meta.url)))) {
      throw new Error('Build the panel first: pnpm --filter @action-route/devtools build')
    }
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.addInitScript((token) => {
      window.localStorage.setItem('__nuxt_dev_token__', token)
    }, app.token)
    await page.goto(`${app.baseURL}/__action-route/client/`)
    await page.getByTestId('tab-log').click()
  })

  it('shows the 404 page\'s request as "no route", and pre-fills the form from it with the app\'s middleware to pick', { timeout: 120_000 }, async () => {
    await fetch(`${app.baseURL}/api/notes/9`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"z"}' })
    const item = page.getByTestId('log-item').filter({ hasText: '/api/notes/9' })
    await item.getByTestId('no-route').waitFor({ timeout: 15_000 })
    await item.click()
    await page.getByTestId('create-from-record').click()
    await expect.poll(() => page.getByTestId('new-route').inputValue()).toBe('notes/9')
    const middleware = page.getByTestId('new-middleware')
    await middleware.getByText('requireUser').waitFor({ timeout: 10_000 })
    await middleware.getByText('requireUser').click()
    await expect.poll(() => page.getByTestId('preview-contents').first().textContent(), { timeout: 15_000 }).toContain(`import { requireUser } from '../../utils/auth'`)
    expect(await page.getByTestId('new-action').textContent()).not.toContain('server/utils/requireUser.ts')
  })

  it('pre-fills a request that reached POST /api/todos with todos/index, and says that file is there', { timeout: 120_000 }, async () => {
    await page.getByTestId('tab-log').click()
    await fetch(`${app.baseURL}/api/todos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"Buy milk"}' })
    const item = page.getByTestId('log-item').filter({ hasText: '/api/todos' }).filter({ hasText: 'POST' }).filter({ hasNotText: 'no route' }).first()
    await item.waitFor({ timeout: 15_000 })
    await item.click()
    await page.getByTestId('create-from-record').click()
    await expect.poll(() => page.getByTestId('new-route').inputValue()).toBe('todos/index')
    await expect.poll(() => page.getByTestId('existing-action').textContent(), { timeout: 15_000 }).toContain('server/api/todos/index.post.ts')
    await page.getByTestId('new-route').fill('todos')
    await expect.poll(() => page.getByTestId('existing-action').textContent(), { timeout: 15_000 }).toContain('POST /api/todos is answered already by server/api/todos/index.post.ts')
    expect(await page.getByTestId('preview-file').count()).toBe(0)
  })
})
