import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { $fetch } from 'ofetch'
import { defineEventHandler, setResponseStatus } from 'h3'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import type { ActionEventStream } from '../../src/runtime/app/streams/action-event-stream'
import { isActionEventStream } from '../../src/runtime/app/streams/action-event-stream'
import type { TestServer } from '../helpers/serve'
import { serve } from '../helpers/serve'

// the wire format a streaming action answers with, written by hand: chunks cut where a server or proxy may cut them
const end = (envelope: unknown) => `event: end\ndata: ${JSON.stringify(envelope)}\n\n`
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** An h3 route that answers `text/event-stream` with these chunks, a pause between each; `drop` destroys the socket after them. */
function sse(chunks: string[], { drop = false } = {}) {
  return defineEventHandler(async (event) => {
    const res = event.node.res
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
    res.flushHeaders()
    for (const chunk of chunks) {
      res.write(chunk)
      await sleep(5)
    }
    if (drop) res.socket?.destroy()
    else res.end()
    event._handled = true
  })
}

/** A stream that never ends by itself: an event every 10 ms until the client goes away. */
const endless = { closed: false, written: 0 }
/** Events of 64 KB written as fast as the connection drains: counts how far the server got. */
const flood = { written: 0 }

function whenDrained(res: ServerResponse, chunk: string): Promise<void> {
  return res.write(chunk) ? Promise.resolve() : new Promise(resolve => res.once('drain', resolve))
}

let server: TestServer
let fetcher: ActionFetcher

beforeAll(async () => {
  server = await serve({
    '/sse/tokens': sse(['data: "a"\n\n', 'data: "b"\n\ndata: "c"\n\n', end({ success: true, data: { tokens: 3 } })]),
    '/sse/cut': sse([
      'data: {"n":1,"text":"caf', '\u00E9"}\r\n', '\r\n: \r\n\r', '\n', 'data: {"n":2,"text":null}\n', '\n: \n\nev',
      'ent: end\ndata: {"success":true,"da', 'ta":"done"}\n\n',
    ]),
    '/sse/fail-late': sse(['data: 1\n\n', end({ success: false, error: { code: 'INTERNAL_ERROR', message: 'Something went wrong', statusCode: 500 } })]),
    '/sse/nothing': sse([end({ success: true, data: null })]),
    '/sse/drop': sse(['data: 1\n\n', 'data: 2\n\n'], { drop: true }),
    '/sse/ends-early': sse(['data: 1\n\n']),
    '/sse/garbled': sse(['data: {not json\n\n', end({ success: true, data: null })]),
    '/sse/bad-end': sse(['data: 1\n\n', 'event: end\ndata: {"ok":true}\n\n']),
    '/sse/endless': defineEventHandler(async (event) => {
      const res = event.node.res
      endless.closed = false
      endless.written = 0
      res.on('close', () => {
        endless.closed = true
      })
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      while (!endless.closed) {
        res.write(`data: ${++endless.written}\n\n`)
        await sleep(10)
      }
      event._handled = true
    }),
    '/sse/flood': defineEventHandler(async (event) => {
      const res = event.node.res
      let closed = false
      res.on('close', () => {
        closed = true
      })
      flood.written = 0
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const big = `data: "${'x'.repeat(64 * 1024)}"\n\n`
      while (!closed) {
        await whenDrained(res, big)
        flood.written++
      }
      event._handled = true
    }),
    '/json/not-found': defineEventHandler((event) => {
      setResponseStatus(event, 404)
      return { success: false, error: { code: 'NOT_FOUND', message: 'No such prompt', statusCode: 404 } }
    }),
  })
  fetcher = $fetch.create({ baseURL: server.url }) as unknown as ActionFetcher
})
afterAll(() => server.close())

async function open(path: string, signal?: AbortSignal): Promise<ActionEventStream<unknown, unknown>> {
  const answer = await callAction(fetcher, path, { method: 'POST', signal })
  if (!answer.success || !isActionEventStream(answer.data)) throw new Error(`not a stream: ${JSON.stringify(answer)}`)
  return answer.data
}

async function collect(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const events: unknown[] = []
  for await (const event of stream) events.push(event)
  return events
}

describe('$action on a streaming route', () => {
  it('resolves to a success whose data iterates the events in order, then holds the end envelope in result', async () => {
    const stream = await open('/sse/tokens')
    expect(await collect(stream)).toEqual(['a', 'b', 'c'])
    expect(await stream.result).toEqual({ success: true, data: { tokens: 3 } })
  })

  it('reads events cut mid-line and mid-character, with CRLF line ends and heartbeats between them', async () => {
    const stream = await open('/sse/cut')
    expect(await collect(stream)).toEqual([{ n: 1, text: 'caf\u00E9' }, { n: 2, text: null }])
    expect(await stream.result).toEqual({ success: true, data: 'done' })
  })

  it('a stream without events: the loop ends at once, result holds the data', async () => {
    const stream = await open('/sse/nothing')
    expect(await collect(stream)).toEqual([])
    expect(await stream.result).toEqual({ success: true, data: null })
  })

  it('an error after the first event ends the loop and is the failure in result', async () => {
    const stream = await open('/sse/fail-late')
    expect(await collect(stream)).toEqual([1])
    expect(await stream.result).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: 'Something went wrong', statusCode: 500 } })
  })

  it('an error before the first event is the ordinary failure envelope', async () => {
    expect(await callAction(fetcher, '/json/not-found', { method: 'POST' }))
      .toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'No such prompt', statusCode: 404 } })
  })

  it('a dropped connection ends the loop quietly, with FETCH_ERROR in result', async () => {
    const stream = await open('/sse/drop')
    expect(await collect(stream)).toEqual([1, 2])
    expect(await stream.result).toEqual({ success: false, error: { code: 'FETCH_ERROR', message: 'The connection closed before the stream\'s end', statusCode: 0 } })
    const early = await open('/sse/ends-early')
    expect(await collect(early)).toEqual([1])
    expect(await early.result).toMatchObject({ success: false, error: { code: 'FETCH_ERROR' } })
  })

  it('an event or an end that is not JSON or not an envelope is INVALID_RESPONSE', async () => {
    const garbled = await open('/sse/garbled')
    expect(await collect(garbled)).toEqual([])
    expect(await garbled.result).toMatchObject({ success: false, error: { code: 'INVALID_RESPONSE', statusCode: 200 } })
    const badEnd = await open('/sse/bad-end')
    expect(await collect(badEnd)).toEqual([1])
    expect(await badEnd.result).toMatchObject({ success: false, error: { code: 'INVALID_RESPONSE' } })
  })

  it('breaking out of the loop closes the connection (the server sees it) and result is ABORT_ERROR', async () => {
    const stream = await open('/sse/endless')
    for await (const event of stream) {
      if (event === 3) break
    }
    expect(await stream.result).toEqual({ success: false, error: { code: 'ABORT_ERROR', message: 'The request was aborted', statusCode: 0 } })
    await expect.poll(() => endless.closed).toBe(true)
  })

  it('abort() and the caller\'s signal end the loop with ABORT_ERROR and close the connection', async () => {
    const stream = await open('/sse/endless')
    const seen: unknown[] = []
    for await (const event of stream) {
      seen.push(event)
      if (event === 2) stream.abort()
    }
    expect(seen).toEqual([1, 2])
    expect(await stream.result).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    await expect.poll(() => endless.closed).toBe(true)

    const controller = new AbortController()
    const signalled = await open('/sse/endless', controller.signal)
    setTimeout(() => controller.abort(), 50)
    expect((await collect(signalled)).length).toBeGreaterThan(0)
    expect(await signalled.result).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    await expect.poll(() => endless.closed).toBe(true)
  })

  it('abort() before reading resolves result at once', async () => {
    const stream = await open('/sse/endless')
    stream.abort()
    expect(await stream.result).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    expect(await collect(stream)).toEqual([])
    await expect.poll(() => endless.closed).toBe(true)
  })

  it('awaiting result without a loop reads the events and drops them; a second loop is refused', async () => {
    const stream = await open('/sse/tokens')
    expect(await stream.result).toEqual({ success: true, data: { tokens: 3 } })
    expect(() => stream[Symbol.asyncIterator]()).toThrow(TypeError)
  })

  it('only waiting on result reads the stream: a look at it does not, a loop started beside the wait gets every event', async () => {
    const looked = await open('/sse/tokens')
    const { result } = looked
    await sleep(50)
    expect(await collect(looked)).toEqual(['a', 'b', 'c'])
    expect(await result).toEqual({ success: true, data: { tokens: 3 } })
    const both = await open('/sse/tokens')
    expect(await Promise.all([collect(both), both.result])).toEqual([['a', 'b', 'c'], { success: true, data: { tokens: 3 } }])
  })

  it('reads the body only as the loop pulls: a loop that waits stops the server\'s writes', async () => {
    const stream = await open('/sse/flood')
    const iterator = stream[Symbol.asyncIterator]()
    await iterator.next()
    await sleep(300)
    const stalled = flood.written
    await sleep(300)
    expect(flood.written).toBe(stalled)
    await iterator.return?.()
    expect(await stream.result).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
  })

  it('the timeout is for the answer to start, not for the stream', async () => {
    const answer = await callAction(fetcher, '/sse/endless', { method: 'POST', timeout: 100 })
    const stream = (answer.success ? answer.data : null) as ActionEventStream<unknown, unknown>
    const seen: unknown[] = []
    for await (const event of stream) {
      seen.push(event)
      if (seen.length === 20) stream.abort()
    }
    expect(seen).toHaveLength(20)
  })
})
