import type { InputLimits } from './action-defaults'
import { setActionDefaults } from './action-defaults'
import { setModuleTrustedOrigins } from '../cross-origin/trusted-origins'

/**
 * The module's limits and trusted origins as runtime config holds them: an environment override arrives
 * as a string (a JSON array of origins as an array).
 */
export type ConfiguredLimits = Partial<Record<keyof InputLimits, number | string>> & { trustedOrigins?: unknown }

/** A number written as text becomes the number; any other text stays, so the check quotes what was given. */
function asNumber(value: number | string | undefined): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value
  const number = Number(value)
  return Number.isNaN(number) ? value : number
}

/**
 * JSON text as Nitro 2 reads an environment override (destr): `'["https://a.test"]'` becomes the array, `'42'` the
 * number; Nitro 3 leaves the text as it is. Text that is no JSON (a comma-separated list) stays.
 */
function asJsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  }
  catch {
    return value
  }
}

/**
 * Makes the limits under runtime config `actionRoute` the defaults of every action, and its
 * `trustedOrigins` trusted by every action; shared by the Nitro 2 and Nitro 3 plugins, which
 * differ only in where they read runtime config from. A bad value throws, stopping the server.
 * @example
 * applyConfiguredLimits(useRuntimeConfig().actionRoute)
 */
export function applyConfiguredLimits(actionRoute: ConfiguredLimits | undefined): void {
  const limits = {
    maxBodySize: asNumber(actionRoute?.maxBodySize),
    maxFormFields: asNumber(actionRoute?.maxFormFields),
    maxFormFiles: asNumber(actionRoute?.maxFormFiles),
    maxJsonDepth: asNumber(actionRoute?.maxJsonDepth),
  }
  // setActionDefaults checks every value (and quotes text that is no number) before it sets any
  setActionDefaults(limits as Partial<InputLimits>)
  // the same environment text reads the same on Nitro 2 and 3: a JSON array is the list, a number is quoted as one
  setModuleTrustedOrigins(asJsonValue(actionRoute?.trustedOrigins))
}
