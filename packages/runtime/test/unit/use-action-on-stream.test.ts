import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { $fetch } from 'ofetch'
import { z } from 'zod'
import { defineAction } from '../../src/runtime/server'
import type { ActionResult } from '../../src/runtime/server'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'
import { callAction } from '../../src/runtime/app/call/call-action'
import { createActionState } from '../../src/runtime/app/call/action-state'
import { untilStreamEnds } from '../../src/runtime/app/streams/stream-end'
import { handleFormPost } from '../../src/runtime/form-post/handle-form-post'
import type { TestServer } from '../helpers/serve'
import { serve } from '../helpers/serve'

// useAction's call (its state, with the rule it settles by) against real streaming actions over HTTP:
// a caller past the types (plain JS, any) gets the stream's final envelope, and the server's generator runs to its end

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** What the server's generators went through: how many events each run yielded, and whether its finally ran. */
const runs: Array<{ yielded: number, finished: boolean, aborted: boolean }> = []

let server: TestServer
let fetcher: ActionFetcher

beforeAll(async () => {
  server = await serve({
    '/api/words': defineAction({
      input: z.object({ prompt: z.string(), pause: z.number().default(0) }),
      outputSchema: z.object({ words: z.number() }),
      async* handler({ input, signal }) {
        const run = { yielded: 0, finished: false, aborted: false }
        runs.push(run)
        signal.addEventListener('abort', () => run.aborted = true)
        try {
          for (const word of input.prompt.split(' ')) {
            yield word
            run.yielded++
            await sleep(input.pause)
          }
          return { words: run.yielded, kept: 'on the server' }
        }
        finally {
          run.finished = true
        }
      },
    }),
    '/api/falls-over': defineAction({
      async* handler() {
        yield 1
        throw new Error('the model fell over')
      },
    }),
    '/api/plain': defineAction({ handler: () => ({ plain: true }) }),
  })
  fetcher = $fetch.create({ baseURL: server.url }) as unknown as ActionFetcher
})
afterAll(() => server.close())

/** useAction's state, calling as useAction does: the call, then the rule for a stream. */
function useActionOf(path: string, warn?: (message: string) => void) {
  return createActionState<unknown, unknown>((input, { signal }) =>
    untilStreamEnds('useAction', path, callAction(fetcher, path, { method: 'POST', input, signal }) as Promise<ActionResult<unknown>>, warn))
}

describe('useAction on a streaming action that got past the types', () => {
  it('settles with the stream\'s final data once the server\'s generator has run to its end', async () => {
    const before = runs.length
    const state = useActionOf('/api/words')
    const result = await state.execute({ prompt: 'every word is read', pause: 10 })
    expect(result).toEqual({ success: true, data: { words: 4 } })
    expect(state.data.value).toEqual({ words: 4 })
    expect(state.status.value).toBe('success')
    expect(runs.slice(before)).toEqual([{ yielded: 4, finished: true, aborted: false }])
  })

  it('settles with the failure that ended the stream after its first event', async () => {
    const state = useActionOf('/api/falls-over')
    expect(await state.execute()).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 } })
    expect(state.error.value).toMatchObject({ code: 'INTERNAL_ERROR' })
    expect(state.status.value).toBe('error')
  })

  it('abort() while the stream runs closes it: ABORT_ERROR, and the generator\'s finally runs with its signal aborted', async () => {
    const before = runs.length
    const state = useActionOf('/api/words')
    const settled = state.execute({ prompt: 'a b c d e f g h i j k l m n o p', pause: 30 })
    await expect.poll(() => runs[before]?.yielded ?? 0).toBeGreaterThan(1)
    state.abort()
    expect(await settled).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    await expect.poll(() => runs[before]?.finished).toBe(true)
    expect(runs[before]).toMatchObject({ aborted: true })
    expect(runs[before]!.yielded).toBeLessThan(16)
  })

  it('warns once per route that useActionStream reads a stream, and never for a JSON action', async () => {
    const warnings: string[] = []
    const warn = (message: string) => warnings.push(message)
    await useActionOf('/api/plain', warn).execute()
    expect(warnings).toEqual([])
    const state = useActionOf('/api/words', warn)
    await state.execute({ prompt: 'one' })
    await state.execute({ prompt: 'two' })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('useActionStream(\'/api/words\')')
  })

  it('leaves a JSON action\'s envelope as it was', async () => {
    expect(await useActionOf('/api/plain').execute()).toEqual({ success: true, data: { plain: true } })
  })
})

describe('a form posted without JavaScript to a streaming action', () => {
  it('takes the stream\'s final envelope (the page is sent back to with it), the generator run to its end', async () => {
    const before = runs.length
    const body = new TextEncoder().encode(new URLSearchParams([['prompt', 'posted without script']]).toString())
    const outcome = await handleFormPost({
      method: 'POST',
      url: new URL('/ask?__action=/api/words', 'http://app.test'),
      headers: new Headers({ 'host': 'app.test', 'sec-fetch-site': 'same-origin', 'content-length': String(body.length), 'content-type': 'application/x-www-form-urlencoded' }),
      readBody: async () => body,
    }, (path, init) => fetch(new URL(path, server.url), init as RequestInit), { maxBodySize: 1024, maxFormFields: 100, maxFormFiles: 1, maxJsonDepth: 16 })
    expect(outcome).toMatchObject({ kind: 'redirect', location: '/ask' })
    expect(runs.slice(before)).toEqual([{ yielded: 3, finished: true, aborted: false }])
  })
})
