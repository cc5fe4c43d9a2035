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

  it('joins repeated headers and drops undefined ones', () => {
    expect(redactHeaders({ 'accept': ['a', 'b'], 'x-none': undefined })).toEqual({ accept: 'a, b' })
  })
})
