import type { ActionMetadata, AnsweringMiddleware } from '../types'
import type { RateLimitErrors } from '../errors/declared-errors'
import { defineActionMiddleware } from '../lifecycle/define-action-middleware'
import { createActionError } from '../errors/action-error'
import { appendResponseHeader, clientAddress, setResponseHeader } from '../client-address/client-address'
import type { SharedStore } from '../shared-store/shared-store'
import { useSharedStore } from '../shared-store/shared-store'
import { BUILT_FOR_DEVELOPMENT, inDevelopment, logInDevelopment } from '../internal/dev-logger'
import { documentMiddlewareResponses } from '../middleware-responses'

/**
 * What a rate limit's `key` function receives: the middleware's arguments, after validation. `input` is
 * the action's validated input, typed by its schema when the limit is written in its `middleware`.
 */
export interface RateLimitKeyArgs<TCtx, TInput = unknown> {
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any -- the event of either h3 major */
  event: any
  ctx: TCtx
  input: TInput
  params: unknown
  metadata: ActionMetadata
}

/** Options of `rateLimit`. */
export interface RateLimitOptions<TCtx = Record<string, unknown>, TInput = unknown> {
  /** Requests admitted per window and key; the next ones answer RATE_LIMITED 429. */
  limit: number
  /** The window in milliseconds, whole seconds (`60_000`). It starts at a key's first request (a fixed window). */
  window: number
  /**
   * Whom the limit counts: `'ip'` (the default) the client's address, or a function of the
   * middleware's arguments (`({ ctx }) => ctx.user.id`). A function that answers `undefined`
   * counts the request by address.
   */
  key?: 'ip' | ((args: RateLimitKeyArgs<TCtx, TInput>) => string | number | undefined | Promise<string | number | undefined>)
  /**
   * How many proxies in front of the server append to `X-Forwarded-For`. 0 (the default)
   * counts by the connection's own address; 1, behind one proxy, by the address that proxy saw.
   */
  trustProxy?: number
  /**
   * The policy's name in `RateLimit` and `RateLimit-Policy`, and its counters' namespace:
   * limits of the same name and key share a counter. Default `'default'`.
   */
  name?: string
  /** The client's message. Default 'Too many requests, try again later'. */
  message?: string
  /** Where counters live. Default the module's store (`actionRoute.storage`), else this process's memory. */
  store?: SharedStore
}

const NAME = /^[a-z0-9][\w.-]*$/i

function check(options: RateLimitOptions<never, never>): void {
  if (!Number.isInteger(options?.limit) || options.limit < 1) {
    throw new TypeError(`rateLimit: \`limit\` must be a whole number of 1 or more, got ${String(options?.limit)}`)
  }
  if (!Number.isInteger(options.window) || options.window < 1000 || options.window % 1000 !== 0) {
    throw new TypeError(`rateLimit: \`window\` must be whole seconds in milliseconds (60_000), got ${String(options.window)}`)
  }
  if (options.trustProxy !== undefined && !(Number.isInteger(options.trustProxy) && options.trustProxy >= 0)) {
    throw new TypeError(`rateLimit: \`trustProxy\` must be a whole number of proxies, got ${String(options.trustProxy)}`)
  }
  if (options.name !== undefined && !NAME.test(options.name)) {
    throw new TypeError(`rateLimit: \`name\` must be letters, digits, '_', '.' or '-', got ${JSON.stringify(options.name)}`)
  }
  if (options.key !== undefined && options.key !== 'ip' && typeof options.key !== 'function') {
    throw new TypeError('rateLimit: `key` must be \'ip\' or a function')
  }
}

/**
 * A middleware that admits `limit` requests per `window` for each key (the
 * client's address by default) and answers the next ones RATE_LIMITED 429 with
 * `Retry-After`. Every answer carries the IETF `RateLimit-Policy` and
 * `RateLimit` fields. Counters live in the module's shared store: memory by
 * default, Redis to hold across servers (docs/production.md). In an action's
 * `middleware`, `key` gets its typed `input`; the action's error union gains
 * RATE_LIMITED.
 * @example
 * // server/api/login.post.ts: 5 attempts a minute per account name, behind one proxy
 * export default defineAction({
 *   input: z.object({ name: z.string() }),
 *   middleware: [rateLimit({ limit: 5, window: 60_000, trustProxy: 1, key: ({ input }) => input.name })],
 *   handler: () => ({ ok: true }),
 * })
 */
export function rateLimit<TCtx = Record<string, unknown>, TInput = unknown>(options: RateLimitOptions<TCtx, TInput>):
AnsweringMiddleware<TCtx, TInput, RateLimitErrors> {
  check(options as RateLimitOptions<never, never>)
  const { limit, window, key = 'ip', trustProxy = 0, store } = options
  const name = options.name ?? 'default'
  const message = options.message ?? 'Too many requests, try again later'
  const policy = `"${name}";q=${limit};w=${window / 1000}`
  let warnedNoAddress = false

  const middleware = defineActionMiddleware<TCtx>(`rateLimit(${name})`, async (args) => {
    const { event } = args
    // the action's input schema validated it: the type the key was written against
    const chosen = typeof key === 'function' ? await key(args as RateLimitKeyArgs<TCtx, TInput>) : undefined
    let who = chosen === undefined || chosen === null ? undefined : `key:${chosen}`
    if (who === undefined) {
      const address = clientAddress(event, trustProxy)
      // no address (a platform that gives none, an SSR call made outside Nuxt's context): one shared counter, never none
      if (!address && !warnedNoAddress && (BUILT_FOR_DEVELOPMENT === undefined ? inDevelopment() : BUILT_FOR_DEVELOPMENT)) {
        warnedNoAddress = true
        logInDevelopment('warn', () => `rateLimit(${name}): a request with no client address (a platform that gives none, or an action called during SSR after an await, outside Nuxt's context) is counted under one key that all such requests share. Key by user, or behind a proxy set trustProxy: docs/production.md`)
      }
      who = `ip:${address ?? 'unknown'}`
    }
    const { count, resetInMs } = await (store ?? useSharedStore()).increment(`rate-limit:${name}:${encodeURIComponent(who)}`, window)
    const reset = Math.max(0, Math.ceil(resetInMs / 1000))
    appendResponseHeader(event, 'RateLimit-Policy', policy)
    appendResponseHeader(event, 'RateLimit', `"${name}";r=${Math.max(0, limit - count)};t=${reset}`)
    if (count > limit) {
      setResponseHeader(event, 'Retry-After', String(Math.max(1, reset)))
      throw createActionError({ code: 'RATE_LIMITED', message, statusCode: 429 })
    }
    return args.next()
  })
  return documentMiddlewareResponses(middleware, openApiOf(policy, message))
}

/** What the OpenAPI document says of an action that runs a limit: its 429, and the fields every answer carries. */
function openApiOf(policy: string, message: string) {
  const fields = {
    'RateLimit-Policy': { description: `A limit the action counts against (IETF RateLimit-Policy: q requests per w seconds): \`${policy}\`.`, schema: { type: 'string' }, required: true },
    'RateLimit': { description: 'What is left of each limit (IETF RateLimit): r requests, t seconds until the window ends.', schema: { type: 'string' }, required: true },
  }
  return {
    errors: { RATE_LIMITED: { statusCode: 429, message, headers: { 'Retry-After': { description: 'Seconds until the window ends and the limit admits requests again.', schema: { type: 'integer', minimum: 1 }, required: true }, ...fields } } },
    headers: fields,
  }
}
