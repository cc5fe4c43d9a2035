import type { ActionErrorData, ActionResult } from '../../server/types'
import { clientError, isActionResult } from '../action-result'
import { readEventStream } from './internal/read-event-stream'

/**
 * The `data` of a streaming action's success: its events as they arrive,
 * then its final envelope. Iterate it with `for await`; the loop ends when
 * the stream ends, however it ends (it never throws): `result` then says
 * how. Leaving the loop early (`break`, `return`, a throw) or `abort()`
 * closes the connection, which stops the action's generator on the server,
 * and `result` resolves to ABORT_ERROR. A connection that ends without the
 * final envelope resolves `result` to FETCH_ERROR. The body is read only as
 * the loop asks for events, so a slow loop slows the server down instead of
 * filling memory. A stream is read once: reading `result` without iterating
 * reads the rest of the events and drops them.
 * @example
 * const answer = await $action('/api/reply', { method: 'POST', input: { prompt } })
 * if (!answer.success) return show(answer.error)
 * for await (const token of answer.data) text += token
 * const end = await answer.data.result
 * if (end.success) console.log(end.data.tokens)
 */
export interface ActionEventStream<TEvent, TResult, TError extends ActionErrorData = ActionErrorData> extends AsyncIterable<TEvent> {
  /** The final envelope: the generator's return value, or the error that ended the stream. */
  readonly result: Promise<ActionResult<TResult, TError>>
  /** Closes the connection: the loop ends, the server's generator is stopped, `result` is ABORT_ERROR. */
  abort: () => void
}

const aborted = () => clientError('ABORT_ERROR', 'The request was aborted')
const dropped = () => clientError('FETCH_ERROR', 'The connection closed before the stream\'s end')
const garbled = () => clientError('INVALID_RESPONSE', 'The server sent an event stream that is not an action\'s', 200)

const made = new WeakSet<object>()

/**
 * A promise that calls `onWait` whenever something waits on it (`await`,
 * `then`, `catch`, `finally`), and only then: looking at a stream (a
 * console, the DevTools) does not read it. The promises it makes are plain.
 */
class WaitedPromise<T> extends Promise<T> {
  static override get [Symbol.species]() {
    return Promise
  }

  onWait?: () => void

  override then<TFulfilled = T, TRejected = never>(
    onFulfilled?: ((value: T) => TFulfilled | PromiseLike<TFulfilled>) | null,
    onRejected?: ((reason: unknown) => TRejected | PromiseLike<TRejected>) | null,
  ): Promise<TFulfilled | TRejected> {
    this.onWait?.()
    return super.then(onFulfilled, onRejected)
  }
}

/**
 * Whether a value is a stream `$action` made (a success's `data` for a streaming route).
 * @example
 * if (answer.success && isActionEventStream(answer.data)) for await (const event of answer.data) show(event)
 */
export function isActionEventStream(value: unknown): value is ActionEventStream<unknown, unknown> {
  return typeof value === 'object' && value !== null && made.has(value)
}

/**
 * Wraps a `text/event-stream` answer's body as an `ActionEventStream`.
 * `controller` aborts the request: the stream aborts it when left early,
 * and reads its abort (by the caller's signal too) as ABORT_ERROR.
 * `onSettled` runs once `result` is known.
 * @example
 * const stream = createActionEventStream(response.body!, controller, () => clearTimeout(timer))
 */
export function createActionEventStream(body: ReadableStream<Uint8Array>, controller: AbortController, onSettled?: () => void): ActionEventStream<unknown, unknown> {
  let settle!: (result: ActionResult<unknown>) => void
  const result = new WaitedPromise<ActionResult<unknown>>((resolve) => {
    settle = resolve
  })
  let settled = false
  const onAbort = () => finish(aborted())
  function finish(end: ActionResult<unknown>) {
    if (settled) return
    settled = true
    controller.signal.removeEventListener('abort', onAbort)
    settle(end)
    onSettled?.()
  }
  if (controller.signal.aborted) finish(aborted())
  else controller.signal.addEventListener('abort', onAbort, { once: true })

  const messages = readEventStream(body)
  let reading = false
  // awaited without a loop (one may still start in this tick): read the rest and drop it
  result.onWait = () => queueMicrotask(() => {
    if (!reading && !settled) void drain(startReading())
  })

  async function* events(): AsyncGenerator<unknown, void, undefined> {
    try {
      while (!settled) {
        const next = await messages.next()
        if (next.done) return finish(controller.signal.aborted ? aborted() : dropped())
        const { event, data } = next.value
        if (event === 'end') {
          const end = parse(data)
          finish(isActionResult(end) ? end : garbled())
        }
        else if (event === 'message') {
          const value = parse(data)
          if (value === garbledEvent) {
            finish(garbled())
            controller.abort()
          }
          else yield value
        }
      }
    }
    catch {
      finish(controller.signal.aborted ? aborted() : dropped())
    }
    finally {
      // left before the end (a break): close the connection, so the server stops
      if (!settled) controller.abort()
      await messages.return()
    }
  }

  function startReading(): AsyncGenerator<unknown, void, undefined> {
    if (reading) throw new TypeError('An action\'s event stream can be read only once')
    reading = true
    return events()
  }

  const stream: ActionEventStream<unknown, unknown> = {
    [Symbol.asyncIterator]: startReading,
    result,
    abort: () => controller.abort(),
  }
  made.add(stream)
  return stream
}

const garbledEvent = Symbol('garbled')

async function drain(events: AsyncGenerator<unknown, void, undefined>): Promise<void> {
  while (!(await events.next()).done) continue
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data)
  }
  catch {
    return garbledEvent
  }
}
