import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { hydrated } from './hydrated'
import { signIn, signInContext } from './session'

const baseURL = inject('playgroundURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** The page's own document responses (the posts and the loads), in order. */
function documentStatuses(page: Page): Array<[string, number]> {
  const seen: Array<[string, number]> = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') seen.push([response.request().method(), response.status()])
  })
  return seen
}

/** The ids of everyone's todos with this title (the database, as the admin sees it). */
async function todosTitled(title: string): Promise<number[]> {
  const answer = await fetch(`${baseURL}/api/admin/todos`, { headers: { cookie: await signIn(baseURL, 'Ada') } })
  const { data } = await answer.json() as { data: Array<{ id: number, title: string }> }
  return data.filter(todo => todo.title === title).map(todo => todo.id)
}

/** Deletes the todos a test added (as the admin, who may delete anyone's), so the members' lists stay short. */
async function removeTodos(ids: number[]): Promise<void> {
  const cookie = await signIn(baseURL, 'Ada')
  for (const id of ids) await fetch(`${baseURL}/api/todos/${id}`, { method: 'DELETE', headers: { cookie } })
}

/** The form's answer a 303 carries to the page: the flash cookie's JSON. */
function flashOf(response: Response): { data: Record<string, unknown> } {
  const cookie = response.headers.getSetCookie().find(header => header.startsWith('action-route-form='))!
  return JSON.parse(decodeURIComponent(cookie.split(';')[0]!.slice('action-route-form='.length)))
}

describe('the playground\'s forms without JavaScript', () => {
  it('uploads an attachment on /todos/:id as a multipart post to the page: 303, then listed and downloaded with the same bytes', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    await signInContext(context, baseURL, 'Grace')
    const created = await context.request.post(`${baseURL}/api/todos`, { data: { title: `Uploaded without JavaScript ${Date.now()}` } })
    const { id } = (await created.json() as { data: { id: number } }).data
    const page = await context.newPage()
    const statuses = documentStatuses(page)
    await page.goto(`${baseURL}/todos/${id}`)
    expect(await page.getAttribute('[data-test=upload]', 'enctype')).toBe('multipart/form-data')

    // no file chosen: the action's own message, 422
    await Promise.all([page.waitForNavigation(), page.click('[data-test=upload] button[type=submit]')])
    expect(statuses.at(-1)).toEqual(['POST', 422])
    expect((await page.textContent('[data-test=file-error]'))?.trim()).toBe('Choose a file')

    // every byte value, so a text decoding on the way would show
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, index) => index % 256))
    await page.setInputFiles('[data-test=upload] input[type=file]', { name: 'bytes.bin', mimeType: 'application/octet-stream', buffer: bytes })
    const [uploaded] = await Promise.all([page.waitForNavigation(), page.click('[data-test=upload] button[type=submit]')])
    expect(statuses.slice(-2)).toEqual([['POST', 303], ['GET', 200]])
    // the post went to the page itself, naming the action
    const post = new URL(uploaded!.request().redirectedFrom()!.url())
    expect(post.pathname).toBe(`/todos/${id}`)
    expect(post.searchParams.get('__action')).toBe(`/api/todos/${id}/attachment`)
    expect(uploaded!.request().redirectedFrom()!.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(page.url()).toBe(`${baseURL}/todos/${id}`)
    expect(await page.textContent('[data-test=attachment]')).toContain('bytes.bin')
    expect(await page.textContent('[data-test=attachment]')).toContain('application/octet-stream, 512 bytes')

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test=attachment] a')])
    expect(download.suggestedFilename()).toBe('bytes.bin')
    const chunks: Buffer[] = []
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true)

    await context.request.delete(`${baseURL}/api/todos/${id}`)
    await context.close()
  })

  it('adds a todo (303 back to the form), and a reload of the page makes a GET: the todo is stored once', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    await signInContext(context, baseURL, 'Grace')
    const page = await context.newPage()
    const statuses = documentStatuses(page)
    await page.goto(`${baseURL}/todos/new`)
    const title = `Posted once ${Date.now()}`
    await page.fill('[name=title]', title)
    await Promise.all([page.waitForNavigation(), page.click('[data-test=todo-form] button[type=submit]')])
    expect(statuses.slice(-2)).toEqual([['POST', 303], ['GET', 200]])
    expect(page.url()).toBe(`${baseURL}/todos/new`)
    expect(await page.textContent('[data-test=created]')).toContain(title)
    expect(await todosTitled(title)).toHaveLength(1)

    const reloaded = await page.reload()
    expect(reloaded!.request().method()).toBe('GET')
    expect(statuses.at(-1)).toEqual(['GET', 200])
    expect(statuses.filter(([method]) => method === 'POST')).toHaveLength(1)
    // the success was shown once; the page is the empty form again
    expect(await page.locator('[data-test=created]').count()).toBe(0)
    expect(await todosTitled(title)).toHaveLength(1)
    await removeTodos(await todosTitled(title))
    await context.close()
  })
})

describe('fields named like Object.prototype members, posted to the playground\'s forms', () => {
  const prototypeNames = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']

  it('signs in without JavaScript with them beside the name and password', async () => {
    const body = new FormData()
    body.append('name', 'Grace')
    body.append('password', 'hopper')
    for (const name of prototypeNames) body.append(name, '1')
    const answer = await fetch(`${baseURL}/login?__action=/api/session`, { method: 'POST', body, redirect: 'manual' })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe('/login')
    expect(flashOf(answer).data).toEqual({ name: 'Grace', role: 'member' })
    const session = answer.headers.getSetCookie().find(header => header.startsWith('nuxt-session='))!.split(';')[0]!
    const profile = await fetch(`${baseURL}/api/profile`, { headers: { cookie: session } })
    expect(profile.status).toBe(200)
  })

  it('adds a todo without JavaScript from the title alone, and a prototype path fills in no field, then or later', async () => {
    const cookie = await signIn(baseURL, 'Grace')
    const title = `Beside prototype names ${Date.now()}`
    const body = new FormData()
    body.append('title', title)
    for (const name of prototypeNames) body.append(name, 'x')
    const added = await fetch(`${baseURL}/todos/new?__action=/api/todos`, { method: 'POST', body, headers: { cookie }, redirect: 'manual' })
    expect(added.status).toBe(303)
    expect(flashOf(added).data).toMatchObject({ title, done: false })
    expect(await todosTitled(title)).toHaveLength(1)

    // were Object.prototype.title set on the server, the action would read it as the missing title
    const polluting = new FormData()
    for (const name of ['__proto__.title', 'constructor.prototype.title', '__proto__.polluted']) polluting.append(name, 'Polluted')
    const refused = await fetch(`${baseURL}/todos/new?__action=/api/todos`, { method: 'POST', body: polluting, headers: { cookie }, redirect: 'manual' })
    expect(refused.status).toBe(422)
    expect(await refused.text()).toContain('Write something first')
    // and a later request's empty object finds nothing on the prototype either: the server stays healthy
    const later = await fetch(`${baseURL}/api/todos`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' })
    expect(later.status).toBe(422)
    expect((await later.json() as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors.title).toEqual(['Write something first'])
    expect(await todosTitled('Polluted')).toEqual([])
    expect((await fetch(`${baseURL}/api/todos`, { headers: { cookie } })).status).toBe(200)
    await removeTodos(await todosTitled(title))
  })

  it('adds a todo with JavaScript from a form holding them, and leaves the browser\'s Object.prototype alone', async () => {
    const context = await browser.newContext()
    await signInContext(context, baseURL, 'Grace')
    const page = await context.newPage()
    await page.goto(`${baseURL}/todos/new`)
    await page.waitForFunction(hydrated)
    const title = `Prototype names with JavaScript ${Date.now()}`
    await page.fill('[name=title]', title)
    await page.$eval('[data-test=todo-form]', (form, names) => {
      for (const name of names) {
        const input = document.createElement('input')
        input.name = name
        input.value = 'x'
        form.append(input)
      }
    }, [...prototypeNames, '__proto__.polluted', 'constructor.prototype.polluted'])
    const [posted] = await Promise.all([
      page.waitForRequest(request => request.method() === 'POST' && request.url().endsWith('/api/todos')),
      page.click('[data-test=todo-form] button[type=submit]'),
    ])
    await page.waitForURL(/\/todos\/\d+$/)
    await page.waitForSelector(`[data-test=todo] h1:has-text("${title}")`)
    // sent as plain fields of the input
    expect(posted.postData()).toContain('"toString":"x"')
    expect(await page.evaluate(() => ({
      polluted: ({} as Record<string, unknown>).polluted,
      toString: typeof ({}).toString,
      hasOwnProperty: typeof ({}).hasOwnProperty,
    }))).toEqual({ polluted: undefined, toString: 'function', hasOwnProperty: 'function' })
    expect(await todosTitled(title)).toHaveLength(1)
    await removeTodos(await todosTitled(title))
    await context.close()
  })
})

// the badge form on /rsvp binds fields named toString and hasOwnProperty with field(), as any field
describe('the RSVP page\'s badge form, whose fields are named toString and hasOwnProperty', () => {
  const badgeField = (name: string) => `[data-test=badge-form] [name=${name}]`

  it('renders both fields empty and without aria-invalid on the server', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseURL}/rsvp`)
    for (const name of ['toString', 'hasOwnProperty']) {
      expect(await page.getAttribute(badgeField(name), 'value')).toBeNull()
      expect(await page.inputValue(badgeField(name))).toBe('')
      expect(await page.getAttribute(badgeField(name), 'aria-invalid')).toBeNull()
    }
    expect(await page.locator('[data-test=badge-form] .error').count()).toBe(0)
    await context.close()
  })

  it('with JavaScript, shows an untouched field empty and sends it as the empty string; an error marks its own field only', async () => {
    const page = await browser.newPage()
    await page.goto(`${baseURL}/rsvp`)
    await page.waitForFunction(hydrated)
    expect(await page.inputValue(badgeField('toString'))).toBe('')
    expect(await page.inputValue(badgeField('hasOwnProperty'))).toBe('')

    // both empty: the action's message on toString, nothing on hasOwnProperty
    await page.click('[data-test=badge-form] button[type=submit]')
    await page.waitForSelector('[data-test=badge-form] .error')
    expect((await page.textContent('[data-test=badge-form]'))).toContain('Write what your badge says')
    expect(await page.getAttribute(badgeField('toString'), 'aria-invalid')).toBe('true')
    expect(await page.getAttribute(badgeField('hasOwnProperty'), 'aria-invalid')).toBeNull()
    expect(await page.inputValue(badgeField('hasOwnProperty'))).toBe('')

    await page.fill(badgeField('toString'), 'Ada')
    const [posted] = await Promise.all([
      page.waitForRequest(request => request.method() === 'POST' && new URL(request.url()).pathname === '/api/rsvp/badge'),
      page.click('[data-test=badge-form] button[type=submit]'),
    ])
    expect(JSON.parse(posted.postData()!)).toEqual({ toString: 'Ada', hasOwnProperty: '' })
    await page.waitForSelector('[data-test=badge]')
    expect((await page.textContent('[data-test=badge]'))!.trim()).toBe('Ada')
    await page.close()
  })

  it('without JavaScript, the post\'s 303 brings the answer back to the page, which keeps it once hydrated', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const statuses = documentStatuses(page)
    await page.goto(`${baseURL}/rsvp`)
    await page.fill(badgeField('toString'), 'Grace')
    await page.fill(badgeField('hasOwnProperty'), 'she/her')
    await Promise.all([page.waitForNavigation(), page.click('[data-test=badge-form] button[type=submit]')])
    expect(statuses.slice(-2)).toEqual([['POST', 303], ['GET', 200]])
    expect(page.url()).toBe(`${baseURL}/rsvp`)
    expect((await page.textContent('[data-test=badge]'))!.trim()).toBe('Grace · she/her')
    await context.close()

    // the same post, then the page loaded by a browser with JavaScript: the answer is in the payload and stays
    const withScript = await browser.newContext()
    const form = await withScript.newPage()
    await form.goto(`${baseURL}/rsvp`)
    const action = (await form.getAttribute('[data-test=badge-form]', 'action'))!
    const answer = await withScript.request.post(`${baseURL}${action}`, {
      multipart: { toString: 'Grace', hasOwnProperty: 'she/her' },
      headers: { 'sec-fetch-site': 'same-origin' },
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(303)
    await form.goto(`${baseURL}/rsvp`)
    await form.waitForFunction(hydrated)
    expect((await form.textContent('[data-test=badge]'))!.trim()).toBe('Grace · she/her')
    expect(await form.getAttribute(badgeField('toString'), 'aria-invalid')).toBeNull()
    await withScript.close()
  })
})

// POST /api/todos runs idempotent() scoped by user: a form sends one Idempotency-Key per logical submit
describe('the new-todo form on an idempotent() route', () => {
  const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

  it('without JavaScript, a double submit of the rendered form adds the todo once and answers both posts with the first answer', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    await signInContext(context, baseURL, 'Grace')
    const page = await context.newPage()
    await page.goto(`${baseURL}/todos/new`)
    const action = (await page.getAttribute('[data-test=todo-form]', 'action'))!
    // the key travels with the form: the post goes where the form's action says
    expect(new URL(action, baseURL).searchParams.get('__idempotency')).toMatch(KEY)
    const title = `Double submit without JavaScript ${Date.now()}`
    // the same rendered form posted twice at once, as a double click sends it
    const [first, second] = await Promise.all([1, 2].map(() => context.request.post(`${baseURL}${action}`, {
      multipart: { title },
      headers: { 'sec-fetch-site': 'same-origin' },
      maxRedirects: 0,
    })))
    expect([first!.status(), second!.status()]).toEqual([303, 303])
    const flashes = [first!, second!].map(answer => flashOf(new Response(null, { headers: answer.headersArray().map(({ name, value }) => [name, value]) })))
    expect(flashes[1]!.data).toEqual(flashes[0]!.data)
    expect(await todosTitled(title)).toEqual([flashes[0]!.data.id])

    // each render of the form is a new key: the page after a post too
    await page.reload()
    const reloaded = new URL((await page.getAttribute('[data-test=todo-form]', 'action'))!, baseURL).searchParams.get('__idempotency')
    expect(reloaded).not.toBe(new URL(action, baseURL).searchParams.get('__idempotency'))
    await page.fill('[name=title]', `${title} (again)`)
    await Promise.all([page.waitForNavigation(), page.click('[data-test=todo-form] button[type=submit]')])
    expect(await page.textContent('[data-test=created]')).toContain(`${title} (again)`)
    const next = new URL((await page.getAttribute('[data-test=todo-form]', 'action'))!, baseURL).searchParams.get('__idempotency')
    expect(next).toMatch(KEY)
    expect(next).not.toBe(reloaded)
    await removeTodos([...await todosTitled(title), ...await todosTitled(`${title} (again)`)])
    await context.close()
  })

  it('with JavaScript, a second submit while the first runs joins it: one POST, with an Idempotency-Key, and one todo', async () => {
    const context = await browser.newContext()
    await signInContext(context, baseURL, 'Grace')
    const page = await context.newPage()
    const posts: Array<string | undefined> = []
    // the first answer takes a while, so the second submit comes while it runs
    await page.route('**/api/todos', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      posts.push(route.request().headers()['idempotency-key'])
      await new Promise(resolve => setTimeout(resolve, 300))
      return route.continue()
    })
    await page.goto(`${baseURL}/todos/new`)
    await page.waitForFunction(hydrated)
    const title = `Double submit with JavaScript ${Date.now()}`
    await page.fill('[name=title]', title)
    await page.$eval('[data-test=todo-form]', (form) => {
      (form as HTMLFormElement).requestSubmit()
      ;(form as HTMLFormElement).requestSubmit()
    })
    await page.waitForURL(/\/todos\/\d+$/)
    await page.waitForSelector(`[data-test=todo] h1:has-text("${title}")`)
    expect(posts).toHaveLength(1)
    expect(posts[0]).toMatch(/^"[0-9a-f-]{36}"$/)
    expect(await todosTitled(title)).toHaveLength(1)
    await removeTodos(await todosTitled(title))
    await context.close()
  })

  it('with JavaScript, a submit after a lost answer sends the same key: the server replays the first answer, one todo', async () => {
    const context = await browser.newContext()
    await signInContext(context, baseURL, 'Grace')
    const page = await context.newPage()
    const posts: Array<{ key: string | undefined, status: number, replayed: string | undefined }> = []
    await page.route('**/api/todos', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const response = await route.fetch()
      posts.push({ key: route.request().headers()['idempotency-key'], status: response.status(), replayed: response.headers()['idempotent-replayed'] })
      // the first answer never reaches the page
      if (posts.length === 1) return route.abort('failed')
      return route.fulfill({ response })
    })
    await page.goto(`${baseURL}/todos/new`)
    await page.waitForFunction(hydrated)
    const title = `Lost answer on the form ${Date.now()}`
    await page.fill('[name=title]', title)
    await page.click('[data-test=todo-form] button[type=submit]')
    await expect.poll(() => posts.length).toBe(1)
    await page.waitForSelector('[data-test=todo-form] button[type=submit]:not([disabled])')
    await page.click('[data-test=todo-form] button[type=submit]')
    await page.waitForURL(/\/todos\/\d+$/)
    expect(posts).toHaveLength(2)
    expect(posts[1]!.key).toBe(posts[0]!.key)
    expect(posts.map(post => [post.status, post.replayed])).toEqual([[201, undefined], [201, 'true']])
    expect(await todosTitled(title)).toHaveLength(1)
    await removeTodos(await todosTitled(title))
    await context.close()
  })
})
