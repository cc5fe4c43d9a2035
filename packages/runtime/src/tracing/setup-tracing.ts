import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Nuxt } from '@nuxt/schema'
import { addNitroPlugin } from '../internal/nuxt-kit'

/**
 * The module's `tracing` option at build time: Nitro writes it into the server code in place of
 * `import.meta.actionRouteTracing`, so a build without it folds every trace call of the lifecycle away
 * (runtime/server/tracing/lifecycle-trace.ts). With it, checks that the app has `@opentelemetry/api` and adds the
 * Nitro plugin that makes each action's request OpenTelemetry spans.
 * @example
 * setupTracing(nuxt, options.tracing === true, resolver.resolve('./runtime/server/plugins/tracing'))
 */
export function setupTracing(nuxt: Nuxt, tracing: boolean, plugin: string): void {
  // typed by Nuxt's Nitro package, not by @nuxt/schema
  const options = nuxt.options as { nitro?: { replace?: Record<string, string> } }
  const nitro = options.nitro ||= {}
  nitro.replace = { ...nitro.replace, 'import.meta.actionRouteTracing': String(tracing) }
  if (!tracing) return
  if (!resolvesFrom(nuxt.options.rootDir, '@opentelemetry/api')) {
    throw new Error('[action-route] actionRoute.tracing needs @opentelemetry/api in the app: install it (and an OpenTelemetry SDK that registers a tracer provider), or turn tracing off (docs/production.md, Tracing)')
  }
  addNitroPlugin(plugin)
}

function resolvesFrom(dir: string, name: string): boolean {
  try {
    createRequire(join(dir, 'package.json')).resolve(name)
    return true
  }
  catch {
    return false
  }
}
