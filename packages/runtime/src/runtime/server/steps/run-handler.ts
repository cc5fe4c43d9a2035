import type { H3Event } from 'h3'
import type { ActionHandler } from '../types'

/**
 * Step 4: calls the handler with `{ input, params, event, ctx }`. A handler
 * that returns `undefined` answers `data: null`, so the envelope always has `data`.
 */
export async function runHandler(
  handler: ActionHandler<unknown, unknown, Record<string, unknown>, unknown>,
  args: { input: unknown, params: unknown, event: H3Event, ctx: Record<string, unknown> },
): Promise<unknown> {
  const data = await handler(args)
  return data === undefined ? null : data
}
