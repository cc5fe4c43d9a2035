// The shapes exchanged between the Nitro-side endpoints (in @action-route/runtime) and the panel.

/** Where the dev-only endpoints live; the panel and the server agree on it. */
export const DEVTOOLS_BASE = '/__action-route'

/** The request header that carries Nuxt DevTools' dev auth token to every endpoint; the server refuses a call without it. */
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
  maxBodySize?: number
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
  /** The envelope the action answered with, or null when the body was not JSON. */
  envelope: unknown
  durationMs: number
  /** The parts cut to the recorder's depth and size limits; the cut places say `[truncated…]`. Absent when nothing was cut. */
  truncated?: RecordedPart[]
}

/** The parts of a record that hold client or action data, bounded and redacted before they are stored. */
export type RecordedPart = 'params' | 'query' | 'input' | 'envelope'

/** A message on the SSE stream at /__action-route/api/stream. */
export type StreamMessage
  = | { type: 'record', record: RequestRecord }
    | { type: 'clear' }
