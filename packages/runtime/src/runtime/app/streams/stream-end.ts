import type { ActionErrorData, ActionResult } from '../../server/types'
import { isActionEventStream } from './action-event-stream'

const warnedRoutes = new Set<string>()

/**
 * The envelope of a call whose caller keeps no events (`useAction`,
 * `useActionForm`): the call's own, or, when the action streamed (a
 * success whose data is an `ActionEventStream`), the stream's final
 * envelope: its data, or the failure that ended it. Waiting on `result`
 * reads the events and drops them, so the connection closes and the
 * server's generator runs to its end instead of staying paused. `warn`
 * (development) hears once per route that `useActionStream` is the one
 * to call.
 * @example
 * const settled = untilStreamEnds('useAction', '/api/reply', startAction('/api/reply', options), import.meta.dev ? console.warn : undefined)
 */
export async function untilStreamEnds<TData, TError extends ActionErrorData>(
  caller: string,
  path: string,
  sent: Promise<ActionResult<TData, TError>>,
  warn?: (message: string) => void,
): Promise<ActionResult<TData, TError>> {
  const answer = await sent
  if (!answer.success || !isActionEventStream(answer.data)) return answer
  // a production build has no warning to give (import.meta.dev is false there): the bundler drops the message
  if (import.meta.dev !== false && warn && !warnedRoutes.has(path)) {
    warnedRoutes.add(path)
    warn(`[action-route] ${caller}('${path}') called a streaming action: it waited for the stream's end and dropped its events. Call useActionStream('${path}') to show them as they come, or read them from $action with for await.`)
  }
  return answer.data.result as Promise<ActionResult<TData, TError>>
}
