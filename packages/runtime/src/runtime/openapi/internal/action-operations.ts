import type { SchemaInfo } from '@action-route/devtools/types'
import type { DocumentedHeader, MiddlewareResponses } from '../../server/middleware-responses'
import type { JsonSchema, OpenApiOperation } from '../types'
import { UNREPRESENTABLE } from '../types'
import { failureEnvelope, RUNTIME_FAILURES, successEnvelope } from './envelope-schemas'
import type { FailureCase } from './envelope-schemas'
import type { OpenApiPath } from './openapi-path'
import type { OperationMetadata } from './operation-metadata'
import { placeSchema } from './place-schema'
import { STREAM_DESCRIPTION, streamContent } from './stream-response'

/** What one action contributes to the document, already converted to JSON Schema. */
export interface ActionContract {
  /** Lower-case method the route answers. */
  method: string
  path: OpenApiPath
  operationId: string
  metadata: OperationMetadata
  input?: SchemaInfo
  params?: SchemaInfo
  output?: SchemaInfo
  /** The output schema accepts `undefined`: a handler that returns nothing answers `data: null`. */
  outputMayBeNull?: boolean
  errors: Readonly<Record<string, { statusCode: number, message?: string }>>
  /** What the action's middleware say they add (rateLimit's 429 and RateLimit fields), in the order they run. */
  middleware?: readonly MiddlewareResponses[]
  /** A streaming action (an async generator handler, or an `eventSchema`): its success is `text/event-stream`. */
  stream?: {
    /** eventSchema's output, converted; missing without one. */
    event?: SchemaInfo
    /** The event schema accepts `undefined`: such an event is sent as `null`. */
    eventMayBeNull?: boolean
  }
}

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete'])
const JSON_TYPE = 'application/json'

/**
 * The OpenAPI operation of an action for one method: path and query
 * parameters, the request body in every content type the action can take, and
 * every answer in the runtime's envelope. Shared schemas go to `components`.
 * @example
 * paths['/api/todos/{id}'].get = actionOperation(contract, document.components.schemas)
 */
export function actionOperation(contract: ActionContract, components: Record<string, JsonSchema>): OpenApiOperation {
  const { method, metadata, operationId } = contract
  const hasBody = BODY_METHODS.has(method)
  const input = contract.input && schemaOf(contract.input, `${operationId}Input`, components)
  const operation: OpenApiOperation = {
    operationId,
    ...(metadata.summary !== undefined && { summary: metadata.summary }),
    ...(metadata.description !== undefined && { description: metadata.description }),
    ...(metadata.tags && { tags: metadata.tags }),
    ...(metadata.deprecated !== undefined && { deprecated: metadata.deprecated }),
    responses: {},
  }
  const parameters = [...pathParameters(contract, components), ...(hasBody ? [] : queryParameters(input, operation)), ...headerParameters(contract)]
  if (parameters.length > 0) operation.parameters = parameters
  if (hasBody) operation.requestBody = requestBody(input)
  operation.responses = responses(contract, hasBody, components)
  return operation
}

function pathParameters(contract: ActionContract, components: Record<string, JsonSchema>): Record<string, unknown>[] {
  const params = contract.params && schemaOf(contract.params, `${contract.operationId}Params`, components)
  return contract.path.params.map(({ name, catchAll }) => {
    const schema = params?.inline.properties && typeof params.inline.properties === 'object'
      ? (params.inline.properties as Record<string, JsonSchema>)[name] ?? { type: 'string' }
      : params && UNREPRESENTABLE in params.inline ? { type: 'string', [UNREPRESENTABLE]: params.inline[UNREPRESENTABLE] } : { type: 'string' }
    return {
      name,
      in: 'path',
      required: true,
      schema,
      ...(catchAll && { [UNREPRESENTABLE]: 'a catch-all param: it takes the rest of the path, slashes included, which OpenAPI path templates cannot say' }),
    }
  })
}

/** The request headers the action's middleware read (`Idempotency-Key`), once each. */
function headerParameters(contract: ActionContract): Record<string, unknown>[] {
  const headers: Record<string, DocumentedHeader> = {}
  for (const middleware of contract.middleware ?? []) mergeHeaders(headers, middleware.requestHeaders)
  return Object.entries(headers).map(([name, header]) => ({ name, in: 'header', ...header, required: header.required ?? false }))
}

/** GET and HEAD read their input from the query: one parameter per property of the input's object schema. */
function queryParameters(input: PlacedInput | undefined, operation: OpenApiOperation): Record<string, unknown>[] {
  if (!input) return []
  const properties = propertiesOf(input.inline)
  if (!properties) {
    operation[UNREPRESENTABLE] = input.inline[UNREPRESENTABLE] ?? 'the input schema is not an object of named fields, so it cannot be written as query parameters'
    return []
  }
  const required = new Set(Array.isArray(input.inline.required) ? input.inline.required as string[] : [])
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: queryFieldSchema(schema),
  }))
}

function requestBody(input: PlacedInput | undefined): Record<string, unknown> {
  if (!input) {
    return { required: false, content: { [JSON_TYPE]: { schema: {} }, 'application/x-www-form-urlencoded': { schema: { type: 'object' } }, 'multipart/form-data': { schema: { type: 'object' } } } }
  }
  const schema = input.ref ?? input.inline
  const content: Record<string, { schema: JsonSchema }> = { [JSON_TYPE]: { schema } }
  // a form field reaches the schema as a string (or a File): forms are listed only for inputs of such fields,
  // since a number, a boolean or a one-item array would arrive as a string the schema may refuse
  const properties = propertiesOf(input.inline)
  if (properties && Object.values(properties).every(isTextField)) {
    if (!Object.values(properties).some(isFileField)) content['application/x-www-form-urlencoded'] = { schema }
    content['multipart/form-data'] = { schema }
  }
  const required = Array.isArray(input.inline.required) && input.inline.required.length > 0
  return { required, content }
}

function responses(contract: ActionContract, hasBody: boolean, components: Record<string, JsonSchema>): OpenApiOperation['responses'] {
  const isHead = contract.method === 'head'
  const output = contract.output && schemaOf(contract.output, `${contract.operationId}Output`, components)
  const shaped = output && (output.ref ?? output.inline)
  const data = !shaped
    ? { description: 'No outputSchema: whatever the handler returns (undefined as null).' }
    : contract.outputMayBeNull ? { anyOf: [shaped, { type: 'null' }] } : shaped
  const successStatus = String(contract.metadata.successStatus ?? 200)
  // the headers middleware set once they have run: a success has run them all
  const setByMiddleware: Record<string, DocumentedHeader> = {}
  for (const middleware of contract.middleware ?? []) mergeHeaders(setByMiddleware, middleware.headers)
  const answers: OpenApiOperation['responses'] = {
    [successStatus]: withHeaders(contract.stream ? streamSuccess(contract, data, isHead, components) : withBody(isHead, 'Success: the handler\'s result in `data`.', successEnvelope(data)), [setByMiddleware]),
  }

  const failures = new Map<number, { cases: FailureCase[], descriptions: string[], headers: Record<string, DocumentedHeader>[] }>()
  const add = (statusCode: number, code: string, fieldErrors: boolean, description: string, headers: Record<string, DocumentedHeader> = {}) => {
    const entry = failures.get(statusCode) ?? { cases: [], descriptions: [], headers: [] }
    // two limits on one action both answer RATE_LIMITED: one case, with the headers of both
    const known = entry.cases.findIndex(existing => existing.code === code)
    if (known >= 0) {
      mergeHeaders(entry.headers[known]!, headers)
      return
    }
    entry.cases.push({ code, fieldErrors })
    entry.descriptions.push(`${code}: ${description}`)
    entry.headers.push({ ...headers })
    failures.set(statusCode, entry)
  }
  const runtime = (code: keyof typeof RUNTIME_FAILURES) => add(RUNTIME_FAILURES[code].statusCode, code, RUNTIME_FAILURES[code].fieldErrors, RUNTIME_FAILURES[code].message)
  if (contract.input || contract.params) runtime('VALIDATION_ERROR')
  if (hasBody) {
    runtime('PARSE_ERROR')
    runtime('PAYLOAD_TOO_LARGE')
    runtime('UNSUPPORTED_MEDIA_TYPE')
    runtime('CROSS_ORIGIN_REQUEST')
  }
  runtime('INTERNAL_ERROR')
  // a stream checks its events and its return value after it started: that failure is in the end event
  if (contract.output && !contract.stream) runtime('OUTPUT_VALIDATION_ERROR')
  for (const middleware of contract.middleware ?? []) {
    for (const [code, { statusCode, message, headers }] of Object.entries(middleware.errors ?? {})) add(statusCode, code, false, message, headers)
  }
  for (const [code, { statusCode, message }] of Object.entries(contract.errors)) add(statusCode, code, false, message ?? 'declared by the action')

  for (const [statusCode, { cases, descriptions, headers }] of [...failures].sort(([a], [b]) => a - b)) {
    answers[String(statusCode)] = withHeaders(withBody(isHead, descriptions.join('; '), failureEnvelope(statusCode, cases)), headers)
  }
  answers.default = withBody(isHead, 'Any other failure: an h3 error with its own status (SERVER_ERROR), or what the action\'s handleServerError returns.', failureEnvelope(undefined, []))
  return answers
}

/** A streaming action's success: the events and the end envelope (HEAD: the same status and headers, no body). */
function streamSuccess(contract: ActionContract, data: JsonSchema, isHead: boolean, components: Record<string, JsonSchema>): Record<string, unknown> {
  if (isHead) return { description: STREAM_DESCRIPTION }
  const placed = contract.stream!.event && schemaOf(contract.stream!.event, `${contract.operationId}Event`, components)
  const shaped = placed && (placed.ref ?? placed.inline)
  const event = !shaped
    ? { description: 'No eventSchema: whatever the handler yields (undefined as null).' }
    : contract.stream!.eventMayBeNull ? { anyOf: [shaped, { type: 'null' }] } : shaped
  const endCodes = ['INTERNAL_ERROR', ...(contract.output || contract.stream!.event ? ['OUTPUT_VALIDATION_ERROR'] : []), ...Object.keys(contract.errors)]
  return { description: STREAM_DESCRIPTION, content: streamContent({ event, data, endCodes }) }
}

function withBody(isHead: boolean, description: string, schema: JsonSchema): Record<string, unknown> {
  // HEAD answers like GET with no body (docs/decisions.md)
  return isHead ? { description } : { description, content: { [JSON_TYPE]: { schema } } }
}

/** Adds `from`'s headers to `into`: a header given twice keeps both descriptions, and is required if either says so. */
function mergeHeaders(into: Record<string, DocumentedHeader>, from: Record<string, DocumentedHeader> | undefined): void {
  for (const [name, header] of Object.entries(from ?? {})) {
    const known = into[name]
    into[name] = !known
      ? { ...header }
      : { ...known, description: known.description.includes(header.description) ? known.description : `${known.description} ${header.description}`, required: !!(known.required || header.required) }
  }
}

/** A response with the headers of its cases (one map per case): required where every case sends it. */
function withHeaders(response: Record<string, unknown>, cases: readonly Record<string, DocumentedHeader>[]): Record<string, unknown> {
  const merged: Record<string, DocumentedHeader> = {}
  for (const headers of cases) mergeHeaders(merged, headers)
  const names = Object.keys(merged)
  if (names.length === 0) return response
  const headers = Object.fromEntries(names.map(name => [name, {
    description: merged[name]!.description,
    required: cases.every(headers => headers[name]?.required === true),
    schema: merged[name]!.schema,
  }]))
  return { ...response, headers }
}

type PlacedInput = ReturnType<typeof placeSchema>

/** A converted schema, or one marked with why the library could not say it. */
function schemaOf(info: SchemaInfo, name: string, components: Record<string, JsonSchema>): PlacedInput {
  if (!info.jsonSchema) return { inline: { [UNREPRESENTABLE]: info.note ?? `${info.vendor} gave no JSON Schema` } }
  return placeSchema(info.jsonSchema, name, components)
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> | undefined {
  if (schema.type !== 'object' || !schema.properties || typeof schema.properties !== 'object') return undefined
  if (['anyOf', 'oneOf', 'allOf', '$ref'].some(key => key in schema)) return undefined
  return schema.properties as Record<string, JsonSchema>
}

/** A query value is a string, or an array when its key repeats: say where that and the schema part ways. */
function queryFieldSchema(schema: JsonSchema): JsonSchema {
  if (!isFlatField(schema)) return { ...schema, [UNREPRESENTABLE]: 'a query holds strings and repeated keys only, so this nested value cannot be sent' }
  if (schema.type === 'array') return { ...schema, [UNREPRESENTABLE]: 'a key given once arrives as a string, not as an array of one: send it at least twice, or accept a string too' }
  return schema
}

/** A field a form posts as it is: a string (a File for binary), never a number, a boolean or a list. */
function isTextField(schema: JsonSchema): boolean {
  if (schema.type === 'string') return true
  if (schema.type !== undefined) return false
  if (Array.isArray(schema.enum)) return schema.enum.every(value => typeof value === 'string')
  if ('const' in schema) return typeof schema.const === 'string'
  return ['anyOf', 'oneOf'].some(key => Array.isArray(schema[key]) && (schema[key] as JsonSchema[]).every(isTextField))
}

/** A field a query can carry: not an object, nor an array of objects. */
function isFlatField(schema: JsonSchema): boolean {
  if (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || '$ref' in schema) return false
  if (schema.type === 'array') return !schema.items || isFlatField(schema.items as JsonSchema)
  return !['anyOf', 'oneOf', 'allOf'].some(key => Array.isArray(schema[key]) && (schema[key] as JsonSchema[]).some(option => !isFlatField(option)))
}

function isFileField(schema: JsonSchema): boolean {
  return schema.format === 'binary' || schema.contentMediaType !== undefined
}
