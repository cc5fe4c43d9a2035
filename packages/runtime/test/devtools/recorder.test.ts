import { describe, expect, it } from 'vitest'
import { createRecorder } from '../../src/runtime/devtools/recorder'
import type { RecordDraft } from '../../src/runtime/devtools/recorder'
import { redactHeaders } from '../../src/runtime/devtools/internal/redact-headers'

function draft(path: string, headers: RecordDraft['headers'] = {}): RecordDraft {
  return { time: 0, method: 'GET', url: path, path, route: path, routeId: `GET ${path}`, params: {}, query: {}, headers, input: {}, status: 200, envelope: { success: true, data: null }, durationMs: 1 }
}

describe('recorder', () => {
  it('keeps only the newest maxRecords records, oldest first', () => {
    const recorder = createRecorder({ maxRecords: 3 })
    for (const n of [1, 2, 3, 4, 5]) recorder.add(draft(`/api/${n}`))
    expect(recorder.list().map(record => record.path)).toEqual(['/api/3', '/api/4', '/api/5'])
    expect(recorder.list().map(record => record.id)).toEqual([3, 4, 5])
  })

  it('stays bounded over many requests', () => {
    const recorder = createRecorder({ maxRecords: 200 })
    for (let n = 0; n < 5000; n++) recorder.add(draft(`/api/${n}`))
    expect(recorder.list()).toHaveLength(200)
    expect(recorder.list().at(-1)!.path).toBe('/api/4999')
  })

  it('redacts authorization, cookie and set-cookie before storing', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const record = recorder.add(draft('/api/me', { 'Authorization': 'Bearer secret', 'cookie': 'session=abc', 'set-cookie': ['a=1', 'b=2'], 'accept': 'application/json' }))
    expect(record.headers).toEqual({ 'authorization': '[redacted]', 'cookie': '[redacted]', 'set-cookie': '[redacted]', 'accept': 'application/json' })
    expect(JSON.stringify(recorder.list())).not.toMatch(/secret|session=abc/)
  })

  it('redacts the configured headers too, whatever their case', () => {
    const recorder = createRecorder({ maxRecords: 10, redactHeaders: ['X-Api-Key'] })
    expect(recorder.add(draft('/api/x', { 'x-api-key': 'k', 'X-Other': 'v' })).headers).toEqual({ 'x-api-key': '[redacted]', 'x-other': 'v' })
  })

  it('tells subscribers of each record and of a clear, until they stop listening', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const seen: string[] = []
    const stop = recorder.subscribe(message => seen.push(message.type === 'record' ? message.record.path : 'clear'))
    recorder.add(draft('/api/a'))
    recorder.clear()
    stop()
    recorder.add(draft('/api/b'))
    expect(seen).toEqual(['/api/a', 'clear'])
    expect(recorder.list().map(record => record.path)).toEqual(['/api/b'])
  })

  it('keeps recording when a subscriber throws', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    recorder.subscribe(() => {
      throw new Error('closed stream')
    })
    expect(() => recorder.add(draft('/api/a'))).not.toThrow()
    expect(recorder.list()).toHaveLength(1)
  })

  it('redacts body fields, query parameters and the URL before storing', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const record = recorder.add({
      ...draft('/api/login'),
      method: 'POST',
      url: '/api/login?otp=123456&next=/home',
      query: { otp: '123456', next: '/home' },
      input: { email: 'ann@example.com', password: 'hunter2', card: [{ cvv: '999' }] },
      envelope: { success: true, data: { access_token: 'tok-abc', user: 'ann' } },
    })
    expect(record.url).toBe('/api/login?otp=[redacted]&next=/home')
    expect(record.query).toEqual({ otp: '[redacted]', next: '/home' })
    expect(record.input).toEqual({ email: 'ann@example.com', password: '[redacted]', card: '[redacted]' })
    expect(record.envelope).toEqual({ success: true, data: { access_token: '[redacted]', user: 'ann' } })
    expect(JSON.stringify(recorder.list())).not.toMatch(/hunter2|123456|999|tok-abc/)
  })

  it('redacts the query inside a header that repeats the URL, as Nuxt 5 dev does in x-nuxt-dev-request-id', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const record = recorder.add({ ...draft('/api/session'), url: '/api/session?otp=424242&page=2', headers: { 'x-nuxt-dev-request-id': '44 POST /api/session?otp=424242&page=2', 'referer': ['http://localhost/api/session?otp=424242&page=2'] } })
    expect(record.headers['x-nuxt-dev-request-id']).toBe('44 POST /api/session?otp=[redacted]&page=2')
    expect(record.headers.referer).toBe('http://localhost/api/session?otp=[redacted]&page=2')
    expect(JSON.stringify(record)).not.toContain('424242')
  })

  it('redacts the configured body fields too', () => {
    const recorder = createRecorder({ maxRecords: 10, redactFields: ['memberNumber'] })
    expect(recorder.add({ ...draft('/api/x'), input: { member_number: '42', name: 'Ann' } }).input).toEqual({ member_number: '[redacted]', name: 'Ann' })
  })

  it('lists and streams a 100,000-level body, marked as truncated', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const streamed: string[] = []
    recorder.subscribe(message => streamed.push(JSON.stringify(message)))
    let deep: unknown = {}
    for (let level = 0; level < 100_000; level++) deep = { a: deep }
    const record = recorder.add({ ...draft('/api/deep'), input: deep })
    expect(record.truncated).toEqual(['input'])
    expect(() => JSON.stringify(recorder.list())).not.toThrow()
    expect(streamed).toHaveLength(1)
    expect(streamed[0]).toContain('[truncated: deeper than')
  })

  it('leaves records that fit unmarked', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    expect(recorder.add(draft('/api/small')).truncated).toBeUndefined()
  })

  it('redacts token, key, session and signature headers by the same name rule as fields', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const record = recorder.add(draft('/api/me', {
      'x-api-key': 'k-1', 'X-Auth-Token': 't-2', 'x-csrf-token': 'c-3', 'x-amz-security-token': 'a-4', 'x-action-route-token': 'd-5',
      'x-hub-signature-256': 's-6', 'accept': 'application/json', 'keep-alive': 'timeout=5', 'x-request-id': 'r-1',
    }))
    expect(record.headers).toEqual({
      'x-api-key': '[redacted]', 'x-auth-token': '[redacted]', 'x-csrf-token': '[redacted]', 'x-amz-security-token': '[redacted]', 'x-action-route-token': '[redacted]',
      'x-hub-signature-256': '[redacted]', 'accept': 'application/json', 'keep-alive': 'timeout=5', 'x-request-id': 'r-1',
    })
  })

  it('redacts jwt, sessionId, authorization, sig and key in bodies, queries and the URL', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const record = recorder.add({
      ...draft('/api/hook'),
      url: '/api/hook?sig=s-1&key=k-2&page=2',
      query: { sig: 's-1', key: 'k-2', page: '2' },
      input: { jwt: 'j-3', sessionId: 'i-4', authorization: 'Bearer b-5', nested: { session_id: 'i-6', apiKey: 'k-7' } },
    })
    expect(record.url).toBe('/api/hook?sig=[redacted]&key=[redacted]&page=2')
    expect(record.query).toEqual({ sig: '[redacted]', key: '[redacted]', page: '2' })
    expect(record.input).toEqual({ jwt: '[redacted]', sessionId: '[redacted]', authorization: '[redacted]', nested: { session_id: '[redacted]', apiKey: '[redacted]' } })
    expect(JSON.stringify(record)).not.toMatch(/s-1|k-2|j-3|i-4|b-5|i-6|k-7/)
  })

  it('keeps the Idempotency-Key header, a request\'s identity and no credential, so a replay sends it and gets the stored answer', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const record = recorder.add(draft('/api/orders', { 'Idempotency-Key': '"8e03978e-40d5-43e8-bc93-6894a57f9324"', 'x-api-key': 'k-1', 'x-idempotency-token': 't-1' }))
    expect(record.headers).toEqual({ 'idempotency-key': '"8e03978e-40d5-43e8-bc93-6894a57f9324"', 'x-api-key': '[redacted]', 'x-idempotency-token': '[redacted]' })
  })

  it('redacts the Idempotency-Key when the app names it in redactHeaders or redactFields, in any spelling', () => {
    for (const named of [{ redactHeaders: ['Idempotency-Key'] }, { redactFields: ['idempotency_key'] }]) {
      const recorder = createRecorder({ maxRecords: 10, ...named })
      expect(recorder.add(draft('/api/orders', { 'idempotency-key': 'k-1' })).headers).toEqual({ 'idempotency-key': '[redacted]' })
    }
  })

  it('redacts a configured header name in a body too, and a configured field name in headers', () => {
    const recorder = createRecorder({ maxRecords: 10, redactHeaders: ['x-member'], redactFields: ['tenant'] })
    const record = recorder.add({ ...draft('/api/x', { 'x-member': 'm-1', 'Tenant': 't-1' }), input: { x_member: 'm-2', tenant: 't-2' } })
    expect(record.headers).toEqual({ 'x-member': '[redacted]', 'tenant': '[redacted]' })
    expect(record.input).toEqual({ x_member: '[redacted]', tenant: '[redacted]' })
  })

  it('never stores the in-process caller header (the process token and a client address), whatever the plugins\' order', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const record = recorder.add(draft('/api/me', { 'x-action-route-caller': 'secret-token 203.0.113.7', 'accept': 'application/json' }))
    expect(record.headers).toEqual({ accept: 'application/json' })
  })

  it('joins repeated headers and drops undefined ones', () => {
    expect(redactHeaders({ 'accept': ['a', 'b'], 'x-none': undefined })).toEqual({ accept: 'a, b' })
  })
})
