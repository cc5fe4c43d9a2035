import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestRecord, ScaffoldOptions } from '../../src/shared/types'
import { startNuxtDev, waitFor } from './dev-server'
import type { RunningNuxtDev } from './dev-server'

// The playground is an app with pages/: a path no handler takes is Nuxt's "Page not found" 404, which Nitro 2 sends
// from its error handler, not as a handler's answer. The recorder and the New action endpoints must work there too.
let app: RunningNuxtDev

beforeAll(async () => {
  app = await startNuxtDev()
  // the first page render compiles the Vue app: done here, so the tests' own requests are answered in time
  await fetch(`${app.baseURL}/`, { signal: AbortSignal.timeout(240_000) }).catch(() => undefined)
}, 600_000)
afterAll(() => app?.close())

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
