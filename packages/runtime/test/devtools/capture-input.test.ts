import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineEventHandler, readRawBody } from 'h3'
import { captureInput } from '../../src/runtime/devtools/internal/capture-input'
import { serve } from '../helpers/serve'
import type { TestServer } from '../helpers/serve'

let server: TestServer

beforeAll(async () => {
  server = await serve({
    '/capture': defineEventHandler(async (event) => {
      const captured = await captureInput(event, { maxBodySize: 1024 * 1024, maxFormFields: 20, maxFormFiles: 2 })
      const body = await readRawBody(event, false)
      return { captured, bodyStillReadable: body?.byteLength ?? 0 }
    }),
  })
})
afterAll(() => server.close())

async function capture(init: RequestInit) {
  const response = await fetch(`${server.url}/capture`, { method: 'POST', ...init })
  return response.json() as Promise<{ captured: { input: unknown, inputNote?: string }, bodyStillReadable: number }>
}

describe('captureInput', () => {
  it('reads a multipart body as fields, describing files instead of keeping their bytes', async () => {
    const form = new FormData()
    form.append('name', 'Ann')
    form.append('password', 'hunter2')
    form.append('avatar', new File(['hello'], 'me.png', { type: 'image/png' }))
    const { captured, bodyStillReadable } = await capture({ body: form })
    expect(captured.input).toEqual({ name: 'Ann', password: 'hunter2', avatar: '[file me.png: 5 bytes, image/png]' })
    expect(bodyStillReadable).toBeGreaterThan(0)
  })

  it('keeps repeated multipart fields as an array', async () => {
    const form = new FormData()
    form.append('tag', 'a')
    form.append('tag', 'b')
    expect((await capture({ body: form })).captured.input).toEqual({ tag: ['a', 'b'] })
  })

  it('does not show malformed JSON, which could not be redacted', async () => {
    const { captured, bodyStillReadable } = await capture({ headers: { 'content-type': 'application/json' }, body: '{"password": "hunter2"' })
    expect(captured.input).toBeNull()
    expect(captured.inputNote).toMatch(/malformed JSON.*22 bytes/)
    expect(JSON.stringify(captured)).not.toContain('hunter2')
    expect(bodyStillReadable).toBe(22)
  })

  it('does not build a urlencoded form over the field limit, which the action refuses unbuilt', async () => {
    const body = Array.from({ length: 21 }, (_, index) => `f${index}=${index}`).join('&')
    const { captured, bodyStillReadable } = await capture({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
    expect(captured.input).toBeNull()
    expect(captured.inputNote).toMatch(/over the 20-field or 2-file limit, not captured/)
    expect(bodyStillReadable).toBe(body.length)
  })

  it('does not build a multipart form over the file limit', async () => {
    const form = new FormData()
    for (const name of ['a', 'b', 'c']) form.append(name, new File(['x'], `${name}.txt`))
    const { captured } = await capture({ body: form })
    expect(captured.input).toBeNull()
    expect(captured.inputNote).toMatch(/over the 20-field or 2-file limit/)
  })

  it('captures a form at the limits, repeated fields as an array', async () => {
    const body = Array.from({ length: 20 }, (_, index) => `tag=${index}`).join('&')
    const { captured } = await capture({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
    expect(captured.input).toEqual({ tag: Array.from({ length: 20 }, (_, index) => String(index)) })
  })

  it('does not show a body of another content type', async () => {
    const { captured } = await capture({ headers: { 'content-type': 'text/plain' }, body: 'password=hunter2' })
    expect(captured.input).toBeNull()
    expect(captured.inputNote).toMatch(/text\/plain/)
    expect(JSON.stringify(captured)).not.toContain('hunter2')
  })
})
