// Nuxt declares these flags on import.meta in an app.
interface ImportMeta {
  server: boolean
  client: boolean
}
