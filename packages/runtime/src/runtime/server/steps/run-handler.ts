import type { H3Event } from 'h3'
import type { ActionHandler } from '../types'
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
  handler: ActionHandler<unknown, unknown, Record<string, unknown>, unknown>,
  args: { input: unknown, params: unknown, event: H3Event, ctx: Record<string, unknown> },
): unknown {
  const data = handler(args)
  return isPromiseLike(data) ? Promise.resolve(data).then(nullIfUndefined) : nullIfUndefined(data)
}
