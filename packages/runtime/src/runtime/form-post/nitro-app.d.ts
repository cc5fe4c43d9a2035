// What the Nitro 3 form handler uses of `nitro/app`, which only a Nitro 3 build (Nuxt 5) resolves:
// so the handler type-checks in a Nuxt 3 or 4 app too.
declare module 'nitro/app' {
  /** Handles a request inside the app, without the network: `context` becomes the request's `event.context`. */
  export function serverFetch(resource: string, init?: RequestInit, context?: Record<string, unknown>): Promise<Response>
}
