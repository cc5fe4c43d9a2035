import type { H3Event } from 'h3'

/**
 * One request's handler arguments, made once per request: the parse step
 * fills in the raw input and params, validation replaces them with the
 * schemas' outputs, and the middleware chain sets the final context.
 */
export interface ActionCall {
  input: unknown
  params: unknown
  event: H3Event
  ctx: Record<string, unknown>
}
