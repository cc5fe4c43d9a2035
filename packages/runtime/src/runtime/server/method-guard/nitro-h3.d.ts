// What the Nitro 3 guard uses of `nitro/h3` (h3 v2, as Nitro bundles it), which only a Nitro 3 build (Nuxt 5)
// resolves: so the guard type-checks in a Nuxt 3 or 4 app too.
declare module 'nitro/h3' {
  /** An h3 v2 app: a router on rou3, the router Nitro 3 builds its own from. */
  export class H3 {
    /** Adds a route for one method, or for every method when `method` is `''`. */
    on(method: string, route: string, handler: (event: never) => unknown): this
    /** Runs the handler of the route the URL and method match, naming it on `event.context`; a symbol when none does. */
    handler(event: unknown): unknown
  }
}
