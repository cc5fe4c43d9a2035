// An app with no streaming action gets `defineAction` without the streaming code (the Nuxt module auto-imports
// `defineActionWithoutStreaming` as `defineAction`): a handler that streams there fails loudly and names the
// option that brings streaming back, and the words that make a build keep streaming are found in server files.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defineActionWithoutStreaming as defineV1Action } from '../../src/runtime/server/adapters/h3-v1'
import { defineActionWithoutStreaming as defineV2Action } from '../../src/runtime/server/adapters/h3-v2'
import { appSourceUses, SERVER_FEATURES } from '../../src/app-source/app-source-uses'
import type { ActionErrorReport } from '../../src/runtime/server/errors/report-error'
import { setErrorReporter } from '../../src/runtime/server/errors/report-error'
import type { TestServer } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

const withoutStreaming = { 'h3 v1': defineV1Action, 'h3 v2': defineV2Action } as const

describe.each(hosts)('an action made without streaming, on $name', (host) => {
  const define = withoutStreaming[host.name] as typeof host.defineAction
  let server: TestServer
  let reports: ActionErrorReport[] = []

  beforeAll(async () => {
    setErrorReporter({ expected: false, report: report => void reports.push(report) })
    server = await host.serve({
      '/plain': define({ handler: () => ({ ok: true }) }),
      // a plain handler that returns a generator: found only when it runs
      '/returns-generator': define({ handler: () => (async function* () { yield 1 })() }),
    })
  })
  afterEach(() => {
    reports = []
  })
  afterAll(async () => {
    setErrorReporter(undefined)
    await server.close()
  })

  it('answers a plain handler as defineAction does', async () => {
    const response = await fetch(`${server.url}/plain`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, data: { ok: true } })
  })

  it('refuses an async function* handler when it is defined, naming actionRoute.streaming', () => {
    const handler = async function* () {
      yield 1
    }
    expect(() => define({ handler })).toThrow(/streams.*`actionRoute: \{ streaming: true \}`/)
  })

  it('answers a generator a plain handler returned with INTERNAL_ERROR 500, reported with the option to set', async () => {
    const response = await fetch(`${server.url}/returns-generator`)
    expect(response.status).toBe(500)
    expect((await response.json()).error.code).toBe('INTERNAL_ERROR')
    expect(reports).toHaveLength(1)
    expect(String((reports[0]!.error as Error).message)).toMatch(/built without streaming.*actionRoute: \{ streaming: true \}/)
  })
})

describe('SERVER_FEATURES.streaming (the words that keep the streaming code in a build)', () => {
  const made: string[] = []
  afterAll(async () => {
    await Promise.all(made.map(dir => rm(dir, { recursive: true, force: true })))
  })
  async function serverDir(file: string, contents: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'uses-stream-'))
    made.push(dir)
    await mkdir(join(dir, file, '..'), { recursive: true })
    await writeFile(join(dir, file), contents)
    return dir
  }

  it.each([
    ['an async function* handler', 'api/chat.post.ts', 'export default defineAction({ handler: async function* () { yield 1 } })'],
    ['an async *method handler', 'api/chat.post.ts', 'export default defineAction({ async *handler() { yield 1 } })'],
    ['a generator in a server util', 'utils/words.ts', 'export async function * words() { yield "a" }'],
    ['an eventSchema', 'api/feed.get.ts', 'export default defineAction({ eventSchema: z.string(), handler })'],
  ])('keeps streaming for %s', async (_, file, contents) => {
    expect((await appSourceUses([await serverDir(file, contents)], SERVER_FEATURES)).streaming).toBe(true)
  })

  it('leaves streaming out of a server whose actions only answer', async () => {
    const dir = await serverDir('api/todos.get.ts', 'export default defineAction({ handler: async () => [] })\nconst star = 2 * 3\n')
    expect((await appSourceUses([dir], SERVER_FEATURES)).streaming).toBe(false)
  })
})
