import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { createRequire } from 'node:module'
import { readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateActionResponse, RegistryResponse, RequestRecord, ScaffoldOptions } from '../../src/shared/types'
import { waitFor } from './dev-server'
import { startScratchDev } from './scratch-app'
import type { ScratchDev } from './scratch-app'

let app: ScratchDev
// the Nuxt the app runs: the compatibility suite's installed app, or the workspace's
const appDir = process.env.E2E_DEV_APP_DIR ?? fileURLToPath(new URL('../../../../', import.meta.url))
const nuxtMajor = Number((JSON.parse(readFileSync(createRequire(`${appDir}/`).resolve('nuxt/package.json'), 'utf8')) as { version: string }).version.split('.')[0])

beforeAll(async () => {
  // a folder of this process's own: a concurrent run of this file on the same installed app (scratch-app.ts writes
  // every run to .scratch-<name>, and deletes it on close) rewrote it under this one's nuxi dev, and its action never loaded
  app = await startScratchDev({ name: `create-action-${process.pid}`, files: { 'server/utils/auth.ts': 'export const auth = defineActionMiddleware(\'auth\', async ({ next }) => next({ ctx: { user: \'ada\' } }))\n' } })
})
afterAll(() => app?.close())

async function post(body: unknown, headers: Record<string, string> = app.authHeaders) {
  // a request caught in one of Nitro's restarts (the files the tests write) may never answer: asked again after 15 s
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${app.baseURL}/__action-route/api/actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      })
      return { status: response.status, body: await response.json() as unknown }
    }
    catch (error) {
      if (attempt === 3 || (error as Error).name !== 'TimeoutError') throw error
    }
  }
}

/** What the registry last answered when it did not list the routes, for a timeout's message. */
let registryRefusal = ''

async function registry(): Promise<RegistryResponse | undefined> {
  const response = await fetch(`${app.baseURL}/__action-route/api/routes`, { headers: app.authHeaders, signal: AbortSignal.timeout(5000) })
    .catch((error: Error) => void (registryRefusal = error.message))
  if (response?.ok) return response.json() as Promise<RegistryResponse>
  if (response) registryRefusal = `${response.status}: ${(await response.text()).slice(0, 1000)}`
  return undefined
}

/** The dev server's output, and what the registry last answered instead of its routes. */
const serverLog = () => `${app.log()}\nthe registry's last refusal: ${registryRefusal || 'none'}`

const exists = (path: string) => stat(path).then(() => true, () => false)

describe('the "New action" endpoints in nuxi dev', () => {
  it('answers nobody without the token', async () => {
    expect((await post({ route: 'sneaky', method: 'get' }, {})).status).toBe(403)
    expect((await post({ route: 'sneaky', method: 'get' }, { 'x-action-route-token': 'wrong' })).status).toBe(403)
    expect(await exists(join(app.rootDir, 'server/api/sneaky.get.ts'))).toBe(false)
  })

  it('offers the templates\' schema libraries, the app\'s own first, and its shared middleware', async () => {
    const response = await fetch(`${app.baseURL}/__action-route/api/scaffold`, { headers: app.authHeaders })
    expect(response.status).toBe(200)
    const options = await response.json() as ScaffoldOptions
    expect(options.detected[0]).toBe('zod')
    expect(options.schemaLibraries).toEqual(expect.arrayContaining(['zod', 'valibot', 'arktype']))
    expect(options.methods).toEqual(expect.arrayContaining(['get', 'post', 'patch', 'delete']))
    expect(options.middleware).toContain('auth')
  })

  it('writes the action with create-action\'s template; after Nitro\'s restart the registry lists it and it answers', async () => {
    const dry = await post({ route: 'todos/[id]', method: 'patch', example: { title: 'Buy milk', done: false }, dryRun: true })
    expect(dry.status).toBe(200)
    const planned = dry.body as CreateActionResponse
    expect(planned.dryRun).toBe(true)
    expect(await exists(planned.files[0]!.file)).toBe(false)

    // `auth` is the app's own; `audit-log` is new, written from the CLI's middleware template
    const created = await post({ route: 'todos/[id]', method: 'patch', example: { title: 'Buy milk', done: false }, middleware: ['auth', 'audit-log'] })
    expect(created.status).toBe(201)
    const result = created.body as CreateActionResponse
    expect(result.routeId).toBe('PATCH /api/todos/:id')
    const [routeFile, middlewareFile] = result.files
    expect(result.files).toHaveLength(2)
    expect(middlewareFile).toMatchObject({ path: 'server/utils/audit-log.ts', existed: false })
    expect(routeFile!.path).toBe('server/api/todos/[id].patch.ts')
    expect(routeFile!.file).toBe(join(app.rootDir, 'server/api/todos/[id].patch.ts'))
    expect(routeFile!.existed).toBe(false)
    expect(await readFile(routeFile!.file, 'utf8')).toBe(routeFile!.contents)
    expect(routeFile!.contents).toMatch(/defineAction/)
    expect(routeFile!.contents).toMatch(/title/)

    let listed: RegistryResponse['routes'][number] | undefined
    await waitFor(async () => {
      listed = (await registry())?.routes.find(route => route.id === result.routeId)
      // Nuxt 5 lists the file while Nitro is still reloading it: wait until it loads as an action
      return listed?.isAction === true
    }, 60_000, () => `${serverLog()}\nlisted as: ${JSON.stringify(listed)}`)
    expect(listed).toMatchObject({ isAction: true, relativeFile: 'server/api/todos/[id].patch.ts' })
    const answer = await fetch(`${app.baseURL}/api/todos/3`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'user-agent': 'e2e' }, body: JSON.stringify({ title: 'Oat milk', done: true }) })
    // the written middleware runs as generated: on Nuxt 5 h3's helpers are not auto-imported
    expect(answer.status, app.log().slice(-2000)).toBe(200)
    // and never sends ctx (auth's user) back
    expect(await answer.json()).toEqual({ success: true, data: { params: { id: '3' }, input: { title: 'Oat milk', done: true } } })
  }, 120_000)

  it('refuses to overwrite an existing file without overwrite (409, nothing written), and overwrites with it', async () => {
    const file = join(app.rootDir, 'server/api/hello.post.ts')
    const before = await readFile(file, 'utf8')
    const refused = await post({ route: 'hello', method: 'post' })
    expect(refused).toEqual({ status: 409, body: { error: { code: 'FILE_EXISTS', message: expect.stringContaining('server/api/hello.post.ts'), file } } })
    expect(await readFile(file, 'utf8')).toBe(before)

    const overwritten = await post({ route: 'hello', method: 'post', schema: 'none', overwrite: true })
    expect(overwritten.status).toBe(201)
    expect((overwritten.body as CreateActionResponse).files[0]!.existed).toBe(true)
    expect(await readFile(file, 'utf8')).not.toBe(before)
    // Nitro rebuilds on the changed file: wait until it answers again
    await waitFor(async () => (await registry()) !== undefined, 60_000, serverLog)
  }, 90_000)

  it('writes a streaming action when the form\'s Streaming box sends stream: true; once loaded it is listed as one and streams', async () => {
    const created = await post({ route: 'reply', method: 'post', example: { prompt: 'hi' }, stream: true })
    expect(created.status).toBe(201)
    const [routeFile] = (created.body as CreateActionResponse).files
    expect(routeFile!.path).toBe('server/api/reply.post.ts')
    expect(routeFile!.contents).toMatch(/async\s*\*\s*handler/)

    let listed: RegistryResponse['routes'][number] | undefined
    await waitFor(async () => {
      listed = (await registry())?.routes.find(route => route.id === 'POST /api/reply')
      return listed?.isAction === true
    }, 60_000, () => `${serverLog()}\nlisted as: ${JSON.stringify(listed)}`)
    expect(listed).toMatchObject({ isAction: true, action: { stream: true } })
    const answer = await fetch(`${app.baseURL}/api/reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'hi' }) })
    expect(answer.status, app.log().slice(-2000)).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const text = await answer.text()
    expect(text).toMatch(/^data: /m)
    const end = text.match(/^event: end\ndata: (.*)$/m)?.[1]
    expect(JSON.parse(end ?? 'null')).toMatchObject({ success: true })
  }, 120_000)

  it.each([
    ['a body that is not JSON', '{"route": '],
    ['a body that is not an object', '[1, 2]'],
    ['no route', { method: 'get' }],
    ['an unknown method', { route: 'things', method: 'fetch' }],
    ['a route leaving server/api', { route: '../../escape', method: 'get' }],
    ['an unknown schema library', { route: 'things', method: 'get', schema: 'yup' }],
    ['a middleware name that is not an identifier', { route: 'things', method: 'get', middleware: ['no good!'] }],
    ['an example that is not an object', { route: 'things', method: 'post', example: 'just text' }],
    ['an overwrite that is not a boolean', { route: 'things', method: 'post', overwrite: 'yes' }],
    ['a stream that is not a boolean', { route: 'things', method: 'post', stream: 'yes' }],
    ['stream with HEAD, which answers no body', { route: 'things', method: 'head', stream: true }],
  ])('answers 400 with a message for %s, writing nothing', async (_, body) => {
    const answer = await post(body)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } })
    expect(await exists(join(app.rootDir, 'server/api/things.get.ts'))).toBe(false)
    expect(await exists(join(app.rootDir, 'server/api/things.post.ts'))).toBe(false)
  })

  it('refuses a body over 64 KiB', async () => {
    const answer = await post({ route: 'big', method: 'post', example: { text: 'x'.repeat(70_000) } })
    expect(answer.status).toBe(413)
    expect(await exists(join(app.rootDir, 'server/api/big.post.ts'))).toBe(false)
  })

  it('answers 413 to a chunked body with no length, keeping none of it, long before 100 MB of it is sent where the dev server relays the answer (Nuxt 4)', async () => {
    const url = new URL('/__action-route/api/actions', app.baseURL)
    const chunk = Buffer.alloc(64 * 1024, 'x')
    // Nuxt 3's dev proxy relays a refusal only after the whole upload, and stalls on a 100 MB one: 1 MB there
    const total = nuxtMajor === 3 ? 1024 * 1024 : 100 * 1024 * 1024
    let sent = 0
    const upload = () => new Promise<number | 'closed' | 'no answer'>((resolve, reject) => {
      let answered = false
      sent = 0
      const call = request(url, { method: 'POST', headers: { ...app.authHeaders, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (response) => {
        answered = true
        response.resume()
        resolve(response.statusCode ?? 0)
        call.destroy()
      })
      // a request caught in one of Nitro's restarts (the files the tests above wrote) may never answer
      const timer = setTimeout(() => {
        if (answered) return
        answered = true
        call.destroy()
        resolve('no answer')
      }, 15_000)
      call.on('close', () => clearTimeout(timer))
      call.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return
        // nuxi's dev proxy may answer the refusal and close the connection while the upload goes on:
        // a client still writing then meets the closed socket before it reads the 413
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve('closed')
        else reject(error)
      })
      const send = () => {
        while (!answered && sent < total) {
          sent += chunk.byteLength
          if (!call.write(chunk)) return void call.once('drain', send)
        }
        if (!answered) call.end()
      }
      call.write('{"route":"')
      send()
    })
    let status = await upload()
    for (let attempt = 2; status === 'no answer' && attempt <= 3; attempt++) status = await upload()
    expect(status === 413 || status === 'closed', String(status)).toBe(true)
    // refused, not crashed: the endpoints still answer
    await waitFor(async () => (await registry()) !== undefined, 30_000, serverLog)
    // Nuxt 4: what the sockets and nuxi's proxy buffer before the refusal arrives (about 4 MB), not the 100 MB.
    // Nuxt 3's and Nuxt 5's dev proxies relay no answer before the upload ends: the endpoint reads the rest and keeps none of it
    if (nuxtMajor === 4) expect(sent).toBeLessThan(16 * 1024 * 1024)
    expect(await exists(join(app.rootDir, 'server/api/x.post.ts'))).toBe(false)
  }, 90_000)

  it('closes the loop: a request to a missing route is recorded, the action is created from it, and the same request then answers 200', async () => {
    const body = JSON.stringify({ title: 'Call Ada', pinned: true, tags: ['work'] })
    // a request caught in one of Nitro's restarts (the files the tests above wrote) may never answer: asked again after 10 s
    const send = async (): Promise<Response> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await fetch(`${app.baseURL}/api/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(10_000) })
        }
        catch (error) {
          if (attempt === 5) throw error
        }
      }
    }
    // a request answered by a worker that a restart then replaces may leave no record: sent again until one is kept
    let missing: RequestRecord | undefined
    for (let attempt = 1; !missing && attempt <= 3; attempt++) {
      expect((await send()).headers.get('content-type')).toMatch(/html/)
      const recorded = await (await fetch(`${app.baseURL}/__action-route/api/records`, { headers: app.authHeaders })).json() as RequestRecord[]
      missing = recorded.findLast(record => record.path === '/api/notes')
    }
    expect(missing).toMatchObject({ unmatched: true, method: 'POST', input: { title: 'Call Ada', pinned: true, tags: ['work'] } })

    const created = await post({ route: missing!.path.replace(/^\/api\//, ''), method: missing!.method.toLowerCase(), example: missing!.input })
    expect(created.status).toBe(201)
    const { routeId } = created.body as CreateActionResponse
    expect(routeId).toBe('POST /api/notes')
    await waitFor(async () => (await registry())?.routes.some(route => route.id === routeId && route.isAction) === true, 60_000, serverLog)

    const replay = await send()
    expect(replay.status, app.log().slice(-2000)).toBe(200)
    expect(await replay.json()).toMatchObject({ success: true })
  }, 120_000)
})
