import { switchSingleFlightOn } from './single-flight-switch'
import { withRefreshedQueries } from './internal/single-flight-refresh'
import { matchActionGetRoutes } from './internal/action-get-routes'

/** What `enableSingleFlight` is told about the app. */
export interface SingleFlightOptions {
  /**
   * The GET action routes a caller may name, as route patterns (`/api/todos`,
   * `/api/todos/:id`, `/api/files/**`), without the base URL. Any other URL is
   * not run: the client refetches it. The Nuxt module passes the app's own;
   * left out, no URL is run.
   */
  routes?: readonly string[]
  /**
   * The app's other GET routes (plain handlers), as patterns: a URL that fits
   * one of them at least as specifically as an action's is not run, since the
   * router would pick that one (`/api/internal/ip` beside an action at
   * `/api/**`). The Nuxt module passes the app's own.
   */
  otherRoutes?: readonly string[]
  /**
   * The path the app is served under when it is not `/` (h3 v2 routes the
   * URL as a browser sends it; Nuxt passes its `app.baseURL`).
   */
  baseURL?: string
}

/**
 * Turns on single flight: a mutation whose caller names the queries it shows
 * (`useAction`'s `refreshes` and `optimistic`) answers with their fresh data
 * too, fetched in-process with the cookies the mutation set, so the page
 * updates in one round trip. Only the GET action routes in `routes` can be
 * named. The Nuxt module calls it at start-up when the app's code uses those
 * options (`actionRoute.singleFlight` decides otherwise), with the app's GET
 * actions; a plain h3 2 app calls it once itself. Without it every answer is
 * left as it is and the client refetches the queries.
 * @example
 * import { enableSingleFlight } from '@action-route/runtime/server/h3-v2'
 * enableSingleFlight({ routes: ['/todos', '/todos/:id'] })
 * enableSingleFlight({ routes: ['/todos'], baseURL: '/shop/' }) // an app served under /shop/
 */
export function enableSingleFlight(options: SingleFlightOptions = {}): void {
  const app = { baseURL: options.baseURL || '/', isActionGet: matchActionGetRoutes(options.routes ?? [], options.otherRoutes) }
  switchSingleFlightOn((event, host, body) => withRefreshedQueries(event, host, body, app))
}
