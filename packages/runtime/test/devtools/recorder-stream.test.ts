import { describe, expect, it } from 'vitest'
import type { StreamMessage } from '@action-route/devtools/types'
import { MAX_STREAM_EVENTS, createRecorder } from '../../src/runtime/devtools/recorder'
import type { RecordDraft } from '../../src/runtime/devtools/recorder'
import { RequestTrace } from '../../src/runtime/devtools/internal/request-trace'

function streamDraft(path = '/api/reply'): RecordDraft {
  return { time: 0, method: 'POST', url: path, path, route: path, routeId: `POST ${path}`, params: {}, query: {}, headers: {}, input: { prompt: 'hi' }, status: 200, envelope: null, durationMs: 1, stream: true }
}

describe('the recorder of a streamed answer', () => {
  it('shows the record at once, adds each event with its time as it is written, and ends with the end envelope', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const messages: StreamMessage[] = []
    recorder.subscribe(message => messages.push(structuredClone(message)))
    const { id } = recorder.add(streamDraft())
    expect(recorder.list()[0]!.stream).toEqual({ events: [], count: 0, ended: false })
    recorder.streamEvent(id, '"Hel"', 1.5)
    recorder.streamEvent(id, '{"text":"lo"}', 3.25)
    expect(recorder.list()[0]!.stream).toEqual({ events: [{ at: 1.5, data: 'Hel' }, { at: 3.25, data: { text: 'lo' } }], count: 2, ended: false })
    recorder.endStream(id, { status: 200, envelope: { success: true, data: { tokens: 2 } }, durationMs: 4, timings: [{ step: 'handler', start: 1, duration: 3 }] })
    const [record] = recorder.list()
    expect(record).toMatchObject({ status: 200, envelope: { success: true, data: { tokens: 2 } }, durationMs: 4, timings: [{ step: 'handler', start: 1, duration: 3 }] })
    expect(record!.stream!.ended).toBe(true)
    expect(messages.map(message => message.type)).toEqual(['record', 'stream-event', 'stream-event', 'record'])
    expect(messages[2]).toEqual({ type: 'stream-event', id, event: { at: 3.25, data: { text: 'lo' } }, count: 2 })
    expect(messages[3]).toMatchObject({ type: 'record', record: { id, stream: { count: 2, ended: true } } })
  })

  it('redacts sensitive fields of every event and of the end envelope, as it does a body', () => {
    const recorder = createRecorder({ maxRecords: 10, redactFields: ['ssn'] })
    const { id } = recorder.add(streamDraft())
    recorder.streamEvent(id, '{"user":{"password":"hunter2","ssn":"123-45"},"text":"ok"}', 1)
    recorder.endStream(id, { status: 200, envelope: { success: true, data: { access_token: 'tok-abc' } }, durationMs: 2 })
    const [record] = recorder.list()
    expect(record!.stream!.events[0]!.data).toEqual({ user: { password: '[redacted]', ssn: '[redacted]' }, text: 'ok' })
    expect(record!.envelope).toEqual({ success: true, data: { access_token: '[redacted]' } })
    expect(JSON.stringify(record)).not.toMatch(/hunter2|123-45|tok-abc/)
  })

  it('keeps a bounded number of events, each cut to its size limit, and counts the rest', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const messages: StreamMessage[] = []
    recorder.subscribe(message => messages.push(message))
    const { id } = recorder.add(streamDraft())
    recorder.streamEvent(id, JSON.stringify('x'.repeat(100_000)), 1)
    for (let n = 0; n < 5000; n++) recorder.streamEvent(id, String(n), n + 2)
    recorder.endStream(id, { status: 200, envelope: { success: true, data: null }, durationMs: 6000 })
    const { stream } = recorder.list()[0]!
    expect(stream!.count).toBe(5001)
    expect(stream!.events.length).toBeLessThanOrEqual(MAX_STREAM_EVENTS)
    expect(stream!.events[0]!.truncated).toBe(true)
    expect(String(stream!.events[0]!.data)).toMatch(/more characters\]$/)
    expect(stream!.events.slice(1, 4).map(event => event.data)).toEqual([0, 1, 2])
    expect(JSON.stringify(stream).length).toBeLessThan(80 * 1024)
    // an event not kept sends no message: the live stream stays bounded too
    expect(messages.filter(message => message.type === 'stream-event')).toHaveLength(stream!.events.length)
  })

  it('keeps data that is not JSON as text and describes data too long to read', () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const { id } = recorder.add(streamDraft())
    recorder.streamEvent(id, 'not json', 1)
    recorder.streamEvent(id, `"${'y'.repeat(300_000)}"`, 2)
    expect(recorder.list()[0]!.stream!.events).toEqual([
      { at: 1, data: 'not json' },
      { at: 2, data: '[event of 300002 characters, not kept]', truncated: true },
    ])
  })

  it('forgets a running stream once its record is cleared or pushed out of the log', () => {
    const recorder = createRecorder({ maxRecords: 1 })
    const first = recorder.add(streamDraft('/api/a'))
    recorder.add(streamDraft('/api/b'))
    recorder.streamEvent(first.id, '1', 1)
    recorder.endStream(first.id, { status: 200, envelope: null, durationMs: 1 })
    expect(recorder.list().map(record => record.path)).toEqual(['/api/b'])
    expect(first.stream).toEqual({ events: [], count: 0, ended: false })
    const second = recorder.list()[0]!
    recorder.clear()
    recorder.streamEvent(second.id, '1', 1)
    expect(second.stream!.count).toBe(0)
  })

  it('ends the streams a Nitro before it was still sending when it restores their records', () => {
    const running = { ...createRecorder({ maxRecords: 1 }).add(streamDraft()) }
    const recorder = createRecorder({ maxRecords: 10, restore: [running] })
    expect(recorder.list()[0]!.stream!.ended).toBe(true)
  })
})

describe('the request trace of a streamed answer', () => {
  it('tells its listener of each event and of the end with their time from the action\'s start, then of the finish', async () => {
    const trace = new RequestTrace()
    const heard: string[] = []
    trace.listen({
      streamed: (kind, data, at) => heard.push(`${kind} ${data} ${at >= 0}`),
      finished: (status, code) => heard.push(`finished ${status} ${code}`),
    })
    trace.start()
    const handler = trace.beginSpan('handler')
    trace.streamed('event', '1')
    await new Promise(done => setTimeout(done, 5))
    trace.streamed('end', '{"success":false}')
    trace.endSpan(handler)
    trace.finish(200, 'INTERNAL_ERROR')
    expect(heard).toEqual(['event 1 true', 'end {"success":false} true', 'finished 200 INTERNAL_ERROR'])
    expect(trace.timings[0]!.duration).toBeGreaterThanOrEqual(4)
  })
})
