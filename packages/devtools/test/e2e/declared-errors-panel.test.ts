import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegistryResponse } from '../../src/shared/types'
import { launchChromium } from '../../../../test-utils/browser'
import { startScratchDev } from './scratch-app'
import type { ScratchDev } from './scratch-app'

const LOOKUP = `import { z } from 'zod'

export default defineAction({
  params: z.object({ id: z.coerce.number() }),
  errors: {
    NOT_FOUND: { statusCode: 404, message: 'No such todo' },
    GONE: { statusCode: 410 },
  },
  handler: ({ params, errors }) => {
    if (params.id === 2) throw createActionError({ code: 'TEAPOT', message: 'Short and stout', statusCode: 418 })
    throw errors.NOT_FOUND()
  },
})
`

let app: ScratchDev
let browser: Browser
let page: Page

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../../dist/client/index.html', import.meta.url)))) {
    throw new Error('Build the panel first: pnpm --filter @action-route/devtools build')
  }
  app = await startScratchDev({ name: 'declared-errors', files: { 'server/api/todos/[id].get.ts': LOOKUP } })
  browser = await launchChromium()
  page = await browser.newPage()
  await page.addInitScript((token) => {
    window.localStorage.setItem('__nuxt_dev_token__', token)
  }, app.token)
})

afterAll(async () => {
  await browser?.close()
  await app?.close()
})

describe('declared errors in the DevTools', () => {
  it('the registry lists an action\'s declared errors', async () => {
    const registry = await (await fetch(`${app.baseURL}/__action-route/api/routes`, { headers: app.authHeaders })).json() as RegistryResponse
    const route = registry.routes.find(entry => entry.id === 'GET /api/todos/:id')
    expect(route?.action?.errors).toEqual({ NOT_FOUND: { statusCode: 404, message: 'No such todo' }, GONE: { statusCode: 410 } })
    expect(registry.routes.find(entry => entry.id === 'POST /api/hello')?.action).not.toHaveProperty('errors')
  })

  it('the route\'s detail shows them, the composer expects them, and flags a code that is not declared', async () => {
    await page.goto(`${app.baseURL}/__action-route/client/`)
    await page.getByTestId('route-GET /api/todos/:id').click()
    await expect.poll(() => page.getByTestId('declared-errors').textContent()).toMatch(/NOT_FOUND\s*404\s*No such todo\s*GONE\s*410/)
    expect(await page.getByTestId('expected-answers').textContent()).toMatch(/NOT_FOUND 404.*GONE 410/)
    await page.getByTestId('send').click()
    await expect.poll(() => page.getByTestId('status').first().textContent()).toBe('404')
    expect(await page.getByTestId('undeclared-code').count()).toBe(0)
    await page.getByTestId('param-id').fill('2')
    await page.getByTestId('send').click()
    await expect.poll(() => page.getByTestId('status').first().textContent()).toBe('418')
    expect(await page.getByTestId('undeclared-code').textContent()).toContain('TEAPOT is not among the declared errors')
  })
})
