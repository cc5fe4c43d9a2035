import { computed, shallowRef } from 'vue'
import type { ComputedRef, ShallowRef } from 'vue'
import type { ActionErrorData, ActionResult, FieldErrors } from '../../server/types'
import type { CallOptions } from './call-action'
import { checkStateOptions } from '../internal/check-call-options'

/** Where a `useAction` stands. */
export type ActionStatus = 'idle' | 'pending' | 'success' | 'error'

/** Callbacks and concurrency options of `useAction`. */
export interface ActionStateOptions<TInput, TData, TError extends ActionErrorData = ActionErrorData> {
  /**
   * `cancel` (default): a new call aborts the one in flight. `defer`: a new call while one is in flight gets that
   * one's result. `queue`: a new call is sent once the one in flight has settled, so calls reach the server in the
   * order they were made (quick toggles of the same todo end as the last one says).
   */
  dedupe?: 'cancel' | 'defer' | 'queue'
  onSuccess?: (data: TData, input: TInput | undefined) => void
  onError?: (error: TError, input: TInput | undefined) => void
  onSettled?: (result: ActionResult<TData, TError>, input: TInput | undefined) => void
}

/**
 * `execute`'s arguments: its options may be left out only when none of them
 * is required (a route's params, when `useAction` was given none).
 * @example
 * type Args = ExecuteArguments<{ done: boolean }, { params: { id: number } }> // [input: ..., options: ...]
 */
export type ExecuteArguments<TInput, TCallOptions> = {} extends TCallOptions
  ? [input?: TInput, options?: TCallOptions]
  : [input: TInput | undefined, options: TCallOptions]

/** What `useAction` returns; `TError` is the action's error, typed by its declared errors. */
export interface ActionState<TInput, TData, TCallOptions = Pick<CallOptions, 'params' | 'headers'>, TError extends ActionErrorData = ActionErrorData> {
  /** Calls the action; resolves to the envelope, never rejects for a failure. */
  execute: (...args: ExecuteArguments<TInput, TCallOptions>) => Promise<ActionResult<TData, TError>>
  data: ShallowRef<TData | null>
  error: ShallowRef<TError | null>
  /** `error.fieldErrors`, or `{}`: ready for `v-for` next to a field. */
  fieldErrors: ComputedRef<FieldErrors>
  status: ShallowRef<ActionStatus>
  pending: ComputedRef<boolean>
  /** Back to idle; a call in flight is aborted and its result ignored. */
  reset: () => void
  /** Aborts the call in flight: it settles with ABORT_ERROR. */
  abort: () => void
}

/**
 * The state machine behind `useAction`, apart from Nuxt: only the latest
 * call writes state and runs the callbacks. `call` throws at once (a
 * TypeError) for a call it refuses to send: `execute` then rejects with it
 * and leaves the state and the call in flight as they were. A bad `dedupe`
 * or callback throws a TypeError here, when the state is created.
 * @example
 * const state = createActionState(input => $action('/api/todos', { method: 'POST', input }), { onSuccess: console.log })
 * await state.execute({ title: 'Milk' })
 */
export function createActionState<TInput, TData, TCallOptions extends object = Pick<CallOptions, 'params' | 'headers'>, TError extends ActionErrorData = ActionErrorData>(
  call: (input: TInput | undefined, options: TCallOptions & Pick<CallOptions, 'signal' | 'after'>) => Promise<ActionResult<TData, TError>>,
  options: ActionStateOptions<TInput, TData, TError> = {},
): ActionState<TInput, TData, TCallOptions, TError> {
  checkStateOptions(options)
  const data = shallowRef<TData | null>(null)
  const error = shallowRef(null) as ShallowRef<TError | null>
  const status = shallowRef<ActionStatus>('idle')
  let latest = 0
  // every call not yet settled: unmounting aborts them all, a `queue` call does not abort the one before it
  const controllers = new Set<AbortController>()
  let inFlight: Promise<ActionResult<TData, TError>> | undefined

  const abortAll = () => controllers.forEach(controller => controller.abort())

  function execute(input?: TInput, callOptions = {} as TCallOptions): Promise<ActionResult<TData, TError>> {
    if (options.dedupe === 'defer' && inFlight) return inFlight
    const own = new AbortController()
    const queued = options.dedupe === 'queue'
    let sent: Promise<ActionResult<TData, TError>>
    try {
      sent = call(input, { ...callOptions, signal: own.signal, after: queued ? inFlight : undefined })
    }
    catch (refused) {
      return Promise.reject(refused)
    }
    if (!queued) abortAll()
    controllers.add(own)
    const id = ++latest
    status.value = 'pending'
    const promise = sent.then((result) => {
      if (id !== latest) return result
      if (result.success) {
        data.value = result.data
        error.value = null
        status.value = 'success'
        options.onSuccess?.(result.data, input)
      }
      else {
        error.value = result.error
        status.value = 'error'
        options.onError?.(result.error, input)
      }
      options.onSettled?.(result, input)
      return result
    })
    inFlight = promise
    void promise.finally(() => {
      controllers.delete(own)
      if (inFlight === promise) inFlight = undefined
    })
    return promise
  }

  return {
    execute: execute as ActionState<TInput, TData, TCallOptions, TError>['execute'],
    data,
    error,
    fieldErrors: computed(() => error.value?.fieldErrors ?? {}),
    status,
    pending: computed(() => status.value === 'pending'),
    reset() {
      latest++
      abortAll()
      inFlight = undefined
      data.value = null
      error.value = null
      status.value = 'idle'
    },
    abort: abortAll,
  }
}
