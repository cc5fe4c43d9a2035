import type { ActionHandler } from '../../types'
import type { ActionCall } from '../action-call'
import { isPromiseLike } from '../../internal/is-promise-like'

/**
 * Step 4: calls the handler with `{ input, params, event, ctx }` and gives
 * what it returned, `undefined` included: the output schema (step 5) checks
 * that value, and only the answer (step 6) writes `undefined` as `null`.
 * A synchronous handler gets a synchronous result (no promise on the hot path);
 * a promise or other thenable (a query builder) gets a promise.
 * @example
 * const data = runHandler(({ input }) => input, call)
 */
export function runHandler(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: ActionHandler<unknown, unknown, Record<string, unknown>, unknown, any>,
  call: ActionCall,
): unknown {
  const data = handler(call)
  // a thenable that is not a Promise (a query builder) is awaited like one
  return isPromiseLike(data) && !(data instanceof Promise) ? Promise.resolve(data) : data
}
