import { addNitroPlugin, addTypeTemplate } from '../internal/nuxt-kit'
import type { NitroMajor, NitroVariants } from '../internal/nitro-major'
import { pickServerFile } from '../internal/nitro-major'

/**
 * Adds the Nitro plugin that sends the actions' unexpected errors to Nitro's
 * error capture, the `action-route:error` hook and the production log, and
 * types that hook on the app's Nitro (`nitroApp.hooks.hook('action-route:error', ...)`).
 * @example
 * setupErrorReporting(2, { nitro2: pluginFor2, nitro3: pluginFor3 }, serverEntry)
 */
export function setupErrorReporting(nitroMajor: NitroMajor, plugins: NitroVariants, serverEntry: string): void {
  addNitroPlugin(pickServerFile(nitroMajor, plugins))
  addTypeTemplate({
    filename: 'types/action-route-error-hook.d.ts',
    getContents: () => renderErrorHookTypes(nitroMajor, serverEntry),
  }, { nitro: true, nuxt: true })
}

/**
 * The declaration that adds `action-route:error` to the runtime hooks of the app's Nitro major.
 * @example
 * renderErrorHookTypes(3, '/app/node_modules/@action-route/runtime/dist/runtime/server/h3-v2')
 */
export function renderErrorHookTypes(nitroMajor: NitroMajor, serverEntry: string): string {
  const event = nitroMajor === 3 ? 'H3V2Event' : 'H3Event'
  const hook = `  interface NitroRuntimeHooks {\n    'action-route:error': (context: ActionErrorHookContext<${event}>) => void | Promise<void>\n  }\n`
  const modules = nitroMajor === 3 ? ['nitro/types'] : ['nitropack', 'nitropack/types']
  return [
    nitroMajor === 3
      ? `import type { ActionErrorHookContext, H3V2Event } from ${JSON.stringify(serverEntry)}`
      : `import type { ActionErrorHookContext } from ${JSON.stringify(serverEntry)}\nimport type { H3Event } from 'h3'`,
    '',
    ...modules.map(name => `declare module ${JSON.stringify(name)} {\n${hook}}\n`),
    'export {}',
    '',
  ].join('\n')
}
