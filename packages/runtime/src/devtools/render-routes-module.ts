import { relative } from 'pathe'

/** The part of a Nitro scanned handler entry this file reads. */
export interface ScannedHandler {
  route?: string
  method?: string
  handler?: string
  middleware?: boolean
  [key: string]: unknown
}

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

/** The route files worth listing: no middleware, and no HEAD twin of a GET file. */
export function listedHandlers(handlers: readonly ScannedHandler[]): (ScannedHandler & { route: string, handler: string })[] {
  const getFiles = new Set(handlers.filter(entry => entry.method === 'get').map(entry => `${entry.route} ${entry.handler}`))
  return handlers.filter((entry): entry is ScannedHandler & { route: string, handler: string } =>
    !entry.middleware && typeof entry.route === 'string' && typeof entry.handler === 'string'
    && !(entry.method === 'head' && getFiles.has(`${entry.route} ${entry.handler}`)))
}

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
