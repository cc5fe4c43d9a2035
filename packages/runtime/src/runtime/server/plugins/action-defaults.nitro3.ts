// Nitro 3 plugin (Nuxt 5): applies the module's options (runtime config `actionRoute`) once at start-up.
// It imports from `nitro/*` only, so Nuxt 5 runs it natively, outside its Nitro v2 compatibility layer;
// `nitro/runtime-config` exists only inside a Nitro 3 build; elsewhere its types come from the d.ts beside this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, nothing to import at run time
/// <reference path="./nitro-runtime-config.d.ts" />
import { useRuntimeConfig } from 'nitro/runtime-config'
import type { ConfiguredLimits } from '../body/configured-limits'
import { applyConfiguredLimits } from '../body/configured-limits'

export default function applyActionDefaults() {
  applyConfiguredLimits((useRuntimeConfig() as { actionRoute?: ConfiguredLimits }).actionRoute)
}
