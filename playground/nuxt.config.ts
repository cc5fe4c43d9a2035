// #region nuxt-config
import { fileURLToPath } from 'node:url'

export default defineNuxtConfig({
  // in your app: modules: ['@action-route/runtime', 'nuxt-auth-utils'],
  modules: ['../packages/runtime/src/module', 'nuxt-auth-utils', '@pinia/nuxt', '@pinia/colada-nuxt'], // the module's source: `pnpm dev` needs no build; Pinia Colada's for the /colada page
  devtools: { enabled: true },
  runtimeConfig: {
    // the SQLite file and the uploads live here; NUXT_DATA_DIR (or PLAYGROUND_DATA_DIR) moves them at run time
    dataDir: fileURLToPath(new URL('.data', import.meta.url)),
    session: {
      // nuxt-auth-utils seals the session cookie with NUXT_SESSION_PASSWORD, read when the server starts. A build
      // bakes no password; in development a fixed one stands in, so `pnpm dev` needs no .env (it is no secret)
      password: process.env.NODE_ENV === 'production' ? '' : process.env.NUXT_SESSION_PASSWORD || 'dev-only-playground-session-password-not-secret',
      maxAge: 60 * 60 * 24 * 7,
    },
  },
  compatibilityDate: '2025-07-15',
  telemetry: false,
  actionRoute: {
    maxBodySize: 256 * 1024,
    // a span per action; server/plugins/otel.ts loads an SDK only when a tracing variable is set
    tracing: true,
    // `pnpm soak:dev` turns the recorder off for its baseline run
    devtools: { enabled: process.env.ACTION_ROUTE_DEVTOOLS !== 'off' },
  },
})
// #endregion nuxt-config
