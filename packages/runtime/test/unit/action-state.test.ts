import { describe, expect, it } from 'vitest'
import type { ActionResult } from '../../src/runtime/server'
import type { CallOptions } from '../../src/runtime/app/call/call-action'
import { createActionState } from '../../src/runtime/app/call/action-state'

/** A call that settles when the test says so, and answers ABORT_ERROR when aborted, like callAction. */
function controllableCall() {
  const calls: Array<{ input: unknown, options: CallOptions, settle: (result: ActionResult<string>) => void }> = []
  const call = (input: unknown, options: CallOptions) => new Promise<ActionResult<string>>((resolve) => {
    calls.push({ input, options, settle: resolve })
    options.signal?.addEventListener('abort', () => resolve({ success: false, error: { code: 'ABORT_ERROR', message: 'aborted', statusCode: 0 } }))
  })
  return { calls, call }
}
const ok = (data: string): ActionResult<string> => ({ success: true, data })
const failed: ActionResult<string> = { success: false, error: { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors: { title: ['Required'] } } }

describe('useAction state', () => {
  it('goes idle, pending, success and exposes data', async () => {
    const { calls, call } = controllableCall()
    const state = createActionState(call)
    expect(state.status.value).toBe('idle')
    const pending = state.execute('a')
    expect(state.status.value).toBe('pending')
    expect(state.pending.value).toBe(true)
    calls[0]!.settle(ok('done'))
    expect(await pending).toEqual(ok('done'))
    expect(state.status.value).toBe('success')
    expect(state.data.value).toBe('done')
  })

  it('exposes error and fieldErrors on failure, and runs the callbacks', async () => {
    const { calls, call } = controllableCall()
    const seen: string[] = []
    const state = createActionState(call, {
      onSuccess: () => seen.push('success'),
      onError: error => seen.push(`error ${error.code}`),
      onSettled: result => seen.push(`settled ${result.success}`),
    })
    const pending = state.execute('a')
    calls[0]!.settle(failed)
    await pending
    expect(state.status.value).toBe('error')
    expect(state.fieldErrors.value).toEqual({ title: ['Required'] })
    expect(seen).toEqual(['error VALIDATION_ERROR', 'settled false'])
  })

  it('dedupe cancel: a new call aborts the one in flight, which writes nothing', async () => {
    const { calls, call } = controllableCall()
    const settled: unknown[] = []
    const state = createActionState(call, { onSettled: result => settled.push(result) })
    const first = state.execute('first')
    const second = state.execute('second')
    expect(calls[0]!.options.signal!.aborted).toBe(true)
    expect((await first).success).toBe(false)
    expect(state.status.value).toBe('pending')
    calls[1]!.settle(ok('second'))
    await second
    expect(state.data.value).toBe('second')
    expect(settled).toEqual([ok('second')])
  })

  it('dedupe defer: a call while one is in flight gets that one\'s result', async () => {
    const { calls, call } = controllableCall()
    const state = createActionState(call, { dedupe: 'defer' })
    const first = state.execute('first')
    const second = state.execute('second')
    expect(calls).toHaveLength(1)
    calls[0]!.settle(ok('first'))
    expect(await second).toEqual(ok('first'))
    expect(await first).toEqual(ok('first'))
    state.execute('third')
    expect(calls).toHaveLength(2)
  })

  it('only the latest call writes state, even when an older one settles last', async () => {
    const calls: Array<(result: ActionResult<string>) => void> = []
    const state = createActionState<string, string>(() => new Promise(resolve => calls.push(resolve)))
    const first = state.execute('first')
    const second = state.execute('second')
    calls[1]!(ok('second'))
    await second
    calls[0]!(ok('first, late'))
    await first
    expect(state.data.value).toBe('second')
  })

  it('abort settles the call in flight with ABORT_ERROR; reset goes back to idle and ignores it', async () => {
    const { calls, call } = controllableCall()
    const state = createActionState(call)
    const pending = state.execute('a')
    state.abort()
    expect(await pending).toMatchObject({ success: false, error: { code: 'ABORT_ERROR' } })
    expect(state.status.value).toBe('error')
    const next = state.execute('b')
    state.reset()
    await next
    expect(calls[1]!.options.signal!.aborted).toBe(true)
    expect(state.status.value).toBe('idle')
    expect(state.error.value).toBeNull()
    expect(state.data.value).toBeNull()
  })

  it('a refused call rejects with its TypeError and leaves the state and the call in flight alone', async () => {
    const { calls, call } = controllableCall()
    const seen: string[] = []
    const refusing = (input: unknown, options: CallOptions) => {
      if (input === 'bad') throw new TypeError('Route param "id" for /api/todos/:id is "": an empty, "." or ".." segment would reach another route')
      return call(input, options)
    }
    const state = createActionState(refusing, { onSettled: result => seen.push(`settled ${result.success}`) })
    const first = state.execute('good')
    await expect(state.execute('bad')).rejects.toThrow(TypeError)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.options.signal!.aborted).toBe(false)
    expect(state.status.value).toBe('pending')
    calls[0]!.settle(ok('good'))
    expect(await first).toEqual(ok('good'))
    expect(state.data.value).toBe('good')
    expect(seen).toEqual(['settled true'])

    const idle = createActionState(refusing)
    await expect(idle.execute('bad')).rejects.toThrow(TypeError)
    expect(idle.status.value).toBe('idle')
  })

  it('throws a TypeError naming a bad dedupe or callback option', () => {
    const { call } = controllableCall()
    expect(() => createActionState(call, { dedupe: 'latest' as never })).toThrow(new TypeError('Action option "dedupe" must be "cancel", "defer" or "queue", got "latest"'))
    expect(() => createActionState(call, { onSuccess: 'refresh' as never })).toThrow(new TypeError('Action option "onSuccess" must be a function, got "refresh"'))
    expect(() => createActionState(call, { onError: null as never })).toThrow(new TypeError('Action option "onError" must be a function, got null'))
    expect(() => createActionState(call, { onSettled: {} as never })).toThrow(new TypeError('Action option "onSettled" must be a function, got object'))
  })

  it('queues a call behind the one in flight with dedupe "queue": none is aborted, the latest writes state', async () => {
    const { calls, call } = controllableCall()
    const order: string[] = []
    const state = createActionState((input: unknown, options: CallOptions) => {
      const sent = options.after ? options.after.then(() => call(input, options)) : call(input, options)
      order.push(`queued ${input}`)
      return sent
    }, { dedupe: 'queue' })
    const first = state.execute('on')
    const second = state.execute('off')
    await Promise.resolve()
    // the second is not sent before the first settles
    expect(calls.map(sent => sent.input)).toEqual(['on'])
    calls[0]!.settle(ok('on'))
    expect(await first).toEqual(ok('on'))
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(calls.map(sent => sent.input)).toEqual(['on', 'off'])
    calls[1]!.settle(ok('off'))
    expect(await second).toEqual(ok('off'))
    expect(state.data.value).toBe('off')
    expect(order).toEqual(['queued on', 'queued off'])
  })
})
