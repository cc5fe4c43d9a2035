import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { startNuxtDevApp } from '../../packages/runtime/test/helpers/dev-app'
import type { DevApp } from '../../packages/runtime/test/helpers/dev-app'
import { signIn, signInContext } from './session'

const baseURL = inject('playgroundURL')
const mode = inject('playgroundMode')
// the compatibility suite points these at an installed copy of the playground and the Node it was installed with
const playgroundDir = process.env.E2E_PLAYGROUND_DIR || fileURLToPath(new URL('..', import.meta.url))
const node = process.env.E2E_NODE || process.execPath

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

async function call(path: string, cookie: string, init: { method?: string, json?: unknown } = {}) {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method,
    headers: { cookie, ...init.json === undefined ? {} : { 'content-type': 'application/json' } },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
  return { status: response.status, body: await response.json() }
}

/** The text of the page's "Also done / Also to do" list, as the server rendered it. */
async function renderedTodoPage(id: number, cookie: string) {
  const response = await fetch(`${baseURL}/todos/${id}`, { headers: { cookie } })
  const html = await response.text()
  const list = /<ul data-test="same-state"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? ''
  return { status: response.status, html, list }
}

describe('a page whose second call needs the first\'s answer, rendered by SSR', () => {
  it('renders the todo, then the owner\'s other todos in the same state, each call with the signed-in user', async () => {
    const cookie = await signIn(baseURL, 'Grace')
    const stamp = Date.now()
    const first = (await call('/api/todos', cookie, { method: 'POST', json: { title: `Sequence first ${stamp}` } })).body.data
    const second = (await call('/api/todos', cookie, { method: 'POST', json: { title: `Sequence second ${stamp}` } })).body.data
    try {
      // both done: the first page's list is Grace's done todos, which only this test leaves behind for a while
      for (const todo of [first, second]) expect((await call(`/api/todos/${todo.id}`, cookie, { method: 'PATCH', json: { done: true } })).status).toBe(200)
      const both = await renderedTodoPage(first.id, cookie)
      expect(both.status).toBe(200)
      expect(both.html).toContain(`Sequence first ${stamp}`)
      expect(both.html).toContain('Also done')
      expect(both.list).toContain(`Sequence second ${stamp}`)

      // the second call asked for what the first answered: once the other todo is open again, it is not listed
      expect((await call(`/api/todos/${second.id}`, cookie, { method: 'PATCH', json: { done: false } })).status).toBe(200)
      const after = await renderedTodoPage(first.id, cookie)
      expect(after.html).toContain(`Sequence first ${stamp}`)
      expect(after.list).not.toContain(`Sequence second ${stamp}`)
      const open = await renderedTodoPage(second.id, cookie)
      expect(open.html).toContain('Also to do')
      expect(open.list).not.toContain(`Sequence first ${stamp}`)
    }
    finally {
      for (const todo of [first, second]) await call(`/api/todos/${todo.id}`, cookie, { method: 'DELETE' })
    }
  })
})

describe('a method /api/todos does not answer, on the server', () => {
  it('PUT from outside the app, as curl sends it, is METHOD_NOT_ALLOWED 405 with Allow', async () => {
    const response = await fetch(`${baseURL}/api/todos`, { method: 'PUT' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST')
    expect(await response.json()).toEqual({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: '/api/todos does not answer PUT: it answers GET, HEAD, POST', statusCode: 405 },
    })
  })
})

// the client's own $action is reached through the module the page loaded, which only Vite's dev server serves
// by its source path; a production bundle keeps it under a hashed chunk and a minified name
describe.skipIf(mode !== 'dev')('$action on a playground page in Chromium, with a method or path the route files do not have', () => {
  it('a method the route does not answer is METHOD_NOT_ALLOWED 405 naming GET and POST, and nothing is sent; an unknown path logs the nearest route', async () => {
    const context = await browser.newContext()
    await signInContext(context, baseURL, 'Grace')
    const page = await context.newPage()
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto(`${baseURL}/todos`)
    await page.waitForSelector('[data-test=total]')
    await page.waitForFunction(hydrated)
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })

    const [wrongMethod, unknownPath] = await page.evaluate(async () => {
      const url = performance.getEntriesByType('resource').map(entry => entry.name).find(name => /\/runtime\/app\/call\/action\.(?:ts|m?js)(?:\?|$)/.test(name))
      if (!url) throw new Error('the page loaded no $action module')
      // not `import(url)`: vitest would rewrite it in this function's source, which runs in the page
      const load = new Function('url', 'return import(url)') as (url: string) => Promise<{ $action: (path: string, options?: Record<string, unknown>) => Promise<unknown> }>
      const { $action } = await load(url)
      return [await $action('/api/todos', { method: 'PUT' }), await $action('/api/todoz', { method: 'GET' })]
    })
    expect(wrongMethod).toEqual({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: '/api/todos does not answer PUT: it answers GET, HEAD, POST', statusCode: 405 },
    })
    expect(sent).not.toContain('PUT /api/todos')
    // a path no route file has is still sent (a module may add routes the route map does not list)
    expect(sent).toContain('GET /api/todoz')
    expect(unknownPath).toMatchObject({ success: false })
    expect(warnings.join('\n')).toContain('No action route /api/todoz; did you mean /api/todos?')
    await context.close()
  })
})

/**
 * A layer of the playground with two route files a developer might write by mistake (a wrong `defineAction` option,
 * data JSON does not carry), and a build folder of its own: a second `nuxi dev` of the playground reads it, so the
 * playground keeps no broken route, and the suite's shared dev server (and the Chromium tests beside this one) never
 * see one come and go. Git ignores `.dev-*`.
 */
const mistakesLayer = fileURLToPath(new URL('../../packages/runtime/test/fixtures/.dev-app-items-mistakes', import.meta.url))
// spawn leaves out a variable whose value is undefined
const outsideTestRunner = Object.fromEntries(Object.keys(process.env).filter(name => /^(?:VITEST.*|TEST)$/.test(name)).map(name => [name, undefined])) as unknown as Record<string, string>

describe.skipIf(mode !== 'dev')('route files with a mistake in them, under nuxi dev', () => {
  let app: DevApp
  let dataDir: string
  beforeAll(async () => {
    await rm(mistakesLayer, { recursive: true, force: true })
    await mkdir(join(mistakesLayer, 'server/api'), { recursive: true })
    await writeFile(join(mistakesLayer, 'nuxt.config.ts'), `export default ${JSON.stringify({ buildDir: join(mistakesLayer, '.nuxt') })}\n`)
    await writeFile(join(mistakesLayer, 'server/api/broken-definition.get.ts'), 'export default defineAction({ maxBodySize: -1, handler: () => \'never\' })\n')
    await writeFile(join(mistakesLayer, 'server/api/tag-set.get.ts'), 'export default defineAction({ handler: () => ({ tags: new Set([\'home\']) }) })\n')
    dataDir = await mkdtemp(join(tmpdir(), 'action-route-playground-mistakes-'))
    app = await startNuxtDevApp(playgroundDir, {
      node,
      layer: mistakesLayer,
      probePath: '/api/todos',
      // as a developer starts it, outside the test runner: under VITEST, TEST or NODE_ENV=test nuxi prints nothing
      env: { PLAYGROUND_DATA_DIR: dataDir, NUXT_SESSION_PASSWORD: 'playground-suite-session-password-0123456789', NODE_ENV: 'development', ...outsideTestRunner },
    })
  }, 600_000)
  afterAll(async () => {
    await app?.close()
    await rm(mistakesLayer, { recursive: true, force: true })
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('a wrong defineAction option fails only its own route, with nothing internal in the answer, and the log names its file', async () => {
    const broken = await fetch(`${app.baseURL}/api/broken-definition`)
    expect(broken.status).toBe(500)
    const text = await broken.text()
    expect(JSON.parse(text)).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 } })
    expect(text).not.toMatch(/maxBodySize|broken-definition|stack/)

    const cookie = await signIn(app.baseURL, 'Grace')
    const todos = await fetch(`${app.baseURL}/api/todos`, { headers: { cookie } })
    expect(todos.status).toBe(200)
    expect((await todos.json()).success).toBe(true)
    // the development logger shows `code` in inverse video, without the backticks
    expect(app.log()).toMatch(/server\/api\/broken-definition\.get\.ts: defineAction: `?maxBodySize`? must be a whole number of bytes \(0 or more\), got -1/)
  })

  it('data JSON does not carry is logged naming the route and the field; the todos\' Dates, which JSON sends as strings, are not', async () => {
    const answer = await fetch(`${app.baseURL}/api/tag-set`)
    expect(await answer.json()).toEqual({ success: true, data: { tags: {} } })
    // Ada's seeded todos, in this server's own data folder
    const cookie = await signIn(app.baseURL, 'Ada')
    const todos = await (await fetch(`${app.baseURL}/api/todos`, { headers: { cookie } })).json()
    expect(todos.data.items[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    await expect.poll(() => app.log()).toContain('GET /api/tag-set answered data JSON does not carry as it is: data.tags is a Set (sent as {})')
    expect(app.log()).not.toContain('/api/todos answered data JSON does not carry')
  })
})
