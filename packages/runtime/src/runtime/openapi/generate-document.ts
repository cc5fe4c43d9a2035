import type { StandardSchemaV1 } from '@standard-schema/spec'
import { actionDescriptorOf } from '../devtools/registry'
import type { RouteEntry } from '../devtools/registry'
import { describeSchema } from '../devtools/describe-schema'
import type { ExcludedRoute, OpenApiDocument, OpenApiDocumentOptions, OperationSource } from './types'
import { actionOperation } from './internal/action-operations'
import { FIELD_ERRORS_COMPONENT, fieldErrorsSchema } from './internal/envelope-schemas'
import { openApiPathOf } from './internal/openapi-path'
import { operationMetadataOf } from './internal/operation-metadata'
import { matchesRoutePattern } from './internal/route-pattern'
import { middlewareResponsesOf } from '../server/middleware-responses'

/** A route file as the generator needs it: its Nitro route, method (`''` for any) and a loader. */
export type OpenApiRouteEntry = Pick<RouteEntry, 'route' | 'method' | 'file' | 'load'>

/** The methods a route file answers: a `.get` file also HEAD (its twin), a file without a method all of them. */
const METHODS_OF_FILE: Record<string, string[]> = {
  '': ['get', 'head', 'post', 'put', 'patch', 'delete'],
  'get': ['get', 'head'],
}

/** The document, where each operation came from, and the actions it leaves out. */
export interface GeneratedOpenApi {
  document: OpenApiDocument
  sources: OperationSource[]
  excluded: ExcludedRoute[]
}

/**
 * The OpenAPI 3.1 document of every action among the route files, and where
 * each operation came from. Each file is loaded to read its `'~action'`
 * descriptor; its schemas are converted by `describeSchema`, as the DevTools
 * panel's are: Standard JSON Schema, the input side for input and params, the
 * output side for output and events. Files that are not actions are
 * left out; one that fails to load is listed under `x-action-route-skipped`.
 * An action whose `metadata.openapi` is `false`, or whose route matches a pattern
 * of `options.exclude`, is left out without a trace in the document, and named in `excluded`.
 * A streaming action's success is `text/event-stream`, its event and end schemas in
 * `x-action-route-stream` (the document is 3.1, which cannot describe the items of a stream).
 * @example
 * const { document } = await generateOpenApiDocument(routes, { info: { title: 'Todos', version: '1.0.0' }, exclude: ['/api/admin/**'] })
 */
export async function generateOpenApiDocument(entries: readonly OpenApiRouteEntry[], options: OpenApiDocumentOptions = {}): Promise<GeneratedOpenApi> {
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'Actions', version: '0.0.0', ...options.info },
    ...(options.servers && options.servers.length > 0 && { servers: options.servers }),
    paths: {},
    components: { schemas: { [FIELD_ERRORS_COMPONENT]: fieldErrorsSchema } },
  }
  const sources: OperationSource[] = []
  const excluded: ExcludedRoute[] = []
  const skipped: { route: string, method: string, reason: string }[] = []
  const usedIds = new Set<string>()
  const sorted = [...entries].sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method))

  for (const entry of sorted) {
    let descriptor: ReturnType<typeof actionDescriptorOf>
    try {
      descriptor = actionDescriptorOf(await entry.load())
    }
    catch (error) {
      skipped.push({ route: entry.route, method: entry.method || 'any', reason: error instanceof Error ? error.message : String(error) })
      continue
    }
    if (!descriptor) continue
    if (descriptor.metadata?.openapi === false || options.exclude?.some(pattern => matchesRoutePattern(entry.route, pattern))) {
      excluded.push({ file: entry.file, route: entry.route, path: openApiPathOf(entry.route).path, methods: METHODS_OF_FILE[entry.method] ?? [entry.method] })
      continue
    }
    const eventSchema = streamOf(descriptor)?.eventSchema
    const [input, params, output, outputMayBeNull, event, eventMayBeNull] = await Promise.all([
      describeSchema(descriptor.input, 'input'),
      describeSchema(descriptor.params, 'input'),
      describeSchema(descriptor.outputSchema, 'output'),
      acceptsUndefined(descriptor.outputSchema),
      describeSchema(eventSchema, 'output'),
      acceptsUndefined(eventSchema),
    ])
    const stream = streamOf(descriptor) && { ...(event && { event }), eventMayBeNull }
    const metadata = operationMetadataOf(descriptor.metadata)
    // what middleware such as rateLimit say they add: their failures, the headers they set and read
    const middleware = (descriptor.middleware ?? []).map(middlewareResponsesOf).filter(responses => responses !== undefined)
    const path = openApiPathOf(entry.route)
    for (const method of METHODS_OF_FILE[entry.method] ?? [entry.method]) {
      const operationId = uniqueId(metadata.operationId ? (method === 'head' ? `${metadata.operationId}Head` : metadata.operationId) : idOf(method, entry.route), usedIds)
      const operation = actionOperation({ method, path, operationId, metadata, input, params, output, outputMayBeNull, errors: descriptor.errors ?? {}, middleware, ...(stream && { stream }) }, document.components.schemas)
      ;(document.paths[path.path] ??= {})[method] = operation
      sources.push({ file: entry.file, route: entry.route, method, path: path.path, operation })
    }
  }
  if (skipped.length > 0) document['x-action-route-skipped'] = skipped
  return { document, sources, excluded }
}

/**
 * Whether an action streams, and its event schema: `stream` on the
 * definition (an async generator handler, or an `eventSchema`). Missing on
 * actions defined by a runtime older than streaming.
 */
function streamOf(descriptor: object): { eventSchema?: StandardSchemaV1 } | undefined {
  const { stream, eventSchema } = descriptor as { stream?: unknown, eventSchema?: StandardSchemaV1 }
  if (stream !== true && !eventSchema) return undefined
  return eventSchema ? { eventSchema } : {}
}

/**
 * Whether an output schema lets a handler return nothing: then the answer's
 * `data` is `null`, which JSON Schema converters do not say (they drop a
 * top-level optional). Asked of the schema itself; one that throws says no.
 */
async function acceptsUndefined(schema: StandardSchemaV1 | undefined): Promise<boolean> {
  if (!schema) return false
  try {
    return !(await schema['~standard'].validate(undefined)).issues
  }
  catch {
    return false
  }
}

/** `get` and `/api/todos/:id` give `getApiTodosId`. */
function idOf(method: string, route: string): string {
  const words = route.split(/[^a-z0-9]+/i).filter(Boolean)
  return method + words.map(word => word[0]!.toUpperCase() + word.slice(1)).join('')
}

function uniqueId(id: string, used: Set<string>): string {
  let candidate = id
  for (let index = 2; used.has(candidate); index++) candidate = `${id}${index}`
  used.add(candidate)
  return candidate
}
