// docs/recipes, followed literally on top of the walkthrough: one app built from docs/getting-started.md and then every
// recipe page in order (scripts/docs-recipes.mjs: its files, one install from lock docs-recipes, `nuxi typecheck`,
// `nuxi build`), started once. Each recipe then gets real requests asserting what its page says happens.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from '../../playground/test/hydrated'
import { startBuiltServer, type BuiltApp } from '../../packages/runtime/test/helpers/built-app'
import { readPage } from '../../scripts/docs-app.mjs'
// @ts-expect-error a plain .mjs script shared with the compatibility suite
import { nodeBinary } from '../../scripts/node-binary.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
let work: string
let server: BuiltApp
let baseURL: string

/** The variables the walkthrough's own start line sets (`NUXT_SESSION_PASSWORD=... node .output/server/index.mjs`). */
function pageServerEnv(): Record<string, string> {
  const start = readPage(join(root, 'docs/getting-started.md'))
    .find(step => step.kind === 'command' && /node \.output\/server\/index\.mjs$/.test(step.command))
  if (!start || start.kind !== 'command') throw new Error('docs/getting-started.md never starts the built server')
  return Object.fromEntries([...start.command.matchAll(/([A-Z_]+)=(\S+)\s/g)].map(found => [found[1]!, found[2]!]))
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'docs-recipes-'))
  const app = join(work, 'todos')
  const data = join(work, 'data')
  mkdirSync(data)
  const started = Date.now()
  const build = spawn(process.execPath, [join(root, 'scripts/docs-recipes.mjs'), app], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  build.stdout.on('data', chunk => log += chunk)
  build.stderr.on('data', chunk => log += chunk)
  const [code] = await once(build, 'exit')
  if (code !== 0) throw new Error(`node scripts/docs-recipes.mjs failed (${code}):\n${log.slice(-6000)}`)
  console.log(`docs-app: the recipes app built in ${Math.round((Date.now() - started) / 1000)} s`)
  server = await startBuiltServer(join(app, '.output'), nodeBinary(root, 22) as string, '/', {
    env: { ...process.env, NODE_ENV: 'production', ...pageServerEnv() },
    cwd: data,
  })
  baseURL = server.baseURL
}, 1_200_000)

afterAll(async () => {
  await server?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** A JSON request to the recipes app, with a session cookie when given. */
function call(path: string, { method = 'GET', body, cookie, headers = {} }: { method?: string, body?: unknown, cookie?: string, headers?: Record<string, string> } = {}) {
  return fetch(`${baseURL}${path}`, {
    method,
    headers: { ...body === undefined ? {} : { 'content-type': 'application/json' }, ...cookie ? { cookie } : {}, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** The session cookie of an answer that set one. */
function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().map(line => line.split(';')[0]!).join('; ')
  expect(cookie).not.toBe('')
  return cookie
}

/** Signs in through the walkthrough's sign-in action; the session cookie. */
async function signIn(name: string, password: string): Promise<string> {
  const response = await call('/api/session', { method: 'POST', body: { name, password } })
  expect(response.status).toBe(200)
  return sessionCookie(response)
}

let adaCookie: Promise<string> | undefined

/** Ada's session cookie, signed in once: the rate limits recipe admits 10 sign-ins per name in 10 minutes. */
function asAda(): Promise<string> {
  adaCookie ??= signIn('Ada', 'lovelace')
  return adaCookie
}

/** Signs up a new member through the sessions recipe's action; the session cookie. */
async function signUp(name: string): Promise<string> {
  const response = await call('/api/users', { method: 'POST', body: { name, password: 'a-long-password' } })
  expect(response.status).toBe(201)
  return sessionCookie(response)
}

describe('recipes app: Sessions and auth (docs/recipes/sessions-and-auth.md)', () => {
  it('signs up a member, and answers NAME_TAKEN 409 for a name already taken', async () => {
    await signUp('Grace')
    const again = await call('/api/users', { method: 'POST', body: { name: 'Grace', password: 'another-password' } })
    expect(again.status).toBe(409)
    expect((await again.json()).error.code).toBe('NAME_TAKEN')
  })

  it('answers the admin-only action FORBIDDEN 403 to a member, 200 to Ada, UNAUTHORIZED 401 to nobody', async () => {
    const member = await signUp('Barbara')
    const forbidden = await call('/api/admin/stats', { cookie: member })
    expect(forbidden.status).toBe(403)
    expect((await forbidden.json()).error).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 })

    const admin = await call('/api/admin/stats', { cookie: await asAda() })
    expect(admin.status).toBe(200)
    const { data } = await admin.json()
    expect(data.users).toBeGreaterThanOrEqual(2)
    expect(data.todos).toBeGreaterThanOrEqual(1)

    const nobody = await call('/api/admin/stats')
    expect(nobody.status).toBe(401)
    expect((await nobody.json()).error.code).toBe('UNAUTHORIZED')
  })

  it('signs out: the cleared session answers UNAUTHORIZED 401 again', async () => {
    const cookie = await signUp('Edsger')
    expect((await call('/api/todos', { cookie })).status).toBe(200)
    const out = await call('/api/session', { method: 'DELETE', cookie })
    expect(out.status).toBe(200)
    const cleared = out.headers.getSetCookie().map(line => line.split(';')[0]!).join('; ')
    expect((await call('/api/todos', { cookie: cleared })).status).toBe(401)
  })
})

describe('recipes app: A database (docs/recipes/database.md)', () => {
  it('adds a comment to a todo and pages through them, without the row\'s private columns', async () => {
    const cookie = await asAda()
    const added = await call('/api/todos/1/comments', { method: 'POST', cookie, body: { body: 'A first comment' } })
    expect(added.status).toBe(201)
    await call('/api/todos/1/comments', { method: 'POST', cookie, body: { body: 'A second comment' } })
    const page = await call('/api/todos/1/comments?page=2&size=1', { cookie })
    const { data } = await page.json()
    expect(data.page).toBe(2)
    expect(data.total).toBeGreaterThanOrEqual(2)
    expect(data.items).toHaveLength(1)
    expect(Object.keys(data.items[0]).sort()).toEqual(['body', 'createdAt', 'id'])
  })

  it('refuses ?size=abc with VALIDATION_ERROR 422 on size, and another user\'s todo with NOT_FOUND 404', async () => {
    const cookie = await asAda()
    const invalid = await call('/api/todos/1/comments?size=abc', { cookie })
    expect(invalid.status).toBe(422)
    expect((await invalid.json()).error.fieldErrors.size).toHaveLength(1)
    const member = await signUp('Margaret')
    const notYours = await call('/api/todos/1/comments', { cookie: member })
    expect(notYours.status).toBe(404)
    expect((await notYours.json()).error.code).toBe('NOT_FOUND')
  })
})

describe('recipes app: Uploads (docs/recipes/uploads.md)', () => {
  it('stores an uploaded file and serves its bytes back to the owner', async () => {
    const cookie = await asAda()
    const form = new FormData()
    form.append('file', new File(['hello from the recipe\n'], 'hello.txt', { type: 'text/plain' }))
    const uploaded = await fetch(`${baseURL}/api/todos/1/attachment`, { method: 'POST', headers: { cookie }, body: form })
    expect(uploaded.status).toBe(200)
    expect((await uploaded.json()).data).toEqual({ name: 'hello.txt', type: 'text/plain', size: 22 })

    const served = await fetch(`${baseURL}/attachments/1`, { headers: { cookie } })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('text/plain')
    expect(served.headers.get('content-disposition')).toContain('hello.txt')
    await expect(served.text()).resolves.toBe('hello from the recipe\n')

    const member = await signUp('Frances')
    expect((await fetch(`${baseURL}/attachments/1`, { headers: { cookie: member } })).status).toBe(404)
  })

  it('refuses an empty file with VALIDATION_ERROR 422 on file, before the handler runs', async () => {
    const form = new FormData()
    form.append('file', new File([], 'empty.txt', { type: 'text/plain' }))
    const refused = await fetch(`${baseURL}/api/todos/1/attachment`, { method: 'POST', headers: { cookie: await asAda() }, body: form })
    expect(refused.status).toBe(422)
    expect((await refused.json()).error.fieldErrors.file).toEqual(['The file is empty'])
  })
})

/** The server-sent events of a body read so far: `data` messages and the `end` event. */
function parseEvents(text: string) {
  return text.split('\n\n').filter(block => block.trim()).map((block) => {
    const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message'
    const data = /^data: (.*)$/m.exec(block)?.[1]
    return { event, data: data === undefined ? undefined : JSON.parse(data) }
  })
}

describe('recipes app: Streaming an AI reply (docs/recipes/streaming-ai-reply.md)', () => {
  it('streams the reply as events, ends with the end envelope, and records it completed', async () => {
    const cookie = await asAda()
    const response = await call('/api/replies', { method: 'POST', cookie, body: { prompt: 'tea' } })
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const events = parseEvents(await response.text())
    const words = events.filter(event => event.event === 'message').map(event => event.data as string)
    expect(words.length).toBeGreaterThanOrEqual(5)
    expect(words.join('')).toBe('Here is a short answer about "tea", one word at a time.')
    const end = events.at(-1)!
    expect(end.event).toBe('end')
    expect(end.data).toEqual({ success: true, data: { id: expect.any(Number), words: words.length } })

    const { data: replies } = await (await call('/api/replies', { cookie })).json()
    expect(replies.find((reply: { id: number }) => reply.id === end.data.data.id)).toMatchObject({ status: 'completed', words: words.length })
  })

  it('stops generating when the reader goes away, and records the reply stopped', async () => {
    const cookie = await asAda()
    const controller = new AbortController()
    const response = await fetch(`${baseURL}/api/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ prompt: 'coffee' }),
      signal: controller.signal,
    })
    const reader = response.body!.getReader()
    await reader.read()
    controller.abort()
    await reader.closed.catch(() => {})
    let latest: { prompt: string, status: string, words: number } | undefined
    for (let attempt = 0; attempt < 40 && latest?.status !== 'stopped'; attempt++) {
      await new Promise(resolve => setTimeout(resolve, 100))
      const { data } = await (await call('/api/replies', { cookie })).json()
      latest = data.find((reply: { prompt: string }) => reply.prompt === 'coffee')
    }
    expect(latest?.status).toBe('stopped')
    expect(latest!.words).toBeLessThan(12)
  })

  it('refuses an empty prompt with VALIDATION_ERROR 422 as JSON, before any event', async () => {
    const refused = await call('/api/replies', { method: 'POST', cookie: await asAda(), body: { prompt: ' ' } })
    expect(refused.status).toBe(422)
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/)
  })
})

describe('recipes app: Idempotent payments (docs/recipes/idempotent-payments.md)', () => {
  it('replays the first answer for the same Idempotency-Key and charges once', async () => {
    const cookie = await asAda()
    const key = crypto.randomUUID()
    const order = { amount: 25, description: `Lunch ${key}` }
    const first = await call('/api/payments', { method: 'POST', cookie, body: order, headers: { 'idempotency-key': key } })
    expect(first.status).toBe(201)
    const charged = await first.json()
    const retry = await call('/api/payments', { method: 'POST', cookie, body: order, headers: { 'idempotency-key': key } })
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    await expect(retry.json()).resolves.toEqual(charged)

    const { data: charges } = await (await call('/api/payments', { cookie })).json()
    expect(charges.filter((charge: { description: string }) => charge.description === order.description)).toHaveLength(1)

    const other = await call('/api/payments', { method: 'POST', cookie, body: { ...order, amount: 30 }, headers: { 'idempotency-key': key } })
    expect(other.status).toBe(422)
    expect((await other.json()).error.code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('answers the declined card CARD_DECLINED 402, and replays that too', async () => {
    const cookie = await asAda()
    const key = crypto.randomUUID()
    const order = { amount: 5000, description: 'A piano' }
    const declined = await call('/api/payments', { method: 'POST', cookie, body: order, headers: { 'idempotency-key': key } })
    expect(declined.status).toBe(402)
    expect((await declined.json()).error.code).toBe('CARD_DECLINED')
    const retry = await call('/api/payments', { method: 'POST', cookie, body: order, headers: { 'idempotency-key': key } })
    expect(retry.status).toBe(402)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
  })
})

describe('recipes app: Rate limits (docs/recipes/rate-limits.md)', () => {
  it('answers the eleventh sign-in attempt for one name RATE_LIMITED 429 with Retry-After; another name still signs in', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await call('/api/session', { method: 'POST', body: { name: 'Mallory', password: 'guess' } })
      expect(wrong.status).toBe(401)
    }
    const limited = await call('/api/session', { method: 'POST', body: { name: 'mallory', password: 'guess' } })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await limited.json()).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts for this account: try again in a few minutes',
    })
    await signIn('Ada', 'lovelace')
  })

  it('counts the contact form per address behind one proxy: the fourth message a minute is RATE_LIMITED 429', async () => {
    const from = (address: string) => call('/api/contact', { method: 'POST', body: { message: 'Hello' }, headers: { 'x-forwarded-for': address } })
    for (let message = 1; message <= 3; message++) expect((await from('203.0.113.7')).status).toBe(200)
    const limited = await from('203.0.113.7')
    expect(limited.status).toBe(429)
    expect((await limited.json()).error.code).toBe('RATE_LIMITED')
    expect((await from('203.0.113.8')).status).toBe(200)
  })
})

describe('recipes app: Pinia Colada (docs/recipes/pinia-colada.md)', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(() => browser?.close())

  /** A browser context with Ada's session cookie. */
  async function signedInContext() {
    const context = await browser.newContext()
    const cookies = (await asAda()).split('; ').map(pair => pair.split('='))
    await context.addCookies(cookies.map(([name, ...value]) => ({ name: name!, value: value.join('='), url: baseURL })))
    return context
  }

  it('renders the list in the first HTML, and adds a todo with one POST and no GET after it', async () => {
    const context = await signedInContext()
    const html = await (await context.request.get(`${baseURL}/colada`)).text()
    expect(html).toContain('Try Action Route')

    const page = await context.newPage()
    await page.goto(`${baseURL}/colada`)
    await page.waitForFunction(hydrated)
    await page.locator('main li', { hasText: 'Try Action Route' }).waitFor()
    const requests: string[] = []
    page.on('request', request => requests.push(`${request.method()} ${new URL(request.url()).pathname}`))
    const title = `With Colada ${Date.now()}`
    await page.getByLabel('New todo').fill(title)
    await page.getByRole('button', { name: 'Add' }).click()
    await page.locator('main li', { hasText: title }).waitFor()
    await page.waitForTimeout(300)
    expect(requests.filter(request => request.endsWith(' /api/todos'))).toEqual(['POST /api/todos'])
    await context.close()
  })

  it('shows the 422 field error of a title of spaces under the field', async () => {
    const context = await signedInContext()
    const page = await context.newPage()
    await page.goto(`${baseURL}/colada`)
    await page.waitForFunction(hydrated)
    await page.getByLabel('New todo').fill('   ')
    await page.getByRole('button', { name: 'Add' }).click()
    await page.getByText('Write something first').waitFor()
    await context.close()
  })
})
