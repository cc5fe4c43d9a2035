import { addServerImports, addServerPlugin, addServerTemplate, createResolver, defineNuxtModule } from '@nuxt/kit'
import { assertBodySize } from './runtime/server/internal/action-defaults'

/** Options under `actionRoute` in nuxt.config. */
export interface ModuleOptions {
  /** Largest accepted request body in bytes, for every action that does not set its own. Default 1 MiB. */
  maxBodySize: number
}

/** The server API the module auto-imports: an explicit list, so no internal helper leaks. */
export const serverAutoImports = [
  'defineAction',
  'defineActionMiddleware',
  'createActionClient',
  'createActionError',
  'isActionError',
] as const

export default defineNuxtModule<ModuleOptions>({
  meta: {
    name: '@action-route/runtime',
    configKey: 'actionRoute',
    compatibility: { nuxt: '>=3.14.0' },
  },
  defaults: {
    maxBodySize: 1024 * 1024,
  },
  setup(options, nuxt) {
    assertBodySize(options.maxBodySize, 'actionRoute')
    const resolver = createResolver(import.meta.url)
    const serverEntry = resolver.resolve('./runtime/server/index')

    addServerImports(serverAutoImports.map(name => ({ name, from: serverEntry })))

    // module-wide defaults reach the runtime through a Nitro plugin written at build time
    const defaultsModule = resolver.resolve('./runtime/server/internal/action-defaults')
    addServerTemplate({
      filename: '#action-route/defaults-plugin.mjs',
      getContents: () => [
        `import { setActionDefaults } from ${JSON.stringify(defaultsModule)}`,
        `export default function actionRouteDefaults() { setActionDefaults(${JSON.stringify({ maxBodySize: options.maxBodySize })}) }`,
      ].join('\n'),
    })
    addServerPlugin('#action-route/defaults-plugin.mjs')
  },
})
