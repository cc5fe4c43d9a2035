import { createApp, createRouter, toWebHandler } from 'h3'
import { beforeEach, describe, expect, it } from 'vitest'
import { defineAction, idempotent } from '../../../runtime/src/runtime/server'
import { createMemoryStore } from '../../../runtime/src/runtime/server/shared-store/shared-store-memory'
import { createRecorder } from '../../../runtime/src/runtime/devtools/recorder'
import type { RequestRecord } from '../../src/shared/types'
import { formatHeaders } from '../../src/client/logic/header-lines'
import { recordToVitest } from '../../src/client/logic/record-to-vitest'
import { draftFromRecord, sendDraft } from '../../src/client/logic/request-draft'

// A recorded POST to an action with idempotent(), replayed from the panel: the record comes from the runtime's own
// recorder (its redaction), the replay from the panel's own request builder, the answer from the real middleware.

let runs = 0
const sent: { key: string | null, replayed: string | null }[] = []
let handle: (request: Request) => Promise<Response>

beforeEach(() => {
  runs = 0
  sent.length = 0
  const orders = defineAction({
    middleware: [idempotent({ store: createMemoryStore(), scope: () => 'ada' })],
    handler: ({ input }) => ({ order: ++runs, input }),
  })
  handle = toWebHandler(createApp().use(createRouter().post('/api/orders', orders)))
})

const fetcher = (async (url: string, init: RequestInit) => {
  const response = await handle(new Request(`http://localhost${url}`, init))
  sent.push({ key: new Headers(init.headers).get('idempotency-key'), replayed: response.headers.get('idempotent-replayed') })
  return response
}) as unknown as typeof fetch

/** Sends the first request as the app did, and returns what the recorder kept of it. */
async function placeAndRecord(options: { redactHeaders?: string[] } = {}): Promise<RequestRecord> {
  const headers = { 'content-type': 'application/json', 'idempotency-key': 'order-key-1', 'authorization': 'Bearer t' }
  const response = await handle(new Request('http://localhost/api/orders', { method: 'POST', headers, body: JSON.stringify({ item: 'book' }) }))
  const recorder = createRecorder({ maxRecords: 10, ...options })
  return recorder.add({
    time: 0, method: 'POST', url: '/api/orders', path: '/api/orders', route: '/api/orders', routeId: 'POST /api/orders',
    params: {}, query: {}, headers, input: { item: 'book' }, status: response.status, envelope: await response.json(), durationMs: 1,
  })
}

describe('replaying a recorded idempotent POST', () => {
  it('sends its Idempotency-Key again, so the action answers what it stored and the mutation does not run twice', async () => {
    const record = await placeAndRecord()
    const replay = await sendDraft(draftFromRecord(record), fetcher)
    expect(runs).toBe(1)
    expect(sent).toEqual([{ key: 'order-key-1', replayed: 'true' }])
    expect(replay).toMatchObject({ status: 200, envelope: record.envelope })
  })

  it('shows the key in the headers of Edit & replay, to keep or change', async () => {
    const record = await placeAndRecord()
    expect(formatHeaders(draftFromRecord(record).headers)).toContain('idempotency-key: order-key-1')
  })

  it('runs the mutation again only when a new key is chosen, with a fresh key each time', async () => {
    const record = await placeAndRecord()
    await sendDraft(draftFromRecord(record, { idempotencyKey: 'new' }), fetcher)
    await sendDraft(draftFromRecord(record, { idempotencyKey: 'new' }), fetcher)
    expect(runs).toBe(3)
    expect(sent.map(entry => entry.replayed)).toEqual([null, null])
    expect(new Set(sent.map(entry => entry.key)).size).toBe(2)
    expect(sent.map(entry => entry.key)).not.toContain('order-key-1')
  })

  it('refuses to send a key the app had redacted until a new one is chosen: never without its key, never as [redacted]', async () => {
    const record = await placeAndRecord({ redactHeaders: ['Idempotency-Key'] })
    expect(record.headers['idempotency-key']).toBe('[redacted]')
    await expect(sendDraft(draftFromRecord(record), fetcher)).rejects.toThrow(/Idempotency-Key was redacted: choose a new key/)
    expect(sent).toEqual([])
    expect(runs).toBe(1)
    await sendDraft(draftFromRecord(record, { idempotencyKey: 'new' }), fetcher)
    expect(runs).toBe(2)
    expect(sent[0]!.key).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/)
  })

  it('copies as a vitest test with the recorded key, or a redacted one as a comment to fill in, never sent as [redacted]', async () => {
    expect(recordToVitest(await placeAndRecord(), { baseURL: 'http://localhost:3000' })).toContain(`'idempotency-key': 'order-key-1',`)
    const source = recordToVitest(await placeAndRecord({ redactHeaders: ['idempotency-key'] }), { baseURL: 'http://localhost:3000' })
    expect(source).toContain(`// 'idempotency-key': '[redacted]', redacted by the recorder: set the real value`)
    expect(source).not.toMatch(/^\s*'idempotency-key': '\[redacted\]',/m)
  })

  it('leaves a request without a key as it was', async () => {
    const record = { ...(await placeAndRecord()), headers: { 'content-type': 'application/json' } }
    expect(draftFromRecord(record, { idempotencyKey: 'new' }).headers).toEqual({ 'content-type': 'application/json' })
  })
})
