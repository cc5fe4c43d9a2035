import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { readEventStream } from '../../src/runtime/app/streams/internal/read-event-stream'
import type { EventStreamMessage } from '../../src/runtime/app/streams/internal/read-event-stream'

/** A body that hands out these byte chunks, one per read. */
function bodyOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0
  return new ReadableStream({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]!)
      else controller.close()
    },
  }, { highWaterMark: 0 })
}

async function read(body: ReadableStream<Uint8Array>): Promise<EventStreamMessage[]> {
  const messages: EventStreamMessage[] = []
  for await (const message of readEventStream(body)) messages.push(message)
  return messages
}

const bytes = (text: string) => new TextEncoder().encode(text)

/** Cuts bytes at these offsets. */
function cut(all: Uint8Array, offsets: number[]): Uint8Array[] {
  const points = [...new Set(offsets.map(offset => offset % (all.length + 1)))].sort((a, b) => a - b)
  const chunks: Uint8Array[] = []
  let start = 0
  for (const point of [...points, all.length]) {
    chunks.push(all.slice(start, point))
    start = point
  }
  return chunks
}

const wire = 'data: "caf\u00E9 \u{1F600}"\n\n: \n\nevent: end\ndata: {"success":true,"data":1}\n\n'
const expected = [{ event: 'message', data: '"caf\u00E9 \u{1F600}"' }, { event: 'end', data: '{"success":true,"data":1}' }]

describe('readEventStream', () => {
  it('reads default messages and named ones, and skips comment lines (heartbeats)', async () => {
    expect(await read(bodyOf([bytes(wire)]))).toEqual(expected)
  })

  it('reads the same messages however the body is cut, even inside a character', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (offsets) => {
      expect(await read(bodyOf(cut(bytes(wire), offsets)))).toEqual(expected)
    }), { numRuns: 300 })
  })

  it('takes CRLF, LF and CR line ends, a CRLF cut between its CR and LF too', async () => {
    const crlf = wire.replaceAll('\n', '\r\n')
    const cr = wire.replaceAll('\n', '\r')
    for (const text of [crlf, cr]) {
      await fc.assert(fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (offsets) => {
        expect(await read(bodyOf(cut(bytes(text), offsets)))).toEqual(expected)
      }), { numRuns: 100 })
    }
  })

  it('joins data lines with a newline, takes "data:" without its space, ignores other fields, and drops an unended message', async () => {
    const text = 'id: 1\nretry: 10\ndata:a\ndata: b\nunknown: x\n\ndata\n\ndata: cut off'
    expect(await read(bodyOf([bytes(text)]))).toEqual([{ event: 'message', data: 'a\nb' }, { event: 'message', data: '' }])
  })

  it('reads the body only as messages are asked for, and cancels it when left', async () => {
    let pulls = 0
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++
        controller.enqueue(bytes(`data: ${pulls}\n\n`))
      },
      cancel() {
        cancelled = true
      },
    }, { highWaterMark: 0 })
    for await (const message of readEventStream(body)) {
      if (message.data === '3') break
    }
    expect(pulls).toBe(3)
    expect(cancelled).toBe(true)
  })
})
