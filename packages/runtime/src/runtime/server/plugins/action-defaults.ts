// Nitro plugin: applies the module's options (runtime config `actionRoute`) once at start-up.
// '#imports' only exists inside a Nuxt server build, so this file is type-checked there, not in this package.
import { useRuntimeConfig } from '#imports'
import { setActionDefaults } from '../internal/action-defaults'

export default function applyActionDefaults() {
  const { actionRoute } = useRuntimeConfig() as { actionRoute?: { maxBodySize?: number | string } }
  const maxBodySize = actionRoute?.maxBodySize
  // an environment override arrives as a string
  setActionDefaults({ maxBodySize: typeof maxBodySize === 'string' ? Number(maxBodySize) : maxBodySize })
}
