import { computed, getCurrentScope, onScopeDispose, shallowRef, triggerRef } from 'vue'
import type { ComputedRef, ShallowRef } from 'vue'
import type { ActionErrorData, ActionResult } from '../../server/types'
import type { ActionEventStream } from './action-event-stream'
import { isActionEventStream } from './action-event-stream'
import type { CallOptions } from '../call/call-action'

/** Where a `useActionStream` stands: `pending` until the first event, `streaming` until the end. */
export type ActionStreamStatus = 'idle' | 'pending' | 'streaming' | 'success' | 'error'

/** Callbacks and `data`'s reducer of `useActionStream`. */
export interface ActionStreamStateOptions<TInput, TEvent, TResult, TError extends ActionErrorData = ActionErrorData, TData = TEvent> {
  /**
   * Folds each event into `data`, starting from `initial` (at every `execute`):
   * `(text, token) => text + token`. Left out, `data` is the last event.
   */
  reduce?: (data: TData, event: TEvent) => TData
  /** `data` before the first event, and what `reduce` starts from. */
  initial?: TData
  /** Each event, as it arrives. */
  onEvent?: (event: TEvent, input: TInput | undefined) => void
  /** The stream's final data, once it ended well. */
  onSuccess?: (result: TResult, input: TInput | undefined) => void
  /** The failure before the first event or after it, ABORT_ERROR after `abort()`. */
  onError?: (error: TError, input: TInput | undefined) => void
}

/** What `useActionStream` returns. */
export interface ActionStreamState<TInput, TEvent, TResult, TCallOptions, TError extends ActionErrorData = ActionErrorData, TData = TEvent | null> {
  /**
   * Starts the stream (a stream running is aborted first) and resolves to its
   * final envelope once it ends; never rejects for a failure.
   */
  execute: (input?: TInput, options?: TCallOptions) => Promise<ActionResult<TResult, TError>>
  /** Closes the running stream: its generator on the server stops, and the state ends as ABORT_ERROR. */
  abort: () => void
  /** Back to idle: a running stream is aborted and forgotten. */
  reset: () => void
  /** The last event, or what `reduce` made of the events so far. */
  data: ShallowRef<TData>
  /** Every event of the latest stream so far, in order. */
  events: ShallowRef<TEvent[]>
  status: ShallowRef<ActionStreamStatus>
  /** The failure before the first event or after it (ABORT_ERROR after `abort()`). */
  error: ShallowRef<TError | null>
  /** The final data (the generator's return value) once the stream ended well. */
  result: ShallowRef<TResult | null>
  /** True from `execute` until the stream ends: `pending` or `streaming`. */
  pending: ComputedRef<boolean>
}

/**
 * The state machine behind `useActionStream`, apart from Nuxt: only the
 * latest stream writes state and runs the callbacks; a new `execute` aborts
 * the running stream, and so does disposing the effect scope it was made
 * in (a component's, when it unmounts). `call` throws at once (a TypeError) for a call it
 * refuses to send: `execute` then rejects with it and leaves the state and
 * the running stream alone. An answer that is not a stream (a route that
 * does not stream) ends at once, its data as `result`.
 * @example
 * const state = createActionStreamState(input => $action('/api/reply', { method: 'POST', input }), { reduce: (text, token) => text + token, initial: '' })
 * await state.execute({ prompt: 'Hello' })
 */
export function createActionStreamState<TInput, TEvent, TResult, TCallOptions extends object, TError extends ActionErrorData = ActionErrorData, TData = TEvent | null>(
  call: (input: TInput | undefined, options: TCallOptions & Pick<CallOptions, 'signal'>) => Promise<ActionResult<ActionEventStream<TEvent, TResult, TError> | TResult, TError>>,
  options: ActionStreamStateOptions<TInput, TEvent, TResult, TError, TData> = {},
): ActionStreamState<TInput, TEvent, TResult, TCallOptions, TError, TData> {
  const start = () => (options.reduce ? options.initial : options.initial ?? null) as TData
  const data = shallowRef(start()) as ShallowRef<TData>
  const events = shallowRef<TEvent[]>([])
  const status = shallowRef<ActionStreamStatus>('idle')
  const error = shallowRef(null) as ShallowRef<TError | null>
  const result = shallowRef(null) as ShallowRef<TResult | null>
  let latest = 0
  let running: AbortController | undefined

  function settle(id: number, end: ActionResult<TResult, TError>, input: TInput | undefined) {
    if (id !== latest) return
    running = undefined
    if (end.success) {
      result.value = end.data
      status.value = 'success'
      options.onSuccess?.(end.data, input)
    }
    else {
      error.value = end.error
      status.value = 'error'
      options.onError?.(end.error, input)
    }
  }

  async function read(id: number, sent: ReturnType<typeof call>, input: TInput | undefined): Promise<ActionResult<TResult, TError>> {
    const answer = await sent
    if (!answer.success || !isActionEventStream(answer.data)) {
      settle(id, answer as ActionResult<TResult, TError>, input)
      return answer as ActionResult<TResult, TError>
    }
    const stream = answer.data as ActionEventStream<TEvent, TResult, TError>
    for await (const event of stream) {
      // a newer execute or a reset took over: leaving the loop closes this stream
      if (id !== latest) break
      events.value.push(event)
      triggerRef(events)
      data.value = options.reduce ? options.reduce(data.value, event) : event as unknown as TData
      status.value = 'streaming'
      options.onEvent?.(event, input)
    }
    const end = await stream.result
    settle(id, end, input)
    return end
  }

  function execute(input?: TInput, callOptions = {} as TCallOptions): Promise<ActionResult<TResult, TError>> {
    const own = new AbortController()
    let sent: ReturnType<typeof call>
    try {
      sent = call(input, { ...callOptions, signal: own.signal })
    }
    catch (refused) {
      return Promise.reject(refused)
    }
    running?.abort()
    running = own
    const id = ++latest
    data.value = start()
    events.value = []
    error.value = null
    result.value = null
    status.value = 'pending'
    return read(id, sent, input)
  }

  const abort = () => running?.abort()
  if (getCurrentScope()) onScopeDispose(abort)
  return {
    execute,
    abort,
    reset() {
      latest++
      running?.abort()
      running = undefined
      data.value = start()
      events.value = []
      error.value = null
      result.value = null
      status.value = 'idle'
    },
    data,
    events,
    status,
    error,
    result,
    pending: computed(() => status.value === 'pending' || status.value === 'streaming'),
  }
}
