import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegistryResponse } from '../../src/shared/types'
import { launchChromium } from '../../../../test-utils/browser'
import { devServerDir, startNuxtDev, waitFor } from './dev-server'
import type { RunningNuxtDev } from './dev-server'

const results = fileURLToPath(new URL('../../test-results/', import.meta.url))
const readmeShot = fileURLToPath(new URL('../../../../docs/devtools-tab.png', import.meta.url))
const probeDir = `${devServerDir}/server/api/devtools-probe`

let app: RunningNuxtDev
let browser: Browser
let page: Page

/** The registry; a call caught in a Nitro restart (a route file added) can stall, so each gives up after 5 s and the caller asks again. */
async function registry(): Promise<RegistryResponse> {
  return (await fetch(`${app.baseURL}/__action-route/api/routes`, { headers: app.authHeaders, signal: AbortSignal.timeout(5_000) })).json() as Promise<RegistryResponse>
}

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../../dist/client/index.html', import.meta.url)))) {
    throw new Error('Build the panel first: pnpm --filter @action-route/devtools build')
  }
  await rm(probeDir, { recursive: true, force: true })
  // Nitro watches the server folders that exist when it starts
  await mkdir(`${devServerDir}/server/api`, { recursive: true })
  await mkdir(results, { recursive: true })
  app = await startNuxtDev()
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  // where Nuxt DevTools keeps the token once the developer authorised this browser
  await page.addInitScript((token) => {
    window.localStorage.setItem('__nuxt_dev_token__', token)
  }, app.token)
})

afterAll(async () => {
  await browser?.close()
  await app?.close()
  await rm(probeDir, { recursive: true, force: true })
})

describe('the Actions tab in nuxi dev', () => {
  it('asks a browser without the token to authorise, and loads once a right token is given', async () => {
    const stranger = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    try {
      await stranger.goto(`${app.baseURL}/__action-route/client/?theme=dark`)
      await stranger.getByTestId('authorise').waitFor({ timeout: 15_000 })
      expect(await stranger.getByTestId('route-list').count()).toBe(0)
      await stranger.getByTestId('ask-devtools').click()
      await stranger.getByTestId('no-devtools').waitFor()
      await stranger.getByTestId('token-input').fill('not-the-token')
      await stranger.getByTestId('use-token').click()
      await stranger.getByTestId('token-refused').waitFor()
      await stranger.screenshot({ path: `${results}authorise-dark.png` })
      await stranger.getByTestId('token-input').fill(app.token)
      await stranger.getByTestId('use-token').click()
      await stranger.getByTestId('route-GET /api/admin/stats').waitFor({ timeout: 15_000 })
      expect(await stranger.evaluate(() => window.localStorage.getItem('__nuxt_dev_token__'))).toBe(app.token)
    }
    finally {
      await stranger.close()
    }
  })

  it('asks for the routes while the panel\'s code is still loading, not once it has mounted', async () => {
    // the page asks before its first module script, and the panel takes that answer instead of asking again (an order
    // and a count: the times of a request and of the scripts swap with the cache and the machine's load)
    const html = await (await fetch(`${app.baseURL}/__action-route/client/`)).text()
    expect(html.indexOf('../api/routes')).toBeGreaterThan(-1)
    expect(html.indexOf('../api/routes')).toBeLessThan(html.indexOf('<script async type="module"'))
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    try {
      await fresh.addInitScript((token) => {
        window.localStorage.setItem('__nuxt_dev_token__', token)
      }, app.token)
      await fresh.goto(`${app.baseURL}/__action-route/client/`)
      await fresh.getByTestId('route-GET /api/admin/stats').waitFor({ timeout: 15_000 })
      const asked = await fresh.evaluate(() => performance.getEntriesByType('resource').filter(entry => entry.name.endsWith('/__action-route/api/routes')).length)
      expect(asked).toBe(1)
    }
    finally {
      await fresh.close()
    }
  })

  it('lists the playground actions with metadata, middleware and schemas', async () => {
    const { routes } = await registry()
    const stats = routes.find(route => route.id === 'GET /api/admin/stats')
    expect(stats?.action).toMatchObject({ metadata: { role: 'admin' }, middleware: ['requireUser', 'requireRole'] })
    expect(routes.find(route => route.id === 'POST /api/todos')?.action?.input?.jsonSchema).toMatchObject({ required: ['title'] })

    await page.goto(`${app.baseURL}/__action-route/client/?theme=dark`)
    await page.getByTestId('route-GET /api/admin/stats').click()
    await expect.poll(() => page.getByTestId('metadata').textContent()).toContain('admin')
    expect(await page.getByTestId('middleware').textContent()).toMatch(/requireUser.*requireRole/)
    await page.getByTestId('route-search').fill('todos')
    expect(await page.getByTestId('route-list').textContent()).not.toContain('/api/admin/stats')
    await page.getByTestId('route-search').fill('')
  })

  it('sends a request from the composer and shows the envelope, fieldErrors beside the field', async () => {
    await page.getByTestId('route-POST /api/feedback').click()
    await page.getByTestId('field-rating').locator('input').fill('9')
    await page.getByTestId('send').click()
    await expect.poll(() => page.getByTestId('status').first().textContent()).toBe('422')
    expect(await page.getByTestId('field-rating').getByTestId('field-error').textContent()).toMatch(/rating/)
    await page.getByTestId('field-rating').locator('input').fill('5')
    // an emptied text field sends "", as a browser's form does; ✕ leaves it out
    const comment = page.getByTestId('field-comment')
    await comment.locator('input').fill('x')
    await comment.locator('input').fill('')
    expect(await comment.getByTestId('field-empty-string').textContent()).toBe('""')
    const sentEmpty = page.waitForRequest(request => request.method() === 'POST' && new URL(request.url()).pathname === '/api/feedback')
    await page.getByTestId('send').click()
    expect((await sentEmpty).postDataJSON()).toEqual({ rating: 5, comment: '' })
    await expect.poll(() => page.getByTestId('envelope').textContent()).toContain('"thanks": true')
    await comment.getByTestId('field-omit').click()
    const sentWithout = page.waitForRequest(request => request.method() === 'POST' && new URL(request.url()).pathname === '/api/feedback')
    await page.getByTestId('send').click()
    expect((await sentWithout).postDataJSON()).toEqual({ rating: 5 })
    await page.screenshot({ path: `${results}actions-dark.png` })
    await page.getByTestId('theme').click()
    await page.screenshot({ path: `${results}actions-light.png` })
  })

  it('says no request matches a filter that matches none, not that there is no request yet', async () => {
    await page.getByTestId('tab-log').click()
    await page.getByTestId('log-item').first().waitFor({ timeout: 10_000 })
    await page.getByTestId('log-filter').fill('no-such-request')
    await expect.poll(() => page.getByTestId('log-empty').textContent()).toMatch(/No request matches "no-such-request" \(\d+ kept\)/)
    await page.getByTestId('log-filter').fill('')
    await page.getByTestId('log-item').first().waitFor()
  })

  it('shows a request made from outside live, replays it edited and diffs the envelopes', async () => {
    await page.getByTestId('tab-log').click()
    await fetch(`${app.baseURL}/api/feedback?from=outside`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'authorization': 'Bearer secret-token' },
      body: JSON.stringify({ rating: 4, password: 'typed-into-the-app' }),
    })
    const item = page.getByTestId('log-item').filter({ hasText: '/api/feedback?from=outside' })
    await item.waitFor({ timeout: 10_000 })
    await item.click()
    expect(await page.getByTestId('record-detail').textContent()).toContain('[redacted]')
    expect(await page.getByTestId('record-detail').textContent()).not.toContain('secret-token')
    expect(await page.getByTestId('record-detail').textContent()).toContain('"password": "[redacted]"')
    expect(await page.getByTestId('record-detail').textContent()).not.toContain('typed-into-the-app')

    await page.getByTestId('replay').click()
    await expect.poll(() => page.getByTestId('diff-summary').textContent()).toBe('identical')
    await page.getByTestId('edit').click()
    await page.getByTestId('edit-input').fill('{ "rating": 3 }')
    await page.getByTestId('replay').click()
    await expect.poll(() => page.getByTestId('diff-summary').textContent()).toMatch(/changed/)
    expect(await page.getByTestId('diff').textContent()).toMatch(/"rating": 4[\s\S]*"rating": 3/)
    await page.getByTestId('theme').click()
    await page.screenshot({ path: `${results}log-replay-dark.png` })
    // the README's picture is tracked: refresh it on request only, so a test run leaves the tree clean
    if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: readmeShot })
  })

  it('follows route files as they are added and removed', async () => {
    await mkdir(probeDir, { recursive: true })
    await writeFile(`${probeDir}/ping.get.ts`, `export default defineAction({ metadata: { probe: true }, handler: () => 'pong' })\n`)
    await waitFor(async () => (await registry().catch(() => undefined))?.routes.some(route => route.id === 'GET /api/devtools-probe/ping' && route.action?.metadata.probe === true) ?? false, 90_000, app.log)
    await rm(probeDir, { recursive: true, force: true })
    await waitFor(async () => (await registry().catch(() => undefined))?.routes.every(route => !route.route.includes('devtools-probe')) ?? false, 90_000, app.log)
  }, 200_000)
})
