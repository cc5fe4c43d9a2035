// What a Nitro build writes into the server code in place of this read (lifecycle-trace.ts, dev-logger.ts):
// Nitro replaces `import.meta.dev`; a plain Node run does not, and reads `undefined`. An app's typecheck gets
// it from Nuxt's own types. (`import.meta.actionRouteTracing` is declared in lifecycle-trace.ts.)
interface ImportMeta {
  dev: boolean
}
