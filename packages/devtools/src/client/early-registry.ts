import type { RegistryResponse } from '../shared/types'
import { fetchRegistry } from './api'

let early: Promise<RegistryResponse> | undefined

/**
 * Asks for the routes at once, while the rest of the panel's code loads: the list is the
 * first thing the panel shows, and its request no longer waits for the app to mount.
 * @example
 * startRegistryEarly()
 * void import('./mount-panel')
 */
export function startRegistryEarly(): void {
  early = fetchRegistry()
  // a refusal is handled by whoever takes the answer (the authorise prompt), never reported as unhandled
  early.catch(() => undefined)
}

/**
 * The answer `startRegistryEarly` asked for, once; undefined after that, or when nothing was asked.
 * @example
 * registry.value = await (takeEarlyRegistry() ?? fetchRegistry())
 */
export function takeEarlyRegistry(): Promise<RegistryResponse> | undefined {
  const answer = early
  early = undefined
  return answer
}
