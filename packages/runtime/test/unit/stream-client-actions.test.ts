import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { $fetch } from 'ofetch'
import { z } from 'zod'
import { defineAction } from '../../src/runtime/server'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import type { ActionEventStream } from '../../src/runtime/app/streams/action-event-stream'
import { isActionEventStream } from '../../src/runtime/app/streams/action-event-stream'
import { createActionStreamState } from '../../src/runtime/app/streams/stream-state'
import type { ActionErrorData, ActionResult } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import { serve } from '../helpers/serve'

// $action's stream and useActionStream's state against real streaming actions (async generator handlers) over HTTP

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** What the server's generators went through: each stream's `finally`, and whether its signal aborted. */
const seen = { finished: 0, aborted: 0 }

let server: TestServer
let fetcher: ActionFetcher

beforeAll(async () => {
  server = await serve({
    '/api/reply': defineAction({
      input: z.object({ prompt: z.string().min(1), pause: z.number().default(0) }),
      outputSchema: z.object({ tokens: z.number() }),
      async* handler({ input }) {
        const words = input.prompt.split(' ')
        for (const word of words) {
          yield word
          await sleep(input.pause)
        }
        return { tokens: words.length, secret: 'kept on the server' }
      },
    }),
    '/api/quiet': defineAction({
      heartbeat: 20,
      async* handler() {
        yield 'before'
        await sleep(120)
        yield 'after'
      },
    }),
    '/api/breaks': defineAction({
      errors: { NOT_FOUND: { statusCode: 404, message: 'No such prompt' } },
      input: z.object({ when: z.enum(['before', 'after']) }),
      async* handler({ input, errors }) {
        if (input.when === 'before') throw errors.NOT_FOUND()
        yield 1
        throw new Error('the model fell over')
      },
    }),
    '/api/endless': defineAction({
      async* handler({ signal }) {
        signal.addEventListener('abort', () => seen.aborted++)
        try {
          for (let n = 1; ; n++) {
            yield n
            await sleep(10)
          }
        }
        finally {
          seen.finished++
        }
      },
    }),
  })
  fetcher = $fetch.create({ baseURL: server.url }) as unknown as ActionFetcher
})
afterAll(() => server.close())

async function open(path: string, input?: unknown): Promise<ActionEventStream<unknown, unknown>> {
  const answer = await callAction(fetcher, path, { method: 'POST', input })
  if (!answer.success || !isActionEventStream(answer.data)) throw new Error(`not a stream: ${JSON.stringify(answer)}`)
  return answer.data
}

async function collect(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const events: unknown[] = []
  for await (const event of stream) events.push(event)
  return events
}

describe('$action on a real streaming action', () => {
  it('iterates the yields in order, then result holds the return value as outputSchema leaves it', async () => {
    const stream = await open('/api/reply', { prompt: 'the quick brown fox' })
    expect(await collect(stream)).toEqual(['the', 'quick', 'brown', 'fox'])
    expect(await stream.result).toEqual({ success: true, data: { tokens: 4 } })
  })

  it('ignores the heartbeats the action sends while its generator is quiet', async () => {
    const stream = await open('/api/quiet')
    expect(await collect(stream)).toEqual(['before', 'after'])
    expect(await stream.result).toEqual({ success: true, data: null })
  })

  it('an error before the first yield is the ordinary failure envelope, with its declared status', async () => {
    expect(await callAction(fetcher, '/api/breaks', { method: 'POST', input: { when: 'before' } }))
      .toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'No such prompt', statusCode: 404 } })
    expect(await callAction(fetcher, '/api/reply', { method: 'POST', input: { prompt: '' } }))
      .toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', statusCode: 422 } })
  })

  it('an error after the first yield ends the loop, masked in result', async () => {
    const stream = await open('/api/breaks', { when: 'after' })
    expect(await collect(stream)).toEqual([1])
    expect(await stream.result).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 } })
  })

  it('breaking out of the loop aborts the action\'s signal and runs its generator\'s finally', async () => {
    const before = { ...seen }
    const stream = await open('/api/endless')
    for await (const n of stream) {
      if (n === 3) break
    }
    expect(await stream.result).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    await expect.poll(() => seen.finished).toBe(before.finished + 1)
    expect(seen.aborted).toBe(before.aborted + 1)
  })
})

describe('useActionStream\'s state on a real streaming action', () => {
  type Reply = ActionResult<ActionEventStream<string, { tokens: number }> | { tokens: number }>

  it('folds the tokens into data and ends with the return value', async () => {
    const state = createActionStreamState<{ prompt: string, pause?: number }, string, { tokens: number }, object, ActionErrorData, string>(
      (input, { signal }) => callAction(fetcher, '/api/reply', { method: 'POST', input, signal }) as Promise<Reply>,
      { reduce: (text, token) => text ? `${text} ${token}` : token, initial: '' },
    )
    expect(await state.execute({ prompt: 'streams end well' })).toEqual({ success: true, data: { tokens: 3 } })
    expect(state.data.value).toBe('streams end well')
    expect(state.events.value).toEqual(['streams', 'end', 'well'])
    expect(state.status.value).toBe('success')
  })

  it('abort() stops the action\'s generator and ends in ABORT_ERROR', async () => {
    const before = seen.finished
    const state = createActionStreamState<undefined, number, null, object>(
      (input, { signal }) => callAction(fetcher, '/api/endless', { method: 'POST', signal }) as Promise<ActionResult<ActionEventStream<number, null>>>,
    )
    const settled = state.execute()
    await expect.poll(() => state.events.value.length).toBeGreaterThan(2)
    state.abort()
    expect(await settled).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    expect(state.status.value).toBe('error')
    await expect.poll(() => seen.finished).toBe(before + 1)
  })
})
