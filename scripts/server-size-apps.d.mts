/** One app of the server-size measure: what it is, the capability it adds over the core, its files. */
export interface ServerSizeApp {
  label: string
  adds: string
  files: Record<string, string>
}

/** Every app of the measure: `floor` has no module, `core` is the goal's app, the others add one capability each. */
export declare const serverSizeApps: Record<'floor' | 'core' | 'streaming' | 'rateLimit' | 'idempotent' | 'tracing' | 'singleFlight' | 'forms', ServerSizeApp>

/** The files of one app, with `moduleSpecifier` as the module's name in its nuxt.config. */
export declare function appFiles(name: keyof typeof serverSizeApps, moduleSpecifier: string): Record<string, string>
