import type { InputLimits } from './action-defaults'
import { setActionDefaults } from './action-defaults'

/** The module's limits as runtime config holds them: an environment override arrives as a string. */
export type ConfiguredLimits = Partial<Record<keyof InputLimits, number | string>>

const asNumber = (value: number | string | undefined) => typeof value === 'string' ? Number(value) : value

/**
 * Makes the limits under runtime config `actionRoute` the defaults of every action; shared by
 * the Nitro 2 and Nitro 3 plugins, which differ only in where they read runtime config from.
 * @example
 * applyConfiguredLimits(useRuntimeConfig().actionRoute)
 */
export function applyConfiguredLimits(actionRoute: ConfiguredLimits | undefined): void {
  setActionDefaults({
    maxBodySize: asNumber(actionRoute?.maxBodySize),
    maxFormFields: asNumber(actionRoute?.maxFormFields),
    maxFormFiles: asNumber(actionRoute?.maxFormFiles),
    maxJsonDepth: asNumber(actionRoute?.maxJsonDepth),
  })
}
