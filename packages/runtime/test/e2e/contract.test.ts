import { describe, expect, inject, it } from 'vitest'

const baseURL = inject('baseURL')
const INTERNAL = { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 }

async function request(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseURL}${path}`, init)
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined }
}

describe('the middleware contract holds in time (built app)', () => {
  it('a next() called from a timer after the middleware returned never runs the handler, and the server stays up', async () => {
    const { status, body } = await request('/api/contract/late-next')
    expect(status).toBe(500)
    expect(body.error).toEqual(INTERNAL)
    await new Promise(resolve => setTimeout(resolve, 100))
    expect((await request('/api/contract/late-next?count')).body).toEqual({ success: true, data: { handlerRuns: 0 } })
  })
})

describe('the answer is checked when it is sent (built app)', () => {
  it('answers 200 with the envelope when the handler set 204 or 205, HEAD included', async () => {
    for (const status of [204, 205]) {
      const get = await request(`/api/contract/no-content?status=${status}`)
      expect(get.status).toBe(200)
      expect(get.body).toEqual({ success: true, data: { saved: true } })
      const head = await request(`/api/contract/no-content?status=${status}`, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.text).toBe('')
      expect(head.headers.get('content-type')).toBe('application/json')
    }
  })

  it('answers INTERNAL_ERROR 500 for an action error whose status was changed to 200 after creation', async () => {
    const { status, body } = await request('/api/contract/changed-error')
    expect(status).toBe(500)
    expect(body).toEqual({ success: false, error: INTERNAL })
  })
})

describe('metadata is frozen all the way down (built app)', () => {
  it('a middleware cannot push into metadata.roles; every request sees the original', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await request('/api/contract/metadata-push')).body).toEqual({ success: true, data: ['admin'] })
    }
  })
})
