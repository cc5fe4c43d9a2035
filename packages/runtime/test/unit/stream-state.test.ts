import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { effectScope, watch } from 'vue'
import { $fetch } from 'ofetch'
import { defineEventHandler, readBody, setResponseStatus } from 'h3'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import type { ActionEventStream } from '../../src/runtime/app/streams/action-event-stream'
import type { ActionStreamStateOptions, ActionStreamStatus } from '../../src/runtime/app/streams/stream-state'
import { createActionStreamState } from '../../src/runtime/app/streams/stream-state'
import type { ActionErrorData, ActionResult } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import { serve } from '../helpers/serve'

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
const end = (envelope: unknown) => `event: end\ndata: ${JSON.stringify(envelope)}\n\n`

/** Streams the words of `input.text` one by one, `input.pause` ms apart; `input.fail` ends with a failure. */
const words = defineEventHandler(async (event) => {
  const input = await readBody<{ text: string, pause?: number, fail?: boolean }>(event)
  if (!input.text) {
    setResponseStatus(event, 422)
    return { success: false, error: { code: 'VALIDATION_ERROR', message: 'Nothing to say', statusCode: 422 } }
  }
  const res = event.node.res
  let closed = false
  res.on('close', () => {
    closed = true
    server.closes++
  })
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  const list = input.text.split(' ')
  for (const word of list) {
    if (closed) break
    res.write(`data: ${JSON.stringify(word)}\n\n`)
    await sleep(input.pause ?? 5)
  }
  if (!closed) {
    res.end(input.fail
      ? end({ success: false, error: { code: 'INTERNAL_ERROR', message: 'Something went wrong', statusCode: 500 } })
      : end({ success: true, data: { count: list.length } }))
  }
  event._handled = true
})

let server: TestServer & { closes: number }
let fetcher: ActionFetcher

beforeAll(async () => {
  server = Object.assign(await serve({ '/api/words': words }), { closes: 0 })
  fetcher = $fetch.create({ baseURL: server.url }) as unknown as ActionFetcher
})
afterAll(() => server.close())

interface Input { text: string, pause?: number, fail?: boolean }
type Words = ActionResult<ActionEventStream<string, { count: number }> | { count: number }>

function wordsState<TData = string | null>(options: ActionStreamStateOptions<Input, string, { count: number }, ActionErrorData, TData> = {}) {
  return createActionStreamState<Input, string, { count: number }, object, ActionErrorData, TData>(
    (input, { signal }) => callAction(fetcher, '/api/words', { method: 'POST', input, signal }) as Promise<Words>,
    options as ActionStreamStateOptions<Input, string, { count: number }, ActionErrorData, TData>,
  )
}

describe('useActionStream\'s state', () => {
  it('goes idle, pending, streaming, success; data is the last event, events all of them, result the end\'s data', async () => {
    const state = wordsState()
    const statuses: ActionStreamStatus[] = [state.status.value]
    const scope = effectScope()
    scope.run(() => watch(state.status, status => statuses.push(status), { flush: 'sync' }))
    const settled = state.execute({ text: 'one two three', pause: 150 })
    expect(state.pending.value).toBe(true)
    await expect.poll(() => state.data.value).toBe('one')
    expect(state.pending.value).toBe(true)
    expect(await settled).toEqual({ success: true, data: { count: 3 } })
    scope.stop()
    expect(statuses).toEqual(['idle', 'pending', 'streaming', 'success'])
    expect(state.data.value).toBe('three')
    expect(state.events.value).toEqual(['one', 'two', 'three'])
    expect(state.result.value).toEqual({ count: 3 })
    expect(state.pending.value).toBe(false)
  })

  it('folds the events into data with reduce, from initial at every execute', async () => {
    const state = wordsState({ reduce: (text, word) => text ? `${text} ${word}` : word, initial: '' })
    expect(state.data.value).toBe('')
    await state.execute({ text: 'a b c' })
    expect(state.data.value).toBe('a b c')
    const second = state.execute({ text: 'd e' })
    expect(state.data.value).toBe('')
    await second
    expect(state.data.value).toBe('d e')
  })

  it('runs onEvent for each event, then onSuccess or onError', async () => {
    const calls: string[] = []
    const state = wordsState({
      onEvent: (word, input) => calls.push(`event ${word} (${input?.text})`),
      onSuccess: result => calls.push(`success ${result.count}`),
      onError: error => calls.push(`error ${error.code}`),
    })
    await state.execute({ text: 'x y' })
    await state.execute({ text: 'z', fail: true })
    expect(calls).toEqual(['event x (x y)', 'event y (x y)', 'success 2', 'event z (z)', 'error INTERNAL_ERROR'])
  })

  it('a failure after the first event keeps the events and sets error', async () => {
    const state = wordsState()
    const result = await state.execute({ text: 'almost there', fail: true })
    expect(result).toMatchObject({ success: false, error: { code: 'INTERNAL_ERROR' } })
    expect(state.status.value).toBe('error')
    expect(state.events.value).toEqual(['almost', 'there'])
    expect(state.error.value?.code).toBe('INTERNAL_ERROR')
    expect(state.result.value).toBeNull()
  })

  it('a failure before the first event is the error, without events', async () => {
    const state = wordsState()
    expect(await state.execute({ text: '' })).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', statusCode: 422 } })
    expect(state.status.value).toBe('error')
    expect(state.events.value).toEqual([])
  })

  it('abort() stops the server\'s stream and ends in ABORT_ERROR', async () => {
    const state = wordsState()
    const closes = server.closes
    const settled = state.execute({ text: 'a b c d e f g h i j k l', pause: 30 })
    await expect.poll(() => state.events.value.length).toBeGreaterThan(1)
    state.abort()
    expect(await settled).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    expect(state.status.value).toBe('error')
    expect(state.error.value?.code).toBe('ABORT_ERROR')
    expect(state.events.value.length).toBeLessThan(12)
    await expect.poll(() => server.closes).toBe(closes + 1)
  })

  it('a new execute aborts the running stream, whose events no longer reach the state', async () => {
    const state = wordsState()
    const closes = server.closes
    const first = state.execute({ text: 'old old old old old old old old', pause: 30 })
    await expect.poll(() => state.events.value.length).toBeGreaterThan(0)
    const second = state.execute({ text: 'new' })
    expect(await first).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    expect(await second).toEqual({ success: true, data: { count: 1 } })
    expect(state.events.value).toEqual(['new'])
    expect(state.status.value).toBe('success')
    await expect.poll(() => server.closes).toBeGreaterThan(closes)
  })

  it('reset() aborts and goes back to idle', async () => {
    const state = wordsState({ reduce: (count: number) => count + 1, initial: 0 })
    const settled = state.execute({ text: 'a b c d e f g h', pause: 30 })
    await expect.poll(() => state.data.value).toBeGreaterThan(0)
    state.reset()
    await settled
    expect(state.status.value).toBe('idle')
    expect(state.data.value).toBe(0)
    expect(state.events.value).toEqual([])
    expect(state.error.value).toBeNull()
  })

  it('disposing the scope that made it (unmounting its component) aborts the running stream', async () => {
    const scope = effectScope()
    const state = scope.run(() => wordsState())!
    const closes = server.closes
    const settled = state.execute({ text: 'a b c d e f g h', pause: 30 })
    await expect.poll(() => state.events.value.length).toBeGreaterThan(0)
    scope.stop()
    expect(await settled).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    await expect.poll(() => server.closes).toBe(closes + 1)
  })

  it('a call refused at once (a TypeError) rejects execute and leaves the state and the running stream alone', async () => {
    let refuse = false
    const state = createActionStreamState<Input, string, { count: number }, object>((input, { signal }) => {
      if (refuse) throw new TypeError('bad param')
      return callAction(fetcher, '/api/words', { method: 'POST', input, signal }) as Promise<Words>
    })
    const running = state.execute({ text: 'a b c', pause: 30 })
    refuse = true
    await expect(state.execute({ text: 'x' })).rejects.toThrow(new TypeError('bad param'))
    expect(state.status.value).toBe('pending')
    expect(await running).toEqual({ success: true, data: { count: 3 } })
  })

  it('an answer that is not a stream ends at once, its data as result', async () => {
    const state = createActionStreamState<undefined, never, string, object>(async () => ({ success: true, data: 'plain' }))
    expect(await state.execute()).toEqual({ success: true, data: 'plain' })
    expect(state.status.value).toBe('success')
    expect(state.result.value).toBe('plain')
  })
})
