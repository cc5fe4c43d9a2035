import type { ErrorFactoryMap } from './error-declarations'

/**
 * One request's handler arguments, made once per request: the parse step
 * fills in the raw input and params, validation replaces them with the
 * schemas' outputs, and the middleware chain sets the final context. `event`
 * is the host's own event (h3 v1's or v2's); `errors` the action's factories.
 */
export interface ActionCall<TEvent = unknown> {
  input: unknown
  params: unknown
  event: TEvent
  ctx: Record<string, unknown>
  errors: ErrorFactoryMap
}
