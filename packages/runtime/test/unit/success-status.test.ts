import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'
import { createActionError } from '../../src/runtime/server'

describe.each(hosts)('success-status on $name', (host) => {
  /** Statuses HTTP forbids a body for (1xx, 204, 205, 304), and ones that can carry one. */
  const bodiless = [204, 205, 304, 103]
  const withBody = [200, 201, 202, 203]

  let server: TestServer
  beforeAll(async () => {
    server = await host.serve({
      '/status': host.defineAction({
        handler: ({ event, input }) => {
          const { status, text } = input as { status: string, text?: string }
          host.setStatus(event, Number(status), text)
          host.setHeader(event, 'x-handler', 'kept')
          return { saved: true }
        },
      }),
      '/problem': host.defineAction({
        handler: ({ event, input }) => {
          host.setHeader(event, 'content-type', 'application/problem+json')
          if ((input as { fail?: string }).fail) throw createActionError({ code: 'GONE', message: 'Gone', statusCode: 410 })
          return { typed: true }
        },
      }),
    })
  })
  afterAll(() => server.close())

  /** A raw request, so the test sees the bytes on the wire and a 1xx would show as the final status. */
  function send(method: string, path: string): Promise<{ status: number, statusText?: string, headers: Record<string, unknown>, text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, server.url), { method }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode!, statusText: res.statusMessage, headers: res.headers, text }))
      })
      req.on('error', reject)
      req.end()
    })
  }

  describe('step 6: the status of a success', () => {
    it.each(bodiless)('answers 200 with the envelope when the handler set %i, a status that cannot carry a body', async (status) => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const answer = await send(method, `/status?status=${status}`)
        expect(answer.status, method).toBe(200)
        expect(JSON.parse(answer.text), method).toEqual({ success: true, data: { saved: true } })
        expect(answer.headers['content-type'], method).toBe('application/json')
        expect(answer.headers['x-handler'], method).toBe('kept')
      }
    })

    it.each(bodiless)('answers HEAD like GET (200, no body) when the handler set %i', async (status) => {
      const head = await send('HEAD', `/status?status=${status}`)
      expect(head.status).toBe(200)
      expect(head.text).toBe('')
      expect(head.headers['content-type']).toBe('application/json')
    })

    it('answers application/json, or the content type the handler set itself, on a success and a failure', async () => {
      expect((await send('GET', '/status?status=200')).headers['content-type']).toBe('application/json')
      const typed = await send('GET', '/problem')
      expect(typed.headers['content-type']).toBe('application/problem+json')
      expect(JSON.parse(typed.text)).toEqual({ success: true, data: { typed: true } })
      const failed = await send('GET', '/problem?fail=1')
      expect(failed.status).toBe(410)
      expect(failed.headers['content-type']).toBe('application/problem+json')
      expect(JSON.parse(failed.text).error.code).toBe('GONE')
    })

    it('does not keep the reason phrase of the status it replaced', async () => {
      const answer = await send('GET', '/status?status=204&text=No%20Content')
      expect(answer.status).toBe(200)
      expect(answer.statusText).toBe('OK')
    })

    it.each(withBody)('keeps %i, a success status that carries the envelope', async (status) => {
      const { status: answered, body } = await call(`${server.url}/status?status=${status}`)
      expect(answered).toBe(status)
      expect(body).toEqual({ success: true, data: { saved: true } })
    })
  })
})
