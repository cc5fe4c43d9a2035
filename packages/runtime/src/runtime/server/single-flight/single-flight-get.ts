import type { ActionHost } from '../lifecycle/action-host'

/**
 * The header single flight puts on each GET it runs in-process for a
 * mutation's answer. A streaming action that sees it runs nothing: its data
 * is a stream, which no answer can carry.
 */
export const SINGLE_FLIGHT_GET_HEADER = 'x-action-route-single-flight'

/**
 * Whether this request is a GET single flight runs in-process.
 * @example
 * if (streams && isSingleFlightGet(event, host)) return answerStreamNotRefreshed(event, host)
 */
export function isSingleFlightGet<TEvent>(event: TEvent, host: ActionHost<TEvent>): boolean {
  return host.header(event, SINGLE_FLIGHT_GET_HEADER) !== undefined
}

/**
 * A streaming action's answer to single flight: 204 with no body, which is
 * no envelope, so single flight leaves the query out and the browser
 * fetches the stream itself. Never stored by a cache (`no-store`), since a
 * client could send the header too.
 * @example
 * return answerStreamNotRefreshed(event, host)
 */
export function answerStreamNotRefreshed<TEvent>(event: TEvent, host: ActionHost<TEvent>): unknown {
  host.setHeader(event, 'cache-control', 'no-store')
  return host.send(event, 204, '')
}
