// The shapes exchanged between the Nitro-side endpoints (in @action-route/runtime) and the panel.

/** Where the dev-only endpoints live; the panel and the server agree on it. */
export const DEVTOOLS_BASE = '/__action-route'

/** The request header that carries Nuxt DevTools' dev auth token (DevTools 3's, DevTools 4's, or both comma-separated) to every endpoint; the server refuses a call without one it knows. */
export const DEVTOOLS_TOKEN_HEADER = 'x-action-route-token'

/** A JSON Schema (draft 2020-12) as a plain object. */
export type JsonSchema = Record<string, unknown>

/** One schema of an action: its library and, where the library can say, its JSON Schema. */
export interface SchemaInfo {
  /** `~standard.vendor`: 'zod', 'arktype', 'valibot'... */
  vendor: string
  /** The JSON Schema of what the schema accepts (input) or produces (output); null when unavailable. */
  jsonSchema: JsonSchema | null
  /** Why `jsonSchema` is null, in words a developer can act on. */
  note?: string
}

/** One route of the app as the registry lists it. */
export interface RouteInfo {
  /** Stable key: `METHOD route`. */
  id: string
  /** Upper-case HTTP method, or 'ANY' for a route file without a method suffix. */
  method: string
  /** Nitro's route pattern, e.g. `/api/todos/:id`. */
  route: string
  /** Absolute path of the route file. */
  file: string
  /** The file relative to the app root, for display. */
  relativeFile: string
  /** True when the route's default export came from `defineAction`. */
  isAction: boolean
  /** Names of the dynamic segments, in order. */
  paramNames: string[]
  /** Present for actions only. */
  action?: ActionInfo
  /** Set when the route file could not be loaded. */
  loadError?: string
}

/** What `defineAction` recorded in `'~action'`, made serialisable. */
export interface ActionInfo {
  metadata: Record<string, unknown>
  middleware: string[]
  input?: SchemaInfo
  params?: SchemaInfo
  output?: SchemaInfo
  /** True for a streaming action (its handler is an async generator, or it declares `eventSchema`): it answers `text/event-stream`. */
  stream?: boolean
  /** The `eventSchema` of a streaming action: what each event carries. */
  event?: SchemaInfo
  maxBodySize?: number
  /** The errors the action declares (`defineAction({ errors })`), by code; absent when it declares none. */
  errors?: Record<string, { statusCode: number, message?: string }>
}

/** Answer of GET /__action-route/api/routes. */
export interface RegistryResponse {
  rootDir: string
  routes: RouteInfo[]
  recorder: { maxRecords: number, redactedHeaders: string[], redactedFields: string[] }
}

/** One recorded request to an action. */
export interface RequestRecord {
  id: number
  /** Epoch milliseconds when the request arrived. */
  time: number
  method: string
  /** The path with its query string, as requested. */
  url: string
  path: string
  /** The matched route pattern and registry id. */
  route: string
  routeId: string
  params: Record<string, string>
  query: Record<string, unknown>
  /** Request headers, sensitive ones replaced by '[redacted]'. Sensitive body and query fields are '[redacted]' too. */
  headers: Record<string, string>
  /** The input as received: the query for GET/HEAD, the parsed body otherwise. */
  input: unknown
  /** Set when the body was not captured (too large, streamed, not JSON). */
  inputNote?: string
  status: number
  /** The envelope the action answered with, or null when the body was not JSON; for a stream, its `end` event's envelope (null while it runs). */
  envelope: unknown
  durationMs: number
  /** The lifecycle's steps as timed (present for requests that reached an action). */
  timings?: LifecycleTiming[]
  /** True for a request under the app's API prefix that found no route (a route that does not exist yet); its `route` and `routeId` are then empty. */
  unmatched?: boolean
  /** The parts cut to the recorder's depth and size limits; the cut places say `[truncated…]`. Absent when nothing was cut. */
  truncated?: RecordedPart[]
  /** Present for an answer streamed as `text/event-stream`: its events, sent while the record is shown. */
  stream?: RecordedStream
}

/** The events of a streamed answer, as far as the recorder keeps them. */
export interface RecordedStream {
  /** The first events, in order; each bounded and redacted like a body. Later ones are counted, not kept. */
  events: RecordedStreamEvent[]
  /** Events sent in all, those not kept included. */
  count: number
  /** False while the stream runs; true once it ended (its `end` event sent, or the client gone). */
  ended: boolean
}

/** One event of a streamed answer. */
export interface RecordedStreamEvent {
  /** Milliseconds from the moment the action started to the event's write. */
  at: number
  /** The event's data, parsed from its JSON, redacted and bounded like a body. */
  data: unknown
  /** True when the data was cut to the recorder's limits. */
  truncated?: true
}

/** The parts of a record that hold client or action data, bounded and redacted before they are stored. */
export type RecordedPart = 'params' | 'query' | 'input' | 'envelope'

/**
 * A message on the SSE stream at /__action-route/api/stream. A streamed answer's record comes as a `record`
 * when the stream starts and again when it ends, and each event it keeps in between as a `stream-event`.
 */
export type StreamMessage
  = | { type: 'record', record: RequestRecord }
    | { type: 'stream-event', id: number, event: RecordedStreamEvent, count: number }
    | { type: 'clear' }
    | { type: 'routes-changed' }

/** A step of the request lifecycle as a record times it. */
export type LifecycleStep = 'parse' | 'validate' | 'middleware' | 'handler' | 'output' | 'respond'

/** One timed step of a recorded request, in milliseconds from the moment the action started. */
export interface LifecycleTiming {
  step: LifecycleStep
  /** The middleware's name (its function name, or `middleware #n`), for a middleware step. */
  name?: string
  start: number
  duration: number
  /** For a middleware step: the `ctx` keys it added, names only (values are never recorded). */
  ctxKeys?: string[]
}

/** Body of `POST /__action-route/api/open-in-editor`: a file under the app's root, and where to put the cursor. */
export interface OpenInEditorRequest {
  /** Absolute, or relative to the app's root. */
  file: string
  line?: number
  column?: number
}

/** Body of `POST /__action-route/api/actions`: the action to write, as `create-action` would. */
export interface CreateActionRequest {
  /** The route under server/api without method suffix: `todos/[id]`. */
  route: string
  /** Lower-case method: get, post, put, patch, delete or head. */
  method: string
  /** Schema library; the one the app depends on when left out. */
  schema?: string
  /** Shared middleware names, scaffolded in server/utils when missing. */
  middleware?: string[]
  /** A JSON example of the input; its schema is inferred from it. */
  example?: unknown
  /**
   * A streaming action, as `create-action --stream` writes it: an `async *handler` whose yields are
   * server-sent events, with an `eventSchema` stub. Not for HEAD (400), which answers no body.
   */
  stream?: boolean
  /** Overwrite an existing route file. Without it an existing file answers 409 and nothing is written. */
  overwrite?: boolean
  /** Only render: answer the files that would be written, write nothing. */
  dryRun?: boolean
}

/** A file `POST /__action-route/api/actions` wrote, or would write with `dryRun`. */
export interface CreatedFile {
  /** Absolute path, for "open in editor". */
  file: string
  /** Relative to the app root, for display. */
  path: string
  contents: string
  /** True when a file was there before (overwritten, or would be). */
  existed: boolean
}

/** Answer of `POST /__action-route/api/actions` (201 when written, 200 for a dry run). */
export interface CreateActionResponse {
  files: CreatedFile[]
  /** The registry id the new route will have: `PATCH /api/todos/:id`. */
  routeId: string
  dryRun: boolean
}

/** Answer of `GET /__action-route/api/scaffold`: what the "New action" form offers. */
export interface ScaffoldOptions {
  /** Every schema library the templates know. */
  schemaLibraries: string[]
  /** The libraries the app depends on, the first being the default (an installed one when there is one). */
  detected: string[]
  /** The libraries the app can import; writing with another is refused (it would take the dev server down). */
  installed?: string[]
  /** For each library that is not installed, the command that installs it with the app's package manager: `pnpm add valibot`. */
  installCommands?: Record<string, string>
  /** The middleware the app has: every `defineActionMiddleware` export of server/utils, by export name. */
  middleware: string[]
  methods: string[]
}
