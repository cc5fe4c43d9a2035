import { toValue } from 'vue'
import type { MaybeRefOrGetter } from 'vue'
import type { ActionResult } from '../../server/types'
import type { ActionCallError, ActionCallOptions, ActionEvent, ActionFinalData, ActionInput, ActionParams, ActionPath, DefaultMethod, HttpMethod } from '../route-map'
import type { ActionEventStream } from './action-event-stream'
import type { ActionStreamState, ActionStreamStateOptions } from './stream-state'
import { createActionStreamState } from './stream-state'
import type { CallOptions } from '../call/call-action'
import { checkCallOptions, checkMethod } from '../internal/check-call-options'
import type { ExecuteInput, ExecuteOptions } from '../call/use-action'
import { startAction } from '../call/action'
import type { StreamMethod, StreamPath } from '../stream-routes'

export type { StreamMethod, StreamPath } from '../stream-routes'

/**
 * How `data` is made: the last event (`null` before the first), or, with
 * `reduce`, the events folded into `initial`.
 * @example
 * const fold: StreamReducer<string, string> = { reduce: (text, token) => text + token, initial: '' }
 */
export type StreamReducer<TEvent, TData>
  = | { reduce: (data: TData, event: TEvent) => TData, initial: TData }
    | { reduce?: undefined, initial?: undefined }

/** Options of `useActionStream`. */
export type UseActionStreamOptions<P extends ActionPath, M extends HttpMethod, TData = ActionEvent<P, M> | null>
  = Omit<ActionStreamStateOptions<ExecuteInput<ActionInput<P, M>>, ActionEvent<P, M>, ActionFinalData<P, M>, ActionCallError<P, M>, TData>, 'reduce' | 'initial'>
    & StreamReducer<ActionEvent<P, M>, TData>
    & Pick<ActionCallOptions<P, M>, 'method' | 'timeout'>
    & {
      /** Route params for every call; `execute(input, { params })` overrides them. */
      params?: MaybeRefOrGetter<ActionParams<P> | undefined>
      headers?: MaybeRefOrGetter<Record<string, string> | undefined>
    }

/**
 * What `execute` takes besides the input.
 * @example
 * await reply.execute({ prompt }, { params: { id: 7 } })
 */
export type StreamExecuteOptions<P extends ActionPath, M extends HttpMethod> = Pick<ExecuteOptions<P, M>, 'params' | 'headers'>

const serverRendering = { success: false, error: { code: 'ABORT_ERROR', message: 'A stream starts in the browser: execute() sends nothing during server rendering', statusCode: 0 } } as const

/**
 * State and an `execute` function for a streaming action (its handler an
 * `async function*`): `data` follows the events as they arrive (the last
 * one, or what `reduce` folds them into), `events` keeps them all,
 * `result` holds the generator's return value once the stream ended well.
 * `status` goes `pending` (sent, no event yet), `streaming`, then `success`
 * or `error`. A new `execute` aborts the running stream, and so do `abort()`,
 * `reset()` and unmounting the component: the server's generator stops (its
 * `signal` aborts, its `finally` runs). During server rendering nothing
 * starts: the state stays idle and `execute` resolves to ABORT_ERROR
 * without a request.
 * @example
 * const reply = useActionStream('/api/reply', { reduce: (text, token) => text + token, initial: '' })
 * await reply.execute({ prompt: 'Write a haiku' })
 * // template: <p>{{ reply.data }}</p> <button v-if="reply.pending" @click="reply.abort()">Stop</button>
 */
export function useActionStream<
  P extends StreamPath,
  M extends StreamMethod<P> = DefaultMethod<P> & StreamMethod<P>,
  TData = ActionEvent<P, M> | null,
>(
  path: P,
  options: UseActionStreamOptions<P, M, TData> = {},
): ActionStreamState<ExecuteInput<ActionInput<P, M>>, ActionEvent<P, M>, ActionFinalData<P, M>, StreamExecuteOptions<P, M>, ActionCallError<P, M>, TData> {
  type Input = ExecuteInput<ActionInput<P, M>>
  type Event = ActionEvent<P, M>
  type Final = ActionFinalData<P, M>
  type Failure = ActionCallError<P, M>
  if (options.method !== undefined) checkMethod(options.method)
  checkCallOptions({ timeout: options.timeout })
  if (options.reduce !== undefined && typeof options.reduce !== 'function') throw new TypeError('useActionStream: reduce must be a function')
  const state = createActionStreamState<Input, Event, Final, StreamExecuteOptions<P, M>, Failure, TData>((input, call) => startAction(path, {
    method: options.method,
    timeout: options.timeout,
    input,
    params: (call.params ?? toValue(options.params)) as CallOptions['params'],
    headers: call.headers ?? toValue(options.headers),
    signal: call.signal,
  }) as Promise<ActionResult<ActionEventStream<Event, Final, Failure>, Failure>>, options as ActionStreamStateOptions<Input, Event, Final, Failure, TData>)
  if (import.meta.server) return { ...state, execute: () => Promise.resolve(serverRendering as ActionResult<Final, Failure>) }
  return state
}
