import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEventStreamParser, readEventStream } from '../../src/client/logic/event-stream'
import type { StreamEvent } from '../../src/client/logic/event-stream'

function parseAll(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = []
  const parser = createEventStreamParser(event => events.push(event))
  for (const chunk of chunks) parser.push(chunk)
  return events
}

describe('reading server-sent events without EventSource', () => {
  it('reads named events with their data, and skips comments', () => {
    expect(parseAll([': keep-alive\n\nevent: record\ndata: {"a":1}\n\nevent: clear\ndata: {"type":"clear"}\n\n'])).toEqual([
      { event: 'record', data: '{"a":1}' },
      { event: 'clear', data: '{"type":"clear"}' },
    ])
  })

  it('joins data lines, accepts CRLF and a field without the space', () => {
    expect(parseAll(['event:record\r\ndata: line 1\r\ndata:line 2\r\n\r\n'])).toEqual([{ event: 'record', data: 'line 1\nline 2' }])
  })

  it('calls an event without a name "message", and waits for the blank line', () => {
    expect(parseAll(['data: x\n'])).toEqual([])
    expect(parseAll(['data: x\n', '\n'])).toEqual([{ event: 'message', data: 'x' }])
  })

  it('gives the same events however the bytes are split', () => {
    const text = 'event: record\ndata: {"id":1}\n\n: ping\n\nevent: ping\ndata: \n\nevent: record\r\ndata: {"id":2}\r\n\r\n'
    const whole = parseAll([text])
    fc.assert(fc.property(fc.array(fc.nat(text.length), { maxLength: 10 }), (cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), text.length]
      expect(parseAll(points.slice(1).map((end, index) => text.slice(points[index], end)))).toEqual(whole)
    }))
  })

  it('reads a fetch body to its end', async () => {
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: record\ndata: {"id"'))
        controller.enqueue(encoder.encode(':1}\n\n'))
        controller.close()
      },
    })
    const events: StreamEvent[] = []
    await readEventStream(body, event => events.push(event))
    expect(events).toEqual([{ event: 'record', data: '{"id":1}' }])
  })

  it('carries the last event id the server set to every later event', () => {
    const events = parseAll(['id: nitro-1\nevent: ping\ndata: \n\n', 'event: record\ndata: {}\n\n', 'id: nitro-2\nevent: routes-changed\ndata: {}\n\n'])
    expect(events.map(event => event.id)).toEqual(['nitro-1', 'nitro-1', 'nitro-2'])
  })
})
