// A middleware is a function the OpenAPI document cannot see into: one that answers failures of its own or sets
// headers (rateLimit, idempotent) says so on itself, under a registry symbol, so the copy of this module in the
// build that makes the document reads what the app's copy wrote.

/** The property of a middleware function that holds its `MiddlewareResponses`. */
export const MIDDLEWARE_RESPONSES = Symbol.for('action-route.middleware-responses')

/** One HTTP header as OpenAPI's Header Object (and a header Parameter Object) says it. */
export interface DocumentedHeader {
  description: string
  /** A JSON Schema of the value: `{ type: 'integer', minimum: 1 }`. */
  schema: Record<string, unknown>
  /** Always sent. Default `false`. */
  required?: boolean
}

/** What a middleware adds to the operation of every action that runs it. */
export interface MiddlewareResponses {
  /** Failures it answers with, in the envelope, by code: their status, message and the headers they carry. */
  errors?: Record<string, { statusCode: number, message: string, headers?: Record<string, DocumentedHeader> }>
  /** Headers it sets on every answer once it has run: the success answer's, and its own failures'. */
  headers?: Record<string, DocumentedHeader>
  /** Request headers it reads (`Idempotency-Key`), as header parameters. */
  requestHeaders?: Record<string, DocumentedHeader>
}

/**
 * Marks a middleware with what it adds to the OpenAPI operation of the actions that
 * run it; answers the same function.
 * @example
 * return documentMiddlewareResponses(middleware, {
 *   errors: { RATE_LIMITED: { statusCode: 429, message: 'Too many requests', headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' }, required: true } } } },
 * })
 */
export function documentMiddlewareResponses<T extends object>(middleware: T, responses: MiddlewareResponses): T {
  Object.defineProperty(middleware, MIDDLEWARE_RESPONSES, { value: responses, enumerable: false })
  return middleware
}

/**
 * What a middleware said it adds to an operation, if it said anything.
 * @example
 * descriptor.middleware.map(middlewareResponsesOf).filter(Boolean)
 */
export function middlewareResponsesOf(middleware: unknown): MiddlewareResponses | undefined {
  if (typeof middleware !== 'function' && (typeof middleware !== 'object' || middleware === null)) return undefined
  const responses = (middleware as { [MIDDLEWARE_RESPONSES]?: unknown })[MIDDLEWARE_RESPONSES]
  return responses && typeof responses === 'object' ? responses as MiddlewareResponses : undefined
}
