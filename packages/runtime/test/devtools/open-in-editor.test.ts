import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as h3v1 from 'h3'
import * as h3v2 from 'h3-v2'
import { createDevtoolsGuard, DEVTOOLS_TOKEN_HEADER } from '../../src/runtime/devtools/internal/create-devtools-guard'
import { refuseUnlessDeveloper } from '../../src/runtime/devtools/internal/devtools-guard'
import type { DevtoolsGuardOptions } from '../../src/runtime/devtools/internal/devtools-guard'
import { nodeBodyStream } from '../../src/runtime/devtools/internal/node-body-stream'
import { answerOpenInEditor, openInEditorResponse } from '../../src/runtime/devtools/internal/open-in-editor-endpoint'

const TOKEN = 'editor-test-token-0123456789'
const ENDPOINT = '/__action-route/api/open-in-editor'
let dir: string
let app: string
let opened: string
let guard: DevtoolsGuardOptions
const servers: { close: () => void }[] = []

async function listen(listener: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(listener)
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

// the guard and the endpoint as Nitro 2 (handlers/open-in-editor.ts) and Nitro 3 (nitro3/open-in-editor.ts) run them
const serve = {
  'Nitro 2 (h3 v1)': () => {
    const server = h3v1.createApp()
    server.use(createDevtoolsGuard(guard))
    server.use(ENDPOINT, h3v1.defineEventHandler(event => openInEditorResponse(app, { method: event.method, headers: event.headers, body: nodeBodyStream(event.node.req) })))
    return listen(h3v1.toNodeListener(server))
  },
  'Nitro 3 (h3 v2)': () => {
    const server = new h3v2.H3()
    server.use(event => refuseUnlessDeveloper(event.url.pathname, event.req.headers, guard))
    server.all(ENDPOINT, event => openInEditorResponse(app, event.req))
    return listen(h3v2.toNodeHandler(server))
  },
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'open-in-editor-'))
  app = join(dir, 'app')
  opened = join(dir, 'opened.txt')
  await mkdir(join(app, 'server/api'), { recursive: true })
  await writeFile(join(app, 'server/api/hello.get.ts'), 'export default defineAction({ handler: () => 1 })\n')
  await writeFile(join(dir, 'outside.txt'), 'not the app\'s\n')
  await symlink(join(dir, 'outside.txt'), join(app, 'server/api/link.ts'))
  await writeFile(join(dir, 'token.txt'), TOKEN)
  // the "editor": a script that writes down what it was asked to open, so nothing real opens
  await writeFile(join(dir, 'editor.sh'), `#!/bin/sh\necho "$1" >> "${opened}"\n`)
  await chmod(join(dir, 'editor.sh'), 0o755)
  process.env.LAUNCH_EDITOR = join(dir, 'editor.sh')
  guard = { base: '/__action-route', tokenFile: join(dir, 'token.txt'), requireToken: true }
})
afterAll(async () => {
  delete process.env.LAUNCH_EDITOR
  for (const server of servers) server.close()
  await rm(dir, { recursive: true, force: true })
})
beforeEach(() => rm(opened, { force: true }))

async function openedFiles(): Promise<string[]> {
  // the editor runs as a child process: give it a moment
  for (let attempt = 0; attempt < 40; attempt++) {
    const text = await readFile(opened, 'utf8').catch(() => '')
    if (text) return text.trim().split('\n')
    await new Promise(done => setTimeout(done, 50))
  }
  return []
}

async function nothingOpened(): Promise<void> {
  await new Promise(done => setTimeout(done, 300))
  expect(await readFile(opened, 'utf8').catch(() => '')).toBe('')
}

describe.each(Object.entries(serve))('open in editor on %s', (_, start) => {
  let url: string
  beforeAll(async () => {
    url = await start()
  })
  const post = (body: unknown, headers: Record<string, string> = { [DEVTOOLS_TOKEN_HEADER]: TOKEN }) =>
    fetch(`${url}${ENDPOINT}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

  it('opens a file of the app for the panel (with its token) in the editor LAUNCH_EDITOR names', async () => {
    const response = await post({ file: join(app, 'server/api/hello.get.ts'), line: 3 })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ opened: 'server/api/hello.get.ts' })
    expect(await openedFiles()).toEqual([join(app, 'server/api/hello.get.ts')])
  })

  it('refuses a cross-site request, even with the token, and opens nothing', async () => {
    const response = await post({ file: join(app, 'server/api/hello.get.ts') }, { [DEVTOOLS_TOKEN_HEADER]: TOKEN, 'sec-fetch-site': 'cross-site', 'origin': 'https://evil.example' })
    expect(response.status).toBe(403)
    await nothingOpened()
  })

  it('refuses a cross-site <img> GET (no token), as Vite\'s own endpoint did not', async () => {
    const response = await fetch(`${url}${ENDPOINT}?file=/etc/passwd`, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' } })
    expect(response.status).toBe(403)
    await nothingOpened()
  })

  it('takes POST only, even from the panel', async () => {
    const response = await fetch(`${url}${ENDPOINT}?file=${encodeURIComponent(join(app, 'server/api/hello.get.ts'))}`, { headers: { [DEVTOOLS_TOKEN_HEADER]: TOKEN } })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    await nothingOpened()
  })

  it.each([
    ['/etc/passwd', 403],
    ['../outside.txt', 403],
    ['server/api/link.ts', 403],
    ['server/api/missing.ts', 404],
    ['server/api', 404],
  ])('refuses %s, outside the app or no file of it (real paths compared)', async (file, status) => {
    const response = await post({ file })
    expect(response.status).toBe(status)
    await nothingOpened()
  })

  it('answers 413 to a body over 4 KiB', async () => {
    const response = await post({ file: 'x'.repeat(5000) })
    expect(response.status).toBe(413)
  })
})

describe('open in editor without an editor', () => {
  const call = { method: 'POST', declaredLength: null }
  const body = () => new Response(JSON.stringify({ file: 'server/api/hello.get.ts' })).body

  it('answers 500 NO_EDITOR when the launcher finds none, or cannot be loaded, and says how to name one', async () => {
    const none = await answerOpenInEditor(app, { ...call, body: body() }, (_file, refuse) => refuse('none found'))
    expect(none).toEqual({ status: 500, body: { error: { code: 'NO_EDITOR', message: 'No editor could be launched (none found): set LAUNCH_EDITOR, like LAUNCH_EDITOR=code.' } } })
    const broken = await answerOpenInEditor(app, { ...call, body: body() }, () => {
      throw new Error('Cannot find module launch-editor')
    })
    expect(broken.status).toBe(500)
  })
})
