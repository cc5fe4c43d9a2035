import { switchSingleFlightOn } from './internal/single-flight-switch'
import { withRefreshedQueries } from './internal/single-flight'

/**
 * Turns on single flight: a mutation whose caller names the queries it shows
 * (`useAction`'s `refreshes` and `optimistic`) answers with their fresh data
 * too, fetched in-process, so the page updates in one round trip. The Nuxt
 * module calls it at start-up when the app's code uses those options
 * (`actionRoute.singleFlight` decides otherwise); a plain h3 2 app calls it
 * once itself. Without it every answer is left as it is and the client
 * refetches the queries. `baseURL` is the path the app is served under when
 * it is not `/` (h3 v2 routes the URL as a browser sends it; Nuxt passes its
 * `app.baseURL`).
 * @example
 * import { enableSingleFlight } from '@action-route/runtime/server/h3-v2'
 * enableSingleFlight()
 * enableSingleFlight({ baseURL: '/shop/' }) // an app served under /shop/
 */
export function enableSingleFlight(options: { baseURL?: string } = {}): void {
  const baseURL = options.baseURL || '/'
  switchSingleFlightOn((event, host, body) => withRefreshedQueries(event, host, body, baseURL))
}
