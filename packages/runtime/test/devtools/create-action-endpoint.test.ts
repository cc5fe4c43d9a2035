import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answerCreateAction, MAX_CREATE_ACTION_BODY } from '../../src/runtime/devtools/internal/create-action-endpoint'
import { drainWhenCancelled } from '../../src/runtime/devtools/internal/drain-when-cancelled'

let app: string
beforeEach(async () => {
  app = await mkdtemp(join(tmpdir(), 'create-endpoint-'))
  await writeFile(join(app, 'nuxt.config.ts'), 'export default defineNuxtConfig({})\n')
  await writeFile(join(app, 'package.json'), JSON.stringify({ dependencies: { nuxt: '^4.0.0', zod: '^4.0.0' } }))
  // installed, as after an install: create-action refuses a schema library the app cannot import
  await mkdir(join(app, 'node_modules/zod'), { recursive: true })
  await writeFile(join(app, 'node_modules/zod/package.json'), '{"name":"zod","version":"4.0.0"}')
})
afterEach(() => rm(app, { recursive: true, force: true }))

/** A chunked body with no Content-Length that never ends, counting what the endpoint pulls from it. */
function endlessBody() {
  const chunk = new TextEncoder().encode(`{"route":"${'a'.repeat(16 * 1024)}`)
  const seen = { bytes: 0, cancelled: false }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.bytes += chunk.byteLength
      controller.enqueue(chunk)
    },
    cancel() {
      seen.cancelled = true
    },
  }, { highWaterMark: 0 })
  return { body, seen }
}

function bodyOf(text: string): ReadableStream<Uint8Array> {
  return new Response(text).body!
}

describe('POST /__action-route/api/actions', () => {
  it('answers 413 to a chunked body over 64 KiB after reading no more than the limit, and cancels the rest', async () => {
    const { body, seen } = endlessBody()
    const answer = await answerCreateAction(app, { declaredLength: null, body })
    expect(answer.status).toBe(413)
    expect(seen.bytes).toBeLessThan(MAX_CREATE_ACTION_BODY + 32 * 1024)
    expect(seen.cancelled).toBe(true)
    expect(await readdir(app)).toEqual(['node_modules', 'nuxt.config.ts', 'package.json'])
  })

  it('answers 413 to a declared length over 64 KiB without reading the body', async () => {
    const { body, seen } = endlessBody()
    expect((await answerCreateAction(app, { declaredLength: String(100 * 1024 * 1024), body })).status).toBe(413)
    expect(seen.bytes).toBe(0)
  })

  it('on Nitro 3, reads a refused body to its end, keeping none of it, before answering 413 (Nuxt 5\'s dev proxy answers only then)', async () => {
    const chunk = new Uint8Array(64 * 1024)
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 8 * 1024 * 1024) return controller.close()
        pulled += chunk.byteLength
        controller.enqueue(chunk)
      },
    }, { highWaterMark: 0 })
    const answer = await answerCreateAction(app, { declaredLength: null, body: drainWhenCancelled(body) })
    expect(answer.status).toBe(413)
    expect(pulled).toBe(8 * 1024 * 1024)
  })

  it('writes an action from a body within the limit', async () => {
    const answer = await answerCreateAction(app, { declaredLength: null, body: bodyOf(JSON.stringify({ route: 'hello', method: 'get' })) })
    expect(answer.status).toBe(201)
    expect(await readdir(join(app, 'server/api'))).toEqual(['hello.get.ts'])
  })

  it('writes a streaming action with stream: true, as create-action --stream does', async () => {
    const answer = await answerCreateAction(app, { declaredLength: null, body: bodyOf(JSON.stringify({ route: 'reply', method: 'post', stream: true })) })
    expect(answer).toMatchObject({ status: 201, body: { routeId: 'POST /api/reply' } })
    const [file] = (answer.body as { files: Array<{ path: string, contents: string }> }).files
    expect(file!.path).toBe('server/api/reply.post.ts')
    expect(file!.contents).toMatch(/async\s*\*\s*handler/)
    expect(file!.contents).toContain('eventSchema')
    // without it, the plain action as before
    const plain = await answerCreateAction(app, { declaredLength: null, body: bodyOf(JSON.stringify({ route: 'plain', method: 'post', stream: false })) })
    expect((plain.body as { files: Array<{ contents: string }> }).files[0]!.contents).not.toMatch(/async\s*\*\s*handler/)
  })

  it('refuses stream on HEAD, and a stream that is not true or false, with 400 and nothing written', async () => {
    const head = await answerCreateAction(app, { declaredLength: null, body: bodyOf(JSON.stringify({ route: 'ping', method: 'HEAD', stream: true })) })
    expect(head).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST', message: expect.stringContaining('HEAD route answers no body') } } })
    const wrong = await answerCreateAction(app, { declaredLength: null, body: bodyOf(JSON.stringify({ route: 'ping', method: 'get', stream: 'yes' })) })
    expect(wrong).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST', message: 'stream must be true or false.' } } })
    expect(await readdir(app)).toEqual(['node_modules', 'nuxt.config.ts', 'package.json'])
  })

  it('refuses a middleware that would shadow an auto-import with 400, as the CLI does', async () => {
    const answer = await answerCreateAction(app, { declaredLength: null, body: bodyOf(JSON.stringify({ route: 'a', method: 'get', middleware: ['use-storage'] })) })
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST', message: expect.stringContaining('would export useStorage, which Nitro auto-imports') } } })
  })
})
