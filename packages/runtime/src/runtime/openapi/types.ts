import type { JsonSchema } from '@action-route/devtools/types'

/** A JSON Schema (draft 2020-12) inside the document. */
export type { JsonSchema }

/** OpenAPI's Info Object: at least a title and a version. */
export interface OpenApiInfo {
  title: string
  version: string
  description?: string
  [key: string]: unknown
}

/** OpenAPI's Server Object. */
export interface OpenApiServer {
  url: string
  description?: string
  [key: string]: unknown
}

/** One operation (an action answering one method), as OpenAPI 3.1 writes it. */
export interface OpenApiOperation {
  operationId: string
  summary?: string
  description?: string
  tags?: string[]
  deprecated?: boolean
  parameters?: Record<string, unknown>[]
  requestBody?: Record<string, unknown>
  responses: Record<string, Record<string, unknown>>
  [extension: `x-${string}`]: unknown
}

/** The OpenAPI 3.1 document of an app's actions. */
export interface OpenApiDocument {
  openapi: '3.1.0'
  info: OpenApiInfo
  servers?: OpenApiServer[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, JsonSchema> }
  [extension: `x-${string}`]: unknown
}

/** Where each operation came from: the route file, its Nitro route and method (for Nitro's own OpenAPI). */
export interface OperationSource {
  file: string
  route: string
  method: string
  path: string
  operation: OpenApiOperation
}

/** Options of the document: `actionRoute.openapi` in nuxt.config, less the route. */
export interface OpenApiDocumentOptions {
  info?: Partial<OpenApiInfo>
  servers?: OpenApiServer[]
  /** Route patterns whose actions the document leaves out (`/api/admin/**`). */
  exclude?: string[]
}

/** An action the document leaves out, by `metadata.openapi: false` or an `exclude` pattern: Nitro's document leaves it out too. */
export interface ExcludedRoute {
  file: string
  route: string
  /** Its OpenAPI path, as Nitro's document writes it too. */
  path: string
  /** The methods its file answers (a `.get` file also HEAD). */
  methods: string[]
}

/** The extension that marks what JSON Schema or OpenAPI cannot say about an action, with the reason. */
export const UNREPRESENTABLE = 'x-action-route-unrepresentable'
