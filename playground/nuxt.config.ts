export default defineNuxtConfig({
  // the module's source, so `pnpm dev` needs no build step; an app uses '@action-route/runtime'
  modules: ['../packages/runtime/src/module'],
  devtools: { enabled: true },
  compatibilityDate: '2025-07-15',
  telemetry: false,
  actionRoute: {
    maxBodySize: 256 * 1024,
    // `pnpm soak:dev` turns the recorder off for its baseline run
    devtools: { enabled: process.env.ACTION_ROUTE_DEVTOOLS !== 'off' },
  },
})
