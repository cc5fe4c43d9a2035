import { computed, shallowRef } from 'vue'
import type { ComputedRef, ShallowRef } from 'vue'
import type { ActionErrorData, ActionResult, FieldErrors } from '../../server/types'
import type { CallOptions } from './call-action'

/** Where a `useAction` stands. */
export type ActionStatus = 'idle' | 'pending' | 'success' | 'error'

/** Callbacks and concurrency options of `useAction`. */
export interface ActionStateOptions<TInput, TData> {
  /** `cancel` (default): a new call aborts the one in flight. `defer`: a new call while one is in flight gets that one's result. */
  dedupe?: 'cancel' | 'defer'
  onSuccess?: (data: TData, input: TInput | undefined) => void
  onError?: (error: ActionErrorData, input: TInput | undefined) => void
  onSettled?: (result: ActionResult<TData>, input: TInput | undefined) => void
}

/** What `useAction` returns. */
export interface ActionState<TInput, TData> {
  /** Calls the action; resolves to the envelope, never rejects for a failure. */
  execute: (input?: TInput, options?: Pick<CallOptions, 'params' | 'headers'>) => Promise<ActionResult<TData>>
  data: ShallowRef<TData | null>
  error: ShallowRef<ActionErrorData | null>
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
 * call writes state and runs the callbacks.
 */
export function createActionState<TInput, TData>(
  call: (input: TInput | undefined, options: CallOptions) => Promise<ActionResult<TData>>,
  options: ActionStateOptions<TInput, TData> = {},
): ActionState<TInput, TData> {
  const data = shallowRef<TData | null>(null)
  const error = shallowRef<ActionErrorData | null>(null)
  const status = shallowRef<ActionStatus>('idle')
  let latest = 0
  let controller: AbortController | undefined
  let inFlight: Promise<ActionResult<TData>> | undefined

  function execute(input?: TInput, callOptions: Pick<CallOptions, 'params' | 'headers'> = {}): Promise<ActionResult<TData>> {
    if (options.dedupe === 'defer' && inFlight) return inFlight
    controller?.abort()
    const id = ++latest
    const own = controller = new AbortController()
    status.value = 'pending'
    const promise = call(input, { ...callOptions, signal: own.signal }).then((result) => {
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
      if (inFlight === promise) inFlight = undefined
    })
    return promise
  }

  return {
    execute,
    data,
    error,
    fieldErrors: computed(() => error.value?.fieldErrors ?? {}),
    status,
    pending: computed(() => status.value === 'pending'),
    reset() {
      latest++
      controller?.abort()
      inFlight = undefined
      data.value = null
      error.value = null
      status.value = 'idle'
    },
    abort() {
      controller?.abort()
    },
  }
}
