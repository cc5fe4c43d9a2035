import { computed, shallowRef } from 'vue'
import type { RegistryResponse, RouteInfo } from '../../shared/types'
import { fetchRegistry } from '../api'
import { takeEarlyRegistry } from '../early-registry'

/**
 * The app's routes as the server last listed them; undefined until the first answer.
 * @example
 * registry.value?.recorder.maxRecords
 */
export const registry = shallowRef<RegistryResponse>()

/**
 * Every route, actions and plain ones.
 * @example
 * routes.value.filter(route => route.isAction)
 */
export const routes = computed<RouteInfo[]>(() => registry.value?.routes ?? [])

/**
 * Asks the server for the routes again (the first time, takes the answer asked for at start);
 * throws `AccessRefusedError` when it refuses this browser.
 * @example
 * await loadRegistry()
 */
export async function loadRegistry(): Promise<RegistryResponse> {
  registry.value = await (takeEarlyRegistry() ?? fetchRegistry())
  return registry.value
}

const POLL_MS = 500
// a call caught in Nitro's restart can hang: give it up and ask again
const CALL_TIMEOUT_MS = 5000

/**
 * Asks for the routes until `routeId` is among them: after a route file is
 * written Nitro restarts, and the registry lists it once the new Nitro
 * answers. False when it has not appeared within `timeoutMs`.
 * @example
 * if (await waitForRoute('PATCH /api/todos/:id')) select('PATCH /api/todos/:id')
 */
export async function waitForRoute(routeId: string, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (routes.value.some(route => route.id === routeId)) return true
    await Promise.race([loadRegistry(), new Promise(done => setTimeout(done, CALL_TIMEOUT_MS))]).catch(() => undefined)
    if (routes.value.some(route => route.id === routeId)) return true
    await new Promise(done => setTimeout(done, POLL_MS))
  }
  return false
}
