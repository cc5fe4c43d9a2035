// The virtual module the Nuxt module gives Nitro when single flight is on (src/single-flight/internal/single-flight-routes.ts): the
// route patterns of the app's GET actions and of its other GET routes, which only a Nuxt server build resolves.
declare module '#action-route/single-flight-routes' {
  const routes: readonly string[]
  export default routes
  export const others: readonly string[]
}
