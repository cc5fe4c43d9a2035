// The virtual module the Nuxt module gives Nitro (method-guards.ts): every route pattern of the server, each
// with the methods its handlers answer, or null when one of them takes every method. Only a Nuxt server build
// resolves it.
declare module '#action-route/allowed-methods' {
  const routes: ReadonlyArray<readonly [pattern: string, methods: readonly string[] | null]>
  export default routes
}
