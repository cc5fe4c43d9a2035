import type { ActionHost } from './action-host'

/** What single flight does to an answer (internal/single-flight.ts). */
type RefreshQueries = <TEvent>(event: TEvent, host: ActionHost<TEvent>, answer: unknown) => unknown

let refreshQueries: RefreshQueries | undefined

/**
 * Switches single flight on: called by `enableSingleFlight`, which a Nuxt
 * build runs only when the app's code uses it. Until then the lifecycle
 * holds no single-flight code, and a server that never turns it on bundles none.
 * @example
 * switchSingleFlightOn(withRefreshedQueries)
 */
export function switchSingleFlightOn(run: RefreshQueries): void {
  refreshQueries = run
}

/**
 * Step 6's last touch: the answer, with the fresh data of the queries its
 * caller named when single flight is on; otherwise exactly as it is.
 * @example
 * return withSingleFlight(event, host, respondWithData(event, host, data))
 */
export function withSingleFlight<TEvent>(event: TEvent, host: ActionHost<TEvent>, answer: unknown): unknown {
  return refreshQueries ? refreshQueries(event, host, answer) : answer
}
