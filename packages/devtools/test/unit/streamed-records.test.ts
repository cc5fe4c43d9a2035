import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCurl } from '../../src/client/logic/curl-command'
import { appendStreamEvent, mergeRecords } from '../../src/client/logic/merge-records'
import { recordToVitest } from '../../src/client/logic/record-to-vitest'
import { recordsToHar } from '../../src/client/logic/records-to-har'
import type { SendResult } from '../../src/client/logic/request-draft'
import { sendDraft } from '../../src/client/logic/request-draft'
import { runningTimings, streamRow } from '../../src/client/logic/waterfall'
import { makeRecord } from './make-record'

const running = (count: number, ended = false) => makeRecord({ id: 7, envelope: ended ? { success: true, data: 1 } : null, stream: { events: Array.from({ length: count }, (_, n) => ({ at: n, data: n })), count, ended } })

describe('streamed records in the log', () => {
  it('replaces a running stream\'s record by a later state of it, and nothing else', () => {
    const log = [makeRecord({ id: 6 }), running(1)]
    expect(mergeRecords(log, [running(1)], 10)).toBe(log)
    expect(mergeRecords(log, [makeRecord({ id: 6, status: 500 })], 10)).toBe(log)
    expect(mergeRecords(log, [running(2)], 10)[1]!.stream!.count).toBe(2)
    const ended = mergeRecords(log, [running(2, true)], 10)
    expect(ended[1]!.stream!.ended).toBe(true)
    // an ended record is final: an older state from a late backlog does not undo it
    expect(mergeRecords(ended, [running(1)], 10)).toBe(ended)
  })

  it('keeps the latest state when a stream\'s start and end arrive in the same batch', () => {
    expect(mergeRecords([], [running(0), running(3, true)], 10)).toEqual([running(3, true)])
  })

  it('adds a live event to its running record once, and leaves unknown or ended records alone', () => {
    const log = [running(1)]
    const next = appendStreamEvent(log, 7, { at: 9, data: 'x' }, 2)
    expect(next[0]!.stream).toEqual({ events: [{ at: 0, data: 0 }, { at: 9, data: 'x' }], count: 2, ended: false })
    expect(appendStreamEvent(next, 7, { at: 9, data: 'x' }, 2)).toBe(next)
    expect(appendStreamEvent(log, 8, { at: 9, data: 'x' }, 2)).toBe(log)
    const ended = [running(1, true)]
    expect(appendStreamEvent(ended, 7, { at: 9, data: 'x' }, 2)).toBe(ended)
  })

  it('draws a running stream\'s open handler and respond steps up to its last event', () => {
    const timings = [
      { step: 'parse' as const, start: 0, duration: 0 },
      { step: 'handler' as const, start: 1, duration: 0 },
      { step: 'respond' as const, start: 20, duration: 0 },
    ]
    expect(runningTimings(timings, 50)).toEqual([
      { step: 'parse', start: 0, duration: 0 },
      { step: 'handler', start: 1, duration: 49 },
      { step: 'respond', start: 20, duration: 30 },
    ])
  })

  it('places a tick per event on the waterfall\'s scale', () => {
    expect(streamRow([2, 4], 8)).toEqual({ label: 'events (2)', ticks: [25, 50], duration: 4 })
    expect(streamRow([2, 10], 5, 250)).toEqual({ label: 'events (250)', ticks: [20, 100], duration: 10 })
  })
})

describe('sending a request whose answer streams', () => {
  let server: Server
  let origin: string

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
      if (req.url === '/api/forever') {
        const timer = setInterval(() => res.write('data: "tick"\n\n'), 20)
        res.on('close', () => clearInterval(timer))
        return
      }
      res.write('data: {"text":"Hel"}\n\n')
      setTimeout(() => res.write(': \n\ndata: {"text":"lo"}\n\n'), 60)
      setTimeout(() => res.end('event: end\ndata: {"success":true,"data":{"tokens":2}}\n\n'), 120)
    })
    await new Promise<void>(done => server.listen(0, '127.0.0.1', done))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise(done => server.close(done)))

  const draft = (route: string) => ({ method: 'POST', route, params: {}, input: { prompt: 'hi' }, headers: {} })
  const at = (url: RequestInfo | URL, init?: RequestInit) => fetch(new URL(String(url), origin), init)

  it('shows each event as it comes with its time, then the end envelope', async () => {
    const updates: SendResult[] = []
    const result = await sendDraft(draft('/api/reply'), at, { onUpdate: update => updates.push(update) })
    expect(result).toMatchObject({ status: 200, envelope: { success: true, data: { tokens: 2 } }, stream: { count: 2, state: 'ended' } })
    expect(result.stream!.events.map(event => event.data)).toEqual([{ text: 'Hel' }, { text: 'lo' }])
    // times from the send, in order (how far apart depends on when the chunks arrive)
    expect(result.stream!.events[0]!.at).toBeGreaterThan(0)
    expect(result.stream!.events[1]!.at).toBeGreaterThanOrEqual(result.stream!.events[0]!.at)
    expect(updates.map(update => `${update.stream!.state} ${update.stream!.count}`)).toEqual(['running 0', 'running 1', 'running 2', 'ended 2'])
    expect(updates[1]!.envelope).toBeNull()
  })

  it('stops a stream when its signal aborts, keeping the events so far', async () => {
    const controller = new AbortController()
    let stoppedAt = 0
    const result = await sendDraft(draft('/api/forever'), at, {
      signal: controller.signal,
      onUpdate: (update) => {
        if (update.stream!.count >= 3 && !controller.signal.aborted) {
          stoppedAt = update.stream!.count
          controller.abort()
        }
      },
    })
    expect(result.stream!.state).toBe('stopped')
    // the events of the chunk being read when it stopped are the last ones
    expect(result.stream!.count).toBeGreaterThanOrEqual(stoppedAt)
    expect(result.stream!.count).toBeLessThan(stoppedAt + 5)
    expect(result.envelope).toBeNull()
  })
})

describe('exports of a streamed record', () => {
  const record = makeRecord({ id: 9, status: 200, envelope: { success: true, data: { words: 2 } }, stream: { events: [{ at: 3, data: { word: 'a' } }, { at: 5, data: 'b' }], count: 2, ended: true } })

  it('gives HAR its event stream as the client read it', () => {
    const [entry] = recordsToHar([record], { baseURL: 'http://localhost:3000' }).log.entries
    expect(entry!.response.content).toMatchObject({ mimeType: 'text/event-stream', text: 'data: {"word":"a"}\n\ndata: "b"\n\nevent: end\ndata: {"success":true,"data":{"words":2}}\n\n' })
    expect(entry!._actionRoute.stream).toEqual(record.stream)
  })

  it('gives a vitest file that checks the end event\'s envelope', () => {
    const file = recordToVitest(record, { baseURL: 'http://localhost:3000' })
    expect(file).toContain(`expect(response.headers.get('content-type')).toMatch(/^text\\/event-stream/)`)
    expect(file).toContain(`.find(message => message.startsWith('event: end\\n'))`)
    expect(file).not.toContain('response.json()')
  })

  it('gives a cURL command that prints each event as it comes', () => {
    const draft = { method: 'POST', route: '/api/reply', params: {}, input: { prompt: 'hi' }, headers: {} }
    expect(toCurl(draft, 'http://localhost:3000', { stream: true })).toBe([
      `curl -X POST 'http://localhost:3000/api/reply'`,
      `-H 'content-type: application/json'`,
      `--data-raw '{"prompt":"hi"}'`,
      `-N`,
    ].join(' \\\n  '))
    expect(toCurl(draft, 'http://localhost:3000')).not.toContain('-N')
  })
})
