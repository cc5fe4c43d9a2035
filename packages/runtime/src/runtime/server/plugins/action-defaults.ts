// Nitro plugin: applies the module's options (runtime config `actionRoute`) once at start-up.
// '#imports' only exists inside a Nuxt server build, so this file is type-checked there, not in this package.
import { useRuntimeConfig } from '#imports'
import type { InputLimits } from '../internal/action-defaults'
import { setActionDefaults } from '../internal/action-defaults'

type ConfiguredLimits = Partial<Record<keyof InputLimits, number | string>>

// an environment override (NUXT_ACTION_ROUTE_MAX_FORM_FIELDS...) arrives as a string
const asNumber = (value: number | string | undefined) => typeof value === 'string' ? Number(value) : value

export default function applyActionDefaults() {
  const { actionRoute } = useRuntimeConfig() as { actionRoute?: ConfiguredLimits }
  setActionDefaults({
    maxBodySize: asNumber(actionRoute?.maxBodySize),
    maxFormFields: asNumber(actionRoute?.maxFormFields),
    maxFormFiles: asNumber(actionRoute?.maxFormFiles),
    maxJsonDepth: asNumber(actionRoute?.maxJsonDepth),
  })
}
