import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { describe, expect, inject, it } from 'vitest'

// An idempotent POST made during SSR (components/IdempotentSsrProbe.vue, at /idempotent-ssr) on the built fixture:
// its in-process call carries the address of the client that asked for the page, so its key is scoped by that
// client, as a call from that client's browser would be. Each client connects from its own loopback address.
const baseURL = inject('baseURL')

interface Order { item: string, quantity: number, run: number }

/** Sends a request from a loopback address; answers its status and text. */
function send(path: string, from: string, options: { method?: string, headers?: Record<string, string>, body?: string } = {}): Promise<{ status: number, text: string, replayed?: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${baseURL}${path}`, { method: options.method ?? 'GET', localAddress: from, headers: options.headers }, (response) => {
      let text = ''
      response.setEncoding('utf8').on('data', (chunk: string) => text += chunk).on('end', () => resolve({ status: response.statusCode!, text, replayed: response.headers['idempotent-replayed'] as string | undefined }))
    }).on('error', reject)
    sent.end(options.body)
  })
}

/** The envelope the page's SSR call got, as the page renders it. */
async function renderedOrder(from: string, key: string, item: string): Promise<{ success: boolean, data?: Order }> {
  const { text } = await send(`/idempotent-ssr?key=${encodeURIComponent(key)}&item=${encodeURIComponent(item)}`, from)
  const match = /data-test="idempotent-ssr">([^<]*)</.exec(text)
  if (!match) throw new Error(`no idempotent SSR probe in the page:\n${text.slice(0, 2000)}`)
  return JSON.parse(match[1]!.replace(/&quot;/g, '"').replace(/&#39;/g, '\'').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'))
}

describe('an idempotent call made during SSR', () => {
  it('is scoped by the page client\'s address: a reload replays that client\'s answer, another client with the key runs its own, and the client\'s browser gets the same replay', async () => {
    const key = randomUUID()
    const item = `ssr-${key}`
    const first = await renderedOrder('127.0.0.2', key, item)
    expect(first).toEqual({ success: true, data: { item, quantity: 1, run: 1 } })
    // the same client reloads the page: the key is found in its scope, nothing runs again
    expect(await renderedOrder('127.0.0.2', key, item)).toEqual(first)
    // another client with the same key: another scope, so the action runs for it
    expect(await renderedOrder('127.0.0.3', key, item)).toEqual({ success: true, data: { item, quantity: 1, run: 2 } })

    // the first client's browser, with the same key and request, gets the answer its page's SSR call stored
    const direct = await send('/api/idempotency/orders', '127.0.0.2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `"${key}"` },
      body: JSON.stringify({ item, quantity: 1 }),
    })
    expect(direct.status).toBe(201)
    expect(direct.replayed).toBe('true')
    expect(JSON.parse(direct.text)).toEqual(first)
  })
})
