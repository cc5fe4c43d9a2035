import { relative } from 'pathe'
import { listedHandlers } from '../../routes/listed-handlers'
import type { ScannedHandler } from '../../routes/listed-handlers'

/** Options the Nitro side reads from the virtual module. */
export interface DevtoolsServerOptions {
  /** Prefix of the dev-only endpoints. */
  base: string
  /** The app's root, where the "New action" form writes (server/api below it). */
  rootDir: string
  /** Nuxt's `app.baseURL` (`/` or `/base/`): the recorder strips it before matching a route. */
  appBase: string
  /** Nitro's `apiBaseURL` (default `/api`): a request under it that finds no route is recorded as unmatched. */
  apiBase: string
  /** Where the recorder keeps its (redacted, bounded) records across Nitro restarts: `<buildDir>/action-route/records.json`. */
  recordsFile: string
  maxRecords: number
  redactHeaders: string[]
  redactFields: string[]
  /** Nuxt DevTools' dev auth token file; the endpoints compare against it. */
  tokenFile: string
  /** Nuxt DevTools 4's store of authorised browsers (`~/.vite/devtools/auth.json`), when the app runs DevTools 4. */
  trustedTokensFile?: string
  /** False only when DevTools' `disableAuthorization` is set. */
  requireToken: boolean
}

/** The id of the virtual module the registry and recorder import. */
export const ROUTES_MODULE_ID = '#action-route/devtools-routes'

/**
 * Renders the virtual module: one lazily imported entry per route file, read
 * from `nitro.scannedHandlers` each time Nitro (re)builds, so added, edited
 * and removed files show up in `nuxi dev` without a restart.
 */
export function renderRoutesModule(handlers: readonly ScannedHandler[], options: DevtoolsServerOptions): string {
  const entries = listedHandlers(handlers).map(entry => [
    '  {',
    `route: ${JSON.stringify(entry.route)},`,
    `method: ${JSON.stringify(entry.method ?? '')},`,
    `file: ${JSON.stringify(entry.handler)},`,
    `relativeFile: ${JSON.stringify(relative(options.rootDir, entry.handler))},`,
    `load: () => import(${JSON.stringify(entry.handler)}),`,
    '},',
  ].join(' '))
  return [
    `export const options = ${JSON.stringify(options)}`,
    'export const routes = [',
    ...entries,
    ']',
    '',
  ].join('\n')
}
