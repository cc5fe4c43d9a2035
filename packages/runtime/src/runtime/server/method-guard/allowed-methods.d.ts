// The virtual module the Nuxt module gives Nitro (method-guards.ts). Only a Nuxt server build resolves it.
declare module '#action-route/allowed-methods' {
  /**
   * Nitro 2: every route pattern of the server, each with the methods its handlers answer, or null when one of
   * them takes every method.
   */
  const routes: ReadonlyArray<readonly [pattern: string, methods: readonly string[] | null]>
  export default routes
  /**
   * Nitro 3: the route Nitro's router picks for a method and a path (with the base URL), compiled by it at build
   * time from the same patterns: `data` is the route to refuse the method for, or null when the route answers it.
   */
  export function findRoute(method: string, path: string): { data: { pattern: string, allowed: readonly string[] } | null } | undefined
}
