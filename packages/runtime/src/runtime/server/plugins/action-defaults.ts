// Nitro 2 plugin (Nuxt 3 and 4): applies the module's options (runtime config `actionRoute`) once at start-up.
// '#imports' only exists inside a Nuxt server build, so this file is type-checked there, not in this package.
// Nitro 3 (Nuxt 5) runs action-defaults.nitro3.ts instead.
import { useRuntimeConfig } from '#imports'
import type { ConfiguredLimits } from '../body/configured-limits'
import { applyConfiguredLimits } from '../body/configured-limits'

export default function applyActionDefaults() {
  applyConfiguredLimits((useRuntimeConfig() as { actionRoute?: ConfiguredLimits }).actionRoute)
}
