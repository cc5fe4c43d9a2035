import type { ActionHost } from '../lifecycle/action-host'

/** What single flight does to a success body (internal/single-flight-refresh.ts). */
type RefreshQueries = <TEvent>(event: TEvent, host: ActionHost<TEvent>, body: string) => string | Promise<string>

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
 * A success body, with the fresh data of the queries its caller named when
 * single flight is on; otherwise exactly as it is.
 * @example
 * const body = await withSingleFlight(event, host, JSON.stringify({ success: true, data }))
 */
export function withSingleFlight<TEvent>(event: TEvent, host: ActionHost<TEvent>, body: string): string | Promise<string> {
  return refreshQueries ? refreshQueries(event, host, body) : body
}
