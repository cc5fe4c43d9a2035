// Nitro plugin (Nitro 2 and 3: it imports nothing of either): turns single flight on at start-up. The module
// adds it only when the app's code names queries to refresh (or `actionRoute.singleFlight: true`).
import { enableSingleFlight } from '../single-flight'

export default function singleFlightPlugin() {
  enableSingleFlight()
}
