// What a Nitro build writes into the server code in place of these reads (lifecycle-trace.ts): Nitro
// replaces `import.meta.dev`, and the Nuxt module adds `import.meta.actionRouteTracing` (its `tracing`
// option). A plain Node run replaces neither, and reads `undefined`.
interface ImportMeta {
  dev: boolean
  actionRouteTracing?: boolean
}
