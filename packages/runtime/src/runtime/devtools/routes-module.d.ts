// The virtual module rendered by src/devtools/internal/render-routes-module.ts; it exists only in a dev Nitro build.
declare module '#action-route/devtools-routes' {
  /** Options of the dev-only tooling. */
  export const options: { base: string, rootDir: string, appBase: string, apiBase: string, recordsFile: string, maxRecords: number, redactHeaders: string[], redactFields: string[], tokenFile: string, trustedTokensFile?: string, requireToken: boolean }
  /** One entry per scanned route file. */
  export const routes: {
    route: string
    method: string
    file: string
    relativeFile: string
    load: () => Promise<{ default?: unknown }>
  }[]
}
