import type { RegistryResponse } from '../shared/types'
import { fetchRegistry, registryFrom } from './api'
import { EARLY_REGISTRY_GLOBAL } from './early-registry-script'

let early: Promise<RegistryResponse> | undefined

/**
 * Takes the request for the routes index.html's inline script made while the page was parsed,
 * or asks now: the list is the first thing the panel shows, and its request no longer waits
 * for the panel's code to load and mount.
 * @example
 * startRegistryEarly()
 * void import('./mount-panel')
 */
export function startRegistryEarly(): void {
  const host = window as unknown as Record<string, Promise<Response> | undefined>
  const started = host[EARLY_REGISTRY_GLOBAL]
  host[EARLY_REGISTRY_GLOBAL] = undefined
  early = started ? started.then(registryFrom) : fetchRegistry()
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
