/** A route pattern and the methods its files answer, upper case, or `null` when a handler of it takes every method. */
export type GuardedPattern = readonly [pattern: string, methods: readonly string[] | null]

/** A route the guard answers for: its pattern and the methods its files answer. */
export interface RefusedRoute {
  pattern: string
  allowed: readonly string[]
}

/**
 * Puts the server's route patterns into the host's own router through `add`,
 * so the router picks for a URL the route Nitro's would: a pattern one of
 * whose handlers takes every method passes every method on (`method` and
 * `refused` unset); any other passes on each method its files answer, and
 * refuses every other method (`method` unset, `refused` set).
 * @example
 * addGuardRoutes([['/**', null], ['/api/todos', ['GET', 'HEAD', 'POST']]], (pattern, method, refused) => {
 *   router.use(pattern, refused ? refuse(refused) : passOn, method?.toLowerCase())
 * })
 */
export function addGuardRoutes(patterns: Iterable<GuardedPattern>, add: (pattern: string, method?: string, refused?: RefusedRoute) => void): void {
  for (const [pattern, methods] of patterns) {
    if (!methods) {
      add(pattern)
      continue
    }
    for (const method of methods) add(pattern, method)
    add(pattern, undefined, { pattern, allowed: methods })
  }
}
