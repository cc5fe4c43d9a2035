import type { ActionHandler } from '../types'
import type { ActionCall } from '../internal/action-call'
import { isPromiseLike } from '../internal/is-promise-like'

function nullIfUndefined(data: unknown): unknown {
  return data === undefined ? null : data
}

/**
 * Step 4: calls the handler with `{ input, params, event, ctx }`. A handler
 * that returns `undefined` answers `data: null`, so the envelope always has `data`.
 * A synchronous handler gets a synchronous result (no promise on the hot path);
 * a promise or other thenable (a query builder) gets a promise.
 */
export function runHandler(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: ActionHandler<unknown, unknown, Record<string, unknown>, unknown, any>,
  call: ActionCall,
): unknown {
  const data = handler(call)
  return isPromiseLike(data) ? Promise.resolve(data).then(nullIfUndefined) : nullIfUndefined(data)
}
