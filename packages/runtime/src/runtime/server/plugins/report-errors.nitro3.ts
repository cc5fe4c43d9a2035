// Nitro 3 plugin (Nuxt 5): sends the actions' unexpected errors to Nitro's error capture, the app's
// `action-route:error` hooks and the production log (runtime config `actionRoute.logErrors`).
// It imports from `nitro/*` only, so Nuxt 5 runs it natively, outside its Nitro v2 compatibility layer;
// `nitro/runtime-config` exists only inside a Nitro 3 build; elsewhere its types come from the d.ts beside this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, nothing to import at run time
/// <reference path="./nitro-runtime-config.d.ts" />
import { useRuntimeConfig } from 'nitro/runtime-config'
import type { NitroAppLike } from '../errors/nitro-error-reporter'
import { createNitroErrorReporter, logErrorsOf } from '../errors/nitro-error-reporter'
import { setErrorReporter } from '../errors/report-error'

export default function reportActionErrors(nitroApp: NitroAppLike) {
  const { logErrors } = (useRuntimeConfig() as { actionRoute?: { logErrors?: unknown } }).actionRoute ?? {}
  setErrorReporter(createNitroErrorReporter(nitroApp, logErrorsOf(logErrors, 'actionRoute')))
}
