import type { ActionMiddlewareArgs, AnsweringMiddleware, MiddlewareResult } from '../types'
import type { RateLimitKeyArgs } from '../rate-limit/rate-limit'
import type { IdempotencyErrors } from '../errors/declared-errors'
import { defineActionMiddleware } from '../lifecycle/define-action-middleware'
import { createActionError } from '../errors/action-error'
import { clientAddress, requestHeader, setResponseHeader } from '../client-address/client-address'
import type { SharedStore } from '../shared-store/shared-store'
import { setIfAbsentOrGet, useSharedStore } from '../shared-store/shared-store'
import { BUILT_FOR_DEVELOPMENT, inDevelopment, logInDevelopment } from '../internal/dev-logger'
import type { AnswerRecorder, StoredAnswer } from './idempotency-answer'
import { ANSWER_RECORDER, ReplayedAnswer, answerHeaders } from './idempotency-answer'
import { IDEMPOTENT_MIDDLEWARE } from './idempotency-dev-warning'
import { documentMiddlewareResponses } from '../middleware-responses'
import type { MiddlewareResponses } from '../middleware-responses'
import { readIdempotencyKey } from './internal/idempotency-key'
import { requestFingerprint } from './internal/idempotency-fingerprint'
import { sha256Hex } from './internal/idempotency-sha256'
import { isPromiseLike } from '../internal/is-promise-like'

/** What an idempotency scope function receives: the middleware's arguments, after validation (`input` typed as `rateLimit`'s key's). */
export type IdempotentScopeArgs<TCtx, TInput = unknown> = RateLimitKeyArgs<TCtx, TInput>

/** Options of `idempotent`. */
export interface IdempotentOptions<TCtx = Record<string, unknown>, TInput = unknown> {
  /**
   * Whose keys these are: a key is looked up only among the answers of the
   * same scope, so one caller can never be given another's answer. `'ip'`
   * (the default) the client's address, or a function of the middleware's
   * arguments (`({ ctx }) => ctx.user.id`: a middleware before it signed the
   * user in). A function that answers `undefined` scopes the request by address.
   */
  scope?: 'ip' | ((args: IdempotentScopeArgs<TCtx, TInput>) => string | number | undefined | Promise<string | number | undefined>)
  /** How many proxies in front of the server append to `X-Forwarded-For`, for the `'ip'` scope (as `rateLimit`'s). Default 0. */
  trustProxy?: number
  /** Refuse a request without an `Idempotency-Key` (IDEMPOTENCY_KEY_INVALID 400). Default false: it runs as usual. */
  required?: boolean
  /** How long an answer is kept for retries, in milliseconds. Default 24 hours. */
  ttl?: number
  /**
   * How long a request may run before its key is free again, in milliseconds:
   * the claim of a server that died mid-request ends then. Default 60 seconds.
   */
  lockTtl?: number
  /**
   * The largest envelope kept, in bytes of its JSON. A larger answer is sent
   * but not kept: a retry then answers IDEMPOTENCY_KEY_REUSED 422, and the
   * handler never runs twice. Default 64 KiB.
   */
  maxAnswerSize?: number
  /** Where keys and answers live. Default the module's store (`actionRoute.storage`), else this process's memory. */
  store?: SharedStore
}

/** A key's entry in the store: claimed while its request runs, then its answer (or only its status, when too large). */
type KeyRecord
  = | { state: 'running', fingerprint: string }
    | { state: 'done', fingerprint: string, answer: StoredAnswer }
    | { state: 'done', fingerprint: string, status: number }

const DAY = 86_400_000
// a client error that may pass: a retry should run again rather than be told the same
const TRANSIENT_STATUS = new Set([408, 425, 429])

function check(options: IdempotentOptions<never, never>): void {
  const whole = (name: keyof IdempotentOptions, min: number) => {
    const value = options[name]
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min)) {
      throw new TypeError(`idempotent: \`${name}\` must be a whole number of ${min} or more, got ${String(value)}`)
    }
  }
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw new TypeError('idempotent: options must be an object')
  whole('ttl', 1000)
  whole('lockTtl', 1000)
  whole('maxAnswerSize', 1)
  whole('trustProxy', 0)
  if (options.scope !== undefined && options.scope !== 'ip' && typeof options.scope !== 'function') {
    throw new TypeError('idempotent: `scope` must be \'ip\' or a function')
  }
}

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- the event of either h3 major */
function methodAndPath(event: any): [string, string] {
  if (typeof event?.req?.headers?.get === 'function') return [event.req.method, event.url?.pathname ?? new URL(event.req.url).pathname]
  const path = String(event.path)
  const query = path.indexOf('?')
  return [event.method, query === -1 ? path : path.slice(0, query)]
}

/** The byte length of a text, in UTF-8; counted only when it may pass `max` (each character is 1 to 3 bytes). */
function fitsIn(text: string, max: number): boolean {
  return text.length * 3 <= max || (text.length <= max && new TextEncoder().encode(text).byteLength <= max)
}

/**
 * A middleware that runs a request carrying an `Idempotency-Key` header (the
 * IETF httpapi draft) once: a retry with the same key and the same request
 * gets the stored answer again (status, envelope, `Location`...) with
 * `Idempotent-Replayed: true`; the same key with another request answers
 * IDEMPOTENCY_KEY_REUSED 422, and a retry while the first still runs
 * IDEMPOTENCY_KEY_IN_PROGRESS 409 with `Retry-After`. Answers and 4xx errors
 * are kept for `ttl`; a 5xx (or 408, 425, 429) is not, so its retry runs
 * again. Keys are kept per scope (the client's address, or the user from
 * `ctx`), in the module's shared store: memory by default, Redis to hold
 * across servers (docs/production.md). The action's error union gains the
 * three IDEMPOTENCY_KEY_* codes.
 * @example
 * // server/api/orders.post.ts: each order is placed once, however often its call is retried
 * export default defineAction({
 *   middleware: [auth, idempotent<{ user: { id: string } }>({ scope: ({ ctx }) => ctx.user.id })],
 *   handler: ({ input }) => placeOrder(input),
 * })
 */
export function idempotent<TCtx = Record<string, unknown>, TInput = unknown>(options: IdempotentOptions<TCtx, TInput> = {}):
AnsweringMiddleware<TCtx, TInput, IdempotencyErrors> {
  check(options as IdempotentOptions<never, never>)
  const { scope = 'ip', trustProxy = 0, required = false, ttl = DAY, lockTtl = 60_000, maxAnswerSize = 65_536, store } = options
  let warnedNoAddress = false

  // one async function for the request (so that whatever throws rejects its promise), none below it: each adds a
  // promise and turns of the microtask queue; a value (a scope, a digest, a fingerprint) is used as it is, a promise
  // only where it is one (an async scope, Web Crypto)
  const middleware = defineActionMiddleware<TCtx>('idempotent', async (args) => {
    const { event } = args
    const context = event.context as { [ANSWER_RECORDER]?: AnswerRecorder } | undefined
    // an idempotent() earlier in the chain (a builder's and the action's own) already holds this request
    if (context?.[ANSWER_RECORDER]) return args.next()
    const key = readIdempotencyKey(requestHeader(event, 'idempotency-key'))
    if (key === undefined) {
      if (required) throw createActionError({ code: 'IDEMPOTENCY_KEY_INVALID', message: 'This action needs an Idempotency-Key header', statusCode: 400 })
      return args.next()
    }
    if (key === null) {
      throw createActionError({ code: 'IDEMPOTENCY_KEY_INVALID', message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters', statusCode: 400 })
    }
    // the action's input schema validated it: the type the scope was written against
    const chosen = typeof scope === 'function' ? scope(args as IdempotentScopeArgs<TCtx, TInput>) : undefined
    // awaited where it is returned: one turn of the microtask queue, where a promise returned as it is takes two
    return await (isPromiseLike(chosen) ? Promise.resolve(chosen).then(value => holdKey(args, key, value)) : holdKey(args, key, chosen))
  })

  /** Claims the key of the scope `chosen` for this request and runs the rest of the chain, keeping its answer; or answers a retry. */
  function holdKey(args: ActionMiddlewareArgs<TCtx>, key: string, chosen: string | number | undefined | null): Promise<MiddlewareResult<{}>> {
    const { event } = args
    let who = chosen === undefined || chosen === null ? undefined : `key:${chosen}`
    if (who === undefined) {
      const address = clientAddress(event, trustProxy)
      if (!address && !warnedNoAddress && (BUILT_FOR_DEVELOPMENT === undefined ? inDevelopment() : BUILT_FOR_DEVELOPMENT)) {
        warnedNoAddress = true
        logInDevelopment('warn', 'idempotent: a request with no client address shares its keys with every such request. Scope keys by user (scope: ({ ctx }) => ctx.user.id): docs/production.md#idempotency')
      }
      who = `ip:${address ?? 'unknown'}`
    }
    // hashed: the store holds no address, user id or key in the clear, and a key may hold any character;
    // one digest of both, written as a JSON pair so that no other scope and key make the same text. The memory
    // store's keys never leave the process, but they are hashed too (about 0.5 µs): one key shape on every store,
    // a bounded key whatever the scope's length, and no key or user id in a heap snapshot
    const digest = sha256Hex(JSON.stringify([who, key]))
    const [method, path] = methodAndPath(event)
    const fingerprint = requestFingerprint(method, path, args.input)
    const run = (digest: string, fingerprint: string): Promise<MiddlewareResult<{}>> => {
      const storeKey = `idempotency:${digest}`
      const shared = store ?? useSharedStore()
      return claim(shared, storeKey, Object.freeze({ state: 'running', fingerprint }), lockTtl, 0).then((claimed) => {
        if (!claimed) {
          setResponseHeader(event, 'Retry-After', '1')
          throw inProgress()
        }
        const context = event.context as { [ANSWER_RECORDER]?: AnswerRecorder } | undefined
        if (context) context[ANSWER_RECORDER] = recorderFor(shared, storeKey, fingerprint, event, `${method} ${path}`)
        return args.next()
      })
    }
    return typeof digest === 'string' && typeof fingerprint === 'string'
      ? run(digest, fingerprint)
      : Promise.all([digest, fingerprint]).then(([digest, fingerprint]) => run(digest, fingerprint))
  }

  /** What keeps the answer of a claimed request: done with its answer (or only its status, when too large), or the key freed. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the event of either h3 major
  function recorderFor(shared: SharedStore, storeKey: string, fingerprint: string, event: any, request: string): AnswerRecorder {
    // the request ran: its answer still goes out, and the claim ends with lockTtl
    const couldNotKeep = (problem: unknown) => {
      console.error('[action-route]', `idempotent: the answer to ${request} could not be kept; a retry within ${lockTtl / 1000} s gets IDEMPOTENCY_KEY_IN_PROGRESS, after it runs again`, problem)
    }
    return (status, body) => {
      try {
        if (status >= 500 || TRANSIENT_STATUS.has(status)) return shared.remove(storeKey).then(undefined, couldNotKeep)
        // frozen all through: the memory store keeps it as it is, without a copy (nothing changes a record once made)
        const record: KeyRecord = Object.freeze(fitsIn(body, maxAnswerSize)
          ? { state: 'done', fingerprint, answer: Object.freeze({ status, body, headers: Object.freeze(answerHeaders(event)) }) }
          : { state: 'done', fingerprint, status })
        if (!('answer' in record)) {
          logInDevelopment('warn', () => `idempotent: the answer to ${request} is over maxAnswerSize (${maxAnswerSize} bytes) and was not kept: a retry gets IDEMPOTENCY_KEY_REUSED`)
        }
        return shared.set(storeKey, record, ttl).then(undefined, couldNotKeep)
      }
      catch (problem) {
        couldNotKeep(problem)
        return Promise.resolve()
      }
    }
  }
  return documentMiddlewareResponses(Object.assign(middleware, { [IDEMPOTENT_MIDDLEWARE]: true }), openApiOf(required))
}

/** What the OpenAPI document says of an action that runs `idempotent`: the key it reads, its three failures, the replay mark. */
function openApiOf(required: boolean): MiddlewareResponses {
  return {
    errors: {
      IDEMPOTENCY_KEY_INVALID: { statusCode: 400, message: required ? 'The Idempotency-Key header is missing, or not 1 to 255 printable ASCII characters' : 'The Idempotency-Key header is not 1 to 255 printable ASCII characters' },
      IDEMPOTENCY_KEY_IN_PROGRESS: {
        statusCode: 409,
        message: 'A request with this Idempotency-Key is still running; retry later',
        headers: { 'Retry-After': { description: 'Seconds to wait before retrying with the same key.', schema: { type: 'integer', minimum: 1 }, required: true } },
      },
      IDEMPOTENCY_KEY_REUSED: { statusCode: 422, message: 'This Idempotency-Key was used for another request (another method, path or input), or its answer was too large to keep' },
    },
    headers: {
      'Idempotent-Replayed': { description: 'Present (`true`) when this is the stored answer of an earlier request with the same Idempotency-Key: the handler did not run again. A stored 4xx failure is replayed with it too.', schema: { type: 'string', const: 'true' } },
    },
    requestHeaders: {
      'Idempotency-Key': {
        // the draft's quoted form (`"order-7"`) is the same key as the bare one, so the length is the key's, not the value's
        description: 'One key per intended effect (a UUID, say): 1 to 255 printable ASCII characters, bare or as a quoted string. A retry with the same key and request gets the first answer again instead of running twice.',
        schema: { type: 'string', minLength: 1, pattern: '^[\\x20-\\x7E]+$' },
        required,
      },
    },
  }
}

function inProgress() {
  return createActionError({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'A request with this Idempotency-Key is still running; retry later', statusCode: 409 })
}

/**
 * Claims the key for this request with its `running` record, or throws what
 * a retry gets: its stored answer (a ReplayedAnswer), IDEMPOTENCY_KEY_REUSED
 * for another request under the same key. False while the first request
 * still runs.
 */
function claim(store: SharedStore, storeKey: string, running: KeyRecord, lockTtl: number, attempt: number): Promise<boolean> {
  // one step on Redis (SET NX GET); elsewhere two, and a claim that ends between them (it expired, or its request failed) is tried again
  return setIfAbsentOrGet<KeyRecord>(store, storeKey, running, lockTtl).then((found) => {
    if (found.stored) return true
    const record = found.held
    if (record === undefined) return attempt < 2 && claim(store, storeKey, running, lockTtl, attempt + 1)
    if (record.fingerprint !== running.fingerprint) {
      throw createActionError({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was used for another request', statusCode: 422 })
    }
    if (record.state === 'running') return false
    if ('answer' in record) throw new ReplayedAnswer(record.answer)
    throw createActionError({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'The request with this Idempotency-Key already ran; its answer was too large to keep', statusCode: 422 })
  })
}
