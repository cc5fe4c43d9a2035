import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { validate } from '@readme/openapi-parser'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../../../test-utils/browser'
import type { OpenApiDocument } from '../../src/runtime/openapi/types'
import { createDevtoolsHome } from '../../../devtools/test/e2e/dev-server'
import type { DevtoolsHome } from '../../../devtools/test/e2e/dev-server'

const fixtureDir = fileURLToPath(new URL('../fixtures/openapi', import.meta.url))
const nuxtBin = fileURLToPath(new URL('../../../../node_modules/nuxt/bin/nuxt.mjs', import.meta.url))
const baseURL = 'http://127.0.0.1:48201'
const documentURL = `${baseURL}/__action-route/api/openapi.json`

let home: DevtoolsHome
let stop: () => Promise<void>

beforeAll(async () => {
  home = await createDevtoolsHome()
  const child = spawn(process.execPath, [nuxtBin, 'dev', fixtureDir, '--port', '48201', '--host', '127.0.0.1', '--no-fork'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...home.env } })
  let log = ''
  child.stdout.on('data', (chunk: Buffer) => (log += chunk))
  child.stderr.on('data', (chunk: Buffer) => (log += chunk))
  stop = async () => {
    if (child.exitCode === null) {
      child.kill()
      await once(child, 'exit')
    }
  }
  const deadline = Date.now() + 240_000
  while (!(await fetch(documentURL, { headers: home.authHeaders }).then(response => response.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nuxi dev did not serve the document:\n${log}`)
    await new Promise(resolve => setTimeout(resolve, 500))
  }
})

afterAll(async () => {
  await stop?.()
  await home?.remove()
})

describe('the document in nuxi dev', () => {
  it('answers only the developer, like every endpoint under /__action-route/', async () => {
    expect((await fetch(documentURL)).status).toBe(403)
    expect((await fetch(documentURL, { headers: { 'x-action-route-token': 'not-the-token' } })).status).toBe(403)
  })

  it('describes every action of the running app and validates with @readme/openapi-parser', async () => {
    const document = await (await fetch(documentURL, { headers: home.authHeaders })).json() as OpenApiDocument
    expect(Object.keys(document.paths).sort()).toEqual(['/api/arktype/orders', '/api/arktype/orders/{id}', '/api/valibot/users', '/api/zod/notes/{slug}', '/api/zod/reply', '/api/zod/todos', '/api/zod/todos/{id}'])
    expect(document.info.title).toBe('Fixture API')
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })

  it('puts the actions into Nitro\'s own dev document (nitro.experimental.openAPI)', async () => {
    const document = await (await fetch(documentURL, { headers: home.authHeaders })).json() as OpenApiDocument
    const nitroDocument = await (await fetch(`${baseURL}/_openapi.json`)).json() as OpenApiDocument
    const { operationId: _id, ...patch } = document.paths['/api/zod/todos/{id}']!.patch!
    expect(nitroDocument.paths['/api/zod/todos/{id}']!.patch).toEqual(patch)
    expect(nitroDocument.paths['/api/health']!.get!.responses).toEqual({ 200: { description: 'OK' } })
  })

  it('leaves an action with metadata.openapi: false, and the routes exclude matches, out of both documents', async () => {
    const document = await (await fetch(documentURL, { headers: home.authHeaders })).json() as OpenApiDocument
    const nitroDocument = await (await fetch(`${baseURL}/_openapi.json`)).json() as OpenApiDocument
    for (const paths of [Object.keys(document.paths), Object.keys(nitroDocument.paths)]) {
      expect(paths).not.toContain('/api/internal/metrics')
      expect(paths).not.toContain('/api/ops/reindex')
    }
    expect(Object.keys(nitroDocument.paths)).toContain('/api/health')
  })
})

describe('the OpenAPI buttons of the Actions panel (Chromium)', () => {
  /** Clicks a button that opens a new tab and reads the JSON shown there. */
  async function jsonOfTabOpenedBy(page: Page, testId: string): Promise<OpenApiDocument> {
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId(testId).click()])
    await tab.waitForLoadState()
    expect(tab.url()).toMatch(/^blob:/)
    const text = await tab.evaluate(() => document.body.textContent ?? '')
    await tab.close()
    return JSON.parse(text) as OpenApiDocument
  }

  it('open the whole document from the header and one action\'s operations from its page', async () => {
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      await page.addInitScript((token) => {
        window.localStorage.setItem('__nuxt_dev_token__', token)
      }, home.token)
      await page.goto(`${baseURL}/__action-route/client/`)
      await page.getByTestId('route-list').waitFor({ timeout: 30_000 })

      const whole = await jsonOfTabOpenedBy(page, 'openapi')
      expect(Object.keys(whole.paths)).toHaveLength(7)

      await page.getByTestId('route-GET /api/zod/todos').click()
      const one = await jsonOfTabOpenedBy(page, 'route-openapi')
      expect(Object.keys(one.paths)).toEqual(['/api/zod/todos'])
      expect(Object.keys(one.paths['/api/zod/todos']!)).toEqual(['get', 'head'])
      expect(one.components.schemas.ActionFieldErrors).toBeDefined()
      // a plain route has no button
      await page.getByTestId('route-GET /api/health').click()
      await page.getByTestId('route-detail').waitFor()
      expect(await page.getByTestId('route-openapi').count()).toBe(0)
    }
    finally {
      await browser.close()
    }
  })
})
