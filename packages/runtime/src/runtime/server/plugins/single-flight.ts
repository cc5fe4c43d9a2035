// Nitro 2 plugin (Nuxt 3 and 4): turns single flight on at start-up (Nitro 2's in-app `$fetch` puts the app's base
// URL before the queries' URLs itself). The module adds it only when the app's code names queries to refresh (or
// `actionRoute.singleFlight: true`); Nitro 3 gets single-flight.nitro3.ts.
import { enableSingleFlight } from '../single-flight'

export default function singleFlightPlugin() {
  enableSingleFlight()
}
