import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordToVitest } from '../../src/client/logic/record-to-vitest'
import { recordsToHar } from '../../src/client/logic/records-to-har'
import { makeRecord } from './make-record'

// the exported file imports 'vitest': it must sit where node finds the workspace's copy
const scratchRoot = fileURLToPath(new URL('../../node_modules/.vitest-export/', import.meta.url))
const vitestBin = fileURLToPath(new URL('../../../../node_modules/vitest/vitest.mjs', import.meta.url))

/** What the tiny server saw and answers: one answer, or one made from each request. */
interface Answer { status: number, body: unknown }
type Answering = Answer | ((request: { method: string, url: string, body: string }) => Answer)

let dir: string
let server: Server
let baseURL: string
let answer: Answering
let received: { method?: string, url?: string, headers: IncomingMessage['headers'], body: string }[] = []

beforeAll(async () => {
  await mkdir(scratchRoot, { recursive: true })
  dir = await mkdtemp(scratchRoot)
  await writeFile(join(dir, 'vitest.config.mjs'), `export default { test: { include: ['*.test.ts'] } }\n`)
  server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    received.push({ method: request.method, url: request.url, headers: request.headers, body })
    const { status, body: answerBody } = typeof answer === 'function' ? answer({ method: request.method!, url: request.url!, body }) : answer
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answerBody))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server?.close()
  await rm(dir, { recursive: true, force: true })
})

/** Writes the exported test and runs it with vitest against the tiny server; the exit code and output. */
async function runExport(source: string): Promise<{ code: number, output: string }> {
  await writeFile(join(dir, 'export.test.ts'), source)
  received = []
  const child = spawn(process.execPath, [vitestBin, 'run', '--root', dir, '--config', join(dir, 'vitest.config.mjs')], {
    env: { ...process.env, APP_URL: baseURL, CI: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', chunk => (output += chunk))
  child.stderr.on('data', chunk => (output += chunk))
  const [code] = await once(child, 'exit') as [number]
  return { code, output }
}

describe('recordToVitest', () => {
  it('writes a test that passes against a server answering as recorded, sending the recorded request', async () => {
    const record = makeRecord({ url: '/api/todos?list=home', query: { list: 'home' }, headers: { 'content-type': 'application/json', 'x-tenant': 'acme' } })
    answer = { status: 201, body: record.envelope }
    const { code, output } = await runExport(recordToVitest(record, { baseURL: 'http://localhost:3000' }))
    expect(output).toMatch(/1 passed/)
    expect(code).toBe(0)
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/todos?list=home', body: '{"title":"Buy milk"}' })
    expect(received[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'x-tenant': 'acme' })
  }, 60_000)

  it('writes a test that fails when the status or the envelope differ', async () => {
    const record = makeRecord()
    answer = { status: 200, body: record.envelope }
    const wrongStatus = await runExport(recordToVitest(record, { baseURL: 'http://localhost:3000' }))
    expect(wrongStatus.code).not.toBe(0)
    expect(wrongStatus.output).toMatch(/expected 200 to be 201/)
    answer = { status: 201, body: { data: { id: 1, title: 'Buy bread' } } }
    const wrongEnvelope = await runExport(recordToVitest(record, { baseURL: 'http://localhost:3000' }))
    expect(wrongEnvelope.code).not.toBe(0)
    expect(wrongEnvelope.output).toMatch(/expected \{ data: \{ id: 1, title: 'Buy bread' \} \} to deeply equal \{ data: \{ id: Any<Number>/)
    expect(received).toHaveLength(1)
  }, 60_000)

  it('keeps redacted values redacted, with a comment, and matches a redacted envelope field with anything', async () => {
    const record = makeRecord({
      method: 'PATCH',
      url: '/api/users/7',
      path: '/api/users/7',
      route: '/api/users/:id',
      params: { id: '7' },
      headers: { 'content-type': 'application/json', 'authorization': '[redacted]' },
      input: { name: 'Ada', password: '[redacted]' },
      status: 200,
      envelope: { data: { name: 'Ada', token: '[redacted]' } },
    })
    const source = recordToVitest(record, { baseURL: 'http://localhost:3000' })
    expect(source).toContain(`// 'authorization': '[redacted]', redacted by the recorder: set the real value`)
    expect(source).toContain(`password: '[redacted]' /* redacted by the recorder */`)
    expect(source).toContain('token: expect.anything() /* redacted by the recorder */')
    answer = { status: 200, body: { data: { name: 'Ada', token: 'a-real-token' } } }
    const { code, output } = await runExport(source)
    expect(output).toMatch(/1 passed/)
    expect(code).toBe(0)
    expect(received[0]!.headers.authorization).toBeUndefined()
    expect(received[0]).toMatchObject({ method: 'PATCH', url: '/api/users/7' })
  }, 60_000)

  it('matches the ids and times the app generates by their type, so the test passes on a second run', async () => {
    const record = makeRecord({ envelope: { data: { id: 1, title: 'Buy milk', listId: 'l_8f2c1b7d9e4a6c30', createdAt: '2026-01-02T03:04:05.000Z' } } })
    let next = 1
    answer = () => ({ status: 201, body: { data: { id: ++next, title: 'Buy milk', listId: `l_${next}`, createdAt: new Date().toISOString() } } })
    const source = recordToVitest(record, { baseURL: 'http://localhost:3000' })
    expect(source).toContain('id: expect.any(Number) /* generated by the app */')
    expect(source).toContain('createdAt: expect.any(String) /* generated by the app */')
    expect(source).toContain(`title: 'Buy milk'`)
    for (const run of [1, 2]) {
      const { code, output } = await runExport(source)
      expect(output, `run ${run}`).toMatch(/1 passed/)
      expect(code).toBe(0)
    }
  }, 60_000)

  it('makes an id of the URL anew with the earlier request that created it, so a DELETE passes on every run', async () => {
    const todos = new Set<number>()
    let next = 6
    answer = ({ method, url }) => {
      if (method === 'POST' && url === '/api/todos') {
        todos.add(++next)
        return { status: 201, body: { data: { id: next, title: 'Buy milk' } } }
      }
      const id = Number(url.match(/^\/api\/todos\/(\d+)$/)?.[1])
      if (method === 'DELETE' && todos.delete(id)) return { status: 200, body: { data: { id, deleted: true } } }
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such todo' } } }
    }
    const create = makeRecord({ id: 4, envelope: { data: { id: 7, title: 'Buy milk' } } })
    const remove = makeRecord({ id: 5, method: 'DELETE', url: '/api/todos/7', path: '/api/todos/7', route: '/api/todos/:id', routeId: 'DELETE /api/todos/:id', params: { id: '7' }, input: {}, status: 200, envelope: { data: { id: 7, deleted: true } } })
    const unrelated = makeRecord({ id: 6, envelope: { data: { id: 8, title: 'Later' } } })
    const source = recordToVitest(remove, { baseURL: 'http://localhost:3000', records: [makeRecord({ id: 3, envelope: { data: { id: 7 } }, status: 422 }), create, remove, unrelated] })
    expect(source).toContain(`const created0 = String((await answer0.json())['data']['id'])`)
    for (const run of [1, 2]) {
      const { code, output } = await runExport(source)
      expect(output, `run ${run}`).toMatch(/1 passed/)
      expect(code).toBe(0)
      expect(received.map(request => `${request.method} ${request.url} ${request.body}`)).toEqual([`POST /api/todos {"title":"Buy milk"}`, `DELETE /api/todos/${next} {}`])
    }
  }, 60_000)

  it('says so beside an id of the URL no earlier request created', () => {
    const record = makeRecord({ method: 'GET', url: '/api/todos/42', path: '/api/todos/42', route: '/api/todos/:id', routeId: 'GET /api/todos/:id', params: { id: '42' }, input: {}, query: {}, status: 200 })
    expect(recordToVitest(record, { baseURL: 'http://localhost:3000', records: [] })).toContain(`// '42' in the URL is a value the app generated: if a second run finds it gone, create it first and put its id here`)
    expect(recordToVitest({ ...record, url: '/api/pages/about', path: '/api/pages/about', route: '/api/pages/:slug', params: { slug: 'about' } }, { baseURL: 'http://localhost:3000' })).not.toContain('in the URL')
  })

  it('writes a GET\'s input as the query and sends no body', async () => {
    const record = makeRecord({ method: 'GET', url: '/api/todos?page=2', query: { page: '2' }, input: { page: '2' }, status: 200, envelope: { data: [] } })
    const source = recordToVitest(record, { baseURL: 'http://localhost:3000' })
    expect(source).not.toContain('body:')
    answer = { status: 200, body: { data: [] } }
    const { code, output } = await runExport(source)
    expect(output).toMatch(/1 passed/)
    expect(code).toBe(0)
    expect(received[0]).toMatchObject({ method: 'GET', url: '/api/todos?page=2', body: '' })
  }, 60_000)
})

describe('recordsToHar', () => {
  it('writes HAR 1.2 entries, oldest first, with absolute URLs, bodies, the envelope and the lifecycle', () => {
    const har = recordsToHar([
      makeRecord({ id: 2, method: 'GET', url: '/api/todos?page=2', query: { page: '2' }, status: 200, envelope: { data: [] }, timings: [{ step: 'handler', start: 0, duration: 1 }] }),
      makeRecord({ id: 1, unmatched: true, route: '', routeId: '', url: '/api/notes', path: '/api/notes', status: 404, envelope: null }),
    ], { baseURL: 'http://localhost:3000' })
    expect(har.log.version).toBe('1.2')
    expect(har.log.creator.name).toBe('Action Route DevTools')
    const [post, get] = har.log.entries
    expect(post).toMatchObject({
      startedDateTime: '2026-01-02T03:04:05.000Z',
      time: 4.2,
      request: { method: 'POST', url: 'http://localhost:3000/api/notes', postData: { mimeType: 'application/json', text: '{"title":"Buy milk"}' }, headersSize: -1, bodySize: 20 },
      response: { status: 404, content: { size: -1 }, redirectURL: '' },
      _actionRoute: { unmatched: true },
    })
    expect(get).toMatchObject({
      request: { url: 'http://localhost:3000/api/todos?page=2', queryString: [{ name: 'page', value: '2' }], bodySize: 0 },
      response: { status: 200, content: { mimeType: 'application/json', text: '{"data":[]}', size: 11 } },
      _actionRoute: { routeId: 'POST /api/todos', timings: [{ step: 'handler', start: 0, duration: 1 }] },
    })
    expect(get!.request).not.toHaveProperty('postData')
    // every entry has the fields HAR 1.2 requires
    for (const entry of har.log.entries) {
      for (const field of ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings']) expect(entry).toHaveProperty(field)
      for (const field of ['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize']) expect(entry.request).toHaveProperty(field)
      for (const field of ['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL', 'headersSize', 'bodySize']) expect(entry.response).toHaveProperty(field)
    }
  })
})
