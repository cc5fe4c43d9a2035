/**
 * What the host-neutral lifecycle needs from an h3 event, and how it answers.
 * Each h3 major supplies one (adapters/h3-v1.ts, adapters/h3-v2.ts) through
 * its public API; the lifecycle itself imports no h3 and nothing of Node.
 * Made once per entry, never per request.
 * @example
 * const host: ActionHost<MyEvent> = { method: event => event.req.method, ... }
 * const handle = createActionHandler(options, host)
 */
export interface ActionHost<TEvent> {
  /** The request method, upper case. */
  method: (event: TEvent) => string
  /** The request's path without its query, to name the route in development logs. */
  path: (event: TEvent) => string
  /** The pattern of the route the host matched (`/api/todos/:id`), or the path when it matched none: names the action in error reports. */
  route: (event: TEvent) => string
  /**
   * The query as a plain object, read as that h3 major's own `getQuery` reads
   * it (repeated keys as arrays), with `__proto__`, `constructor` and
   * `prototype` dropped; an escaped `?` or `#` in the path stays in the path.
   */
  query: (event: TEvent) => Record<string, unknown>
  /**
   * How the server itself was reached, `'http:'` or `'https:'` (the connection, not a proxy's header), for the
   * cross-origin guard; `undefined` (or left out) where the host cannot tell.
   */
  scheme?: (event: TEvent) => string | undefined
  /** One request header, by its lower-case name. */
  header: (event: TEvent, name: string) => string | undefined
  /** The route params, URI-decoded; a fresh object the lifecycle may keep. */
  params: (event: TEvent) => Record<string, string>
  /**
   * The body's bytes, `undefined` when there is none. `declared` says whether a
   * Content-Length was sent (already checked against the limit); a body without
   * one is read to its end but no byte past `maxBodySize` is kept. When
   * `textWillDo` (a JSON body) and declared, the host may give the body as text
   * (UTF-8, decoded as `Request.text()` decodes) where that is cheaper.
   */
  readBody: (event: TEvent, maxBodySize: number, declared: boolean, textWillDo: boolean) => Promise<Uint8Array | string | undefined>
  /** The status the handler set, 200 when it set none. */
  status: (event: TEvent) => number
  /** The event's `context`, where the dev recorder marks a request to trace. */
  context: (event: TEvent) => object | undefined
  /** Sets a response header (the dev-only `Server-Timing`). */
  setHeader: (event: TEvent, name: string, value: string) => void
  /**
   * Answers with `status` and `body`, as `application/json` unless the handler (or a middleware before it) set a
   * content type of its own; returns what the host's handler returns.
   */
  send: (event: TEvent, status: number, body: string) => unknown
  /**
   * The platform's `waitUntil` where a request's work ends with its answer (Cloudflare Workers, edge functions): it
   * keeps the request alive until the promise settles. `undefined` (or left out) on a server that outlives its requests.
   */
  platformWaitUntil?: (event: TEvent) => ((promise: Promise<unknown>) => void) | undefined
  /** Calls `listener` once if the client goes away before the answer is complete (the handler's `signal`). */
  onClose: (event: TEvent, listener: () => void) => void
  /**
   * The status and message of an error the host's own helpers make
   * (`createError`, `HTTPError`), or `undefined` for any other value.
   */
  hostError: (thrown: unknown) => { statusCode: unknown, message: string } | undefined
}
