import type { DevtoolsModuleOptions } from './devtools/setup-devtools'
import type { OpenApiModuleOptions } from './openapi/setup-openapi'
import {
  DEFAULT_MAX_BODY_SIZE,
  DEFAULT_MAX_FORM_FIELDS,
  DEFAULT_MAX_FORM_FILES,
  DEFAULT_MAX_JSON_DEPTH,
} from './runtime/server/body/action-defaults'
import type { LogErrors } from './runtime/server/errors/nitro-error-reporter'
import type { MemoryStoreLimits } from './runtime/server/shared-store/shared-store-memory'

/** Options under `actionRoute` in nuxt.config. */
export interface ModuleOptions {
  /** Largest accepted request body in bytes, for every action that does not set its own. Default 1 MiB. */
  maxBodySize: number
  /** Most entries of a urlencoded or multipart body (files included), for every action that does not set its own. Default 1000. */
  maxFormFields: number
  /** Most files of a multipart body, for every action that does not set its own. Default 10. */
  maxFormFiles: number
  /** Deepest nesting of a JSON body (`[]` and `{}` are one level), for every action that does not set its own. Default 128. */
  maxJsonDepth: number
  /**
   * Origins whose pages may post to every action, as browsers send them (`['https://admin.example']`; `['*']` for any). Left out (`[]`),
   * a POST, PUT, PATCH or DELETE that a browser marks as from another origin answers CROSS_ORIGIN_REQUEST 403
   * before its body is read; an action adds its own with `defineAction({ trustedOrigins })`. At run time,
   * `NUXT_ACTION_ROUTE_TRUSTED_ORIGINS` (comma-separated) replaces the list.
   */
  trustedOrigins: string[]
  /**
   * What a production server logs of the actions' error answers: `'unexpected'` (default: INTERNAL_ERROR,
   * OUTPUT_VALIDATION_ERROR, what handleServerError mapped, each once with its route and stack), `'all'` (also one
   * line per other error answer) or `'off'`. Nitro's error capture and the `action-route:error` hook see unexpected
   * errors whatever this says. `NUXT_ACTION_ROUTE_LOG_ERRORS` overrides it (docs/production.md).
   */
  logErrors: LogErrors
  /** The DevTools tab, its endpoints (answering only the DevTools auth token) and the request recorder, in `nuxi dev` only: `{ enabled: true, maxRecords: 200, redactHeaders: [], redactFields: [] }`. */
  devtools?: Partial<DevtoolsModuleOptions>
  /** The OpenAPI 3.1 document of the actions in production, made at build time: `{ route: '/openapi.json', info, servers }`. Off by default; `nuxi dev` always serves it under `/__action-route/api/openapi.json` (docs/openapi.md). */
  openapi?: OpenApiModuleOptions | false
  /**
   * The middleware that runs `useActionForm` posts without JavaScript. Left out, a build adds it when the
   * app's code calls `useActionForm` (`nuxi dev` always does); `true` or `false` decides.
   */
  forms?: boolean
  /**
   * Single flight: a mutation's answer carries the fresh data of the queries its caller names (`useAction`'s
   * `refreshes` and `optimistic`). Left out, a build turns it on when the app's code uses those options (`nuxi dev`
   * always does); `true` or `false` decides. Off, the client refetches those queries itself.
   */
  singleFlight?: boolean
  /**
   * Streaming actions (an `async function*` handler). Left out, a build holds the streaming code only when a
   * file of the server folder has an `async function*` or an `eventSchema` (`nuxi dev` always has it); `true` or
   * `false` decides. Without it, a handler that streams answers INTERNAL_ERROR, and the log says to set this option.
   */
  streaming?: boolean
  /**
   * The Nitro storage base where rate limits and idempotency keys keep their state (default `'action-route'`): mount it on Redis
   * in `nitro.storage` to hold across servers (docs/production.md). `NUXT_ACTION_ROUTE_STORAGE` overrides it.
   */
  storage?: string
  /**
   * The bound of the memory store (Nitro's default driver): `{ maxEntries, maxBytes }`, default 100,000 entries and
   * 32 MiB; past either, the least recently used keys and counters go first (docs/production.md, Storage).
   * `NUXT_ACTION_ROUTE_MEMORY_STORE_MAX_BYTES` and `..._MAX_ENTRIES` override it.
   */
  memoryStore?: MemoryStoreLimits
  /**
   * Each action's request as OpenTelemetry spans (the action, then parse, validate, each middleware, handler,
   * output, respond) of the tracer provider the app's SDK registers; needs `@opentelemetry/api` in the app.
   * Default `false`: the build then holds no tracing code at all (docs/production.md, Tracing).
   */
  tracing?: boolean
}

/** What the module uses for an option the app's nuxt.config leaves out. */
export const moduleDefaults = {
  maxBodySize: DEFAULT_MAX_BODY_SIZE,
  maxFormFields: DEFAULT_MAX_FORM_FIELDS,
  maxFormFiles: DEFAULT_MAX_FORM_FILES,
  maxJsonDepth: DEFAULT_MAX_JSON_DEPTH,
  trustedOrigins: [],
  logErrors: 'unexpected',
} satisfies Partial<ModuleOptions>
