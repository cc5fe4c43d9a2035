// Nitro 2 plugin (Nuxt 3 and 4): sends the actions' unexpected errors to Nitro's error capture, the app's
// `action-route:error` hooks and the production log (runtime config `actionRoute.logErrors`).
// '#imports' only exists inside a Nuxt server build, so this file is type-checked there, not in this package.
// Nitro 3 (Nuxt 5) runs report-errors.nitro3.ts instead.
import { useRuntimeConfig } from '#imports'
import type { NitroAppLike } from '../errors/nitro-error-reporter'
import { createNitroErrorReporter, logErrorsOf } from '../errors/nitro-error-reporter'
import { setErrorReporter } from '../errors/report-error'

export default function reportActionErrors(nitroApp: NitroAppLike) {
  const { logErrors } = (useRuntimeConfig() as { actionRoute?: { logErrors?: unknown } }).actionRoute ?? {}
  setErrorReporter(createNitroErrorReporter(nitroApp, logErrorsOf(logErrors, 'actionRoute')))
}
