import { getCurrentScope, onScopeDispose, toValue } from 'vue'
import type { MaybeRefOrGetter } from 'vue'
import type { ActionResult } from '../server/types'
import type { ActionCallOptions, ActionInput, ActionMethod, ActionOutput, ActionParams, ActionPath, DefaultMethod, HttpMethod } from './route-map'
import type { ActionState, ActionStateOptions } from './internal/action-state'
import { createActionState } from './internal/action-state'
import type { CallOptions } from './internal/call-action'
import { checkCallOptions, checkMethod } from './internal/check-call-options'
import { startAction } from './action'

/** Options of `useAction`. */
export interface UseActionOptions<P extends ActionPath, M extends HttpMethod>
  extends ActionStateOptions<ActionInput<P, M>, ActionOutput<P, M>>,
  Pick<ActionCallOptions<P, M>, 'method' | 'timeout' | 'retry' | 'retryDelay'> {
  /** Route params for every call; `execute(input, { params })` overrides them. */
  params?: MaybeRefOrGetter<ActionParams<P> | undefined>
  headers?: MaybeRefOrGetter<Record<string, string> | undefined>
}

/**
 * State and an `execute` function for calling an action from a component.
 * Only the latest call writes state; a call in flight is aborted when the
 * component unmounts. A bad option throws a TypeError naming it when
 * `useAction` is called; `execute` rejects with a TypeError, sending
 * nothing and leaving the state alone, for a bad or dangerous param.
 * @example
 * const { execute, fieldErrors, pending } = useAction('/api/todos/:id', { method: 'PATCH' })
 * await execute({ done: true }, { params: { id: 1 } })
 */
export function useAction<P extends ActionPath, M extends ActionMethod<P> = DefaultMethod<P> & ActionMethod<P>>(
  path: P,
  options: UseActionOptions<P, M> = {},
): ActionState<ActionInput<P, M>, ActionOutput<P, M>> {
  if (options.method !== undefined) checkMethod(options.method)
  checkCallOptions({ timeout: options.timeout, retry: options.retry, retryDelay: options.retryDelay })
  const state = createActionState<ActionInput<P, M>, ActionOutput<P, M>>((input, call: CallOptions) => startAction(path, {
    method: options.method,
    timeout: options.timeout,
    retry: options.retry,
    retryDelay: options.retryDelay,
    input,
    params: (call.params ?? toValue(options.params)) as ActionParams<P>,
    headers: call.headers ?? toValue(options.headers),
    signal: call.signal,
  }) as Promise<ActionResult<ActionOutput<P, M>>>, options)
  if (getCurrentScope()) onScopeDispose(state.abort)
  return state
}
