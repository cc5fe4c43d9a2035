import type { JsonSchema } from '../types'
import { failureEnvelope, successEnvelope } from './envelope-schemas'

/** The extension on a `text/event-stream` media type that carries what OpenAPI 3.1 cannot say: each event's data and the end's. */
export const STREAM_EXTENSION = 'x-action-route-stream'

/** The media type of a streaming action's success. */
export const EVENT_STREAM_TYPE = 'text/event-stream'

/** What a streaming action's success answer is made of, already converted to JSON Schema. */
export interface StreamContract {
  /** The `data` of each `message` event: eventSchema's output, or a description when there is none. */
  event: JsonSchema
  /** The end envelope's `data`: outputSchema's output, or a description when there is none. */
  data: JsonSchema
  /** The codes a failure after the first event may carry (declared ones, INTERNAL_ERROR, OUTPUT_VALIDATION_ERROR). */
  endCodes: string[]
}

/** The success response's description: the wire format, for readers of the document. */
export const STREAM_DESCRIPTION = 'Success: a stream of server-sent events (`text/event-stream`), never compressed. Each value the handler yields is one '
  + 'event with no `event:` field (a `message` event) whose `data:` line is its JSON (`x-action-route-stream.event`); the stream ends with '
  + 'an `end` event whose `data:` is the end envelope (`x-action-route-stream.end`): `{ success: true, data }` with what the handler '
  + 'returned, or `{ success: false, error }` for a failure after the first event. Lines starting with `:` are heartbeats. '
  + 'A failure before the first event answers JSON with its own status, as listed. A stream that stops without an `end` event was cut.'

/**
 * The `content` of a streaming action's success answer. OpenAPI 3.1 has no
 * way to describe the items of a sequential media type (3.2's `itemSchema`),
 * and the actions' operations also go into Nitro's 3.1 document, so the body is
 * `{ type: 'string' }` and the schemas of the events and of the end envelope
 * ride in the `x-action-route-stream` extension.
 * @example
 * responses['200'] = { description: STREAM_DESCRIPTION, content: streamContent({ event: eventSchema, data: outputSchema, endCodes: ['INTERNAL_ERROR'] }) }
 */
export function streamContent(contract: StreamContract): Record<string, unknown> {
  const failure = failureEnvelope(undefined, [])
  const error = (failure.properties as Record<string, JsonSchema>).error!
  const code = (error.properties as Record<string, JsonSchema>).code!
  // any code handleServerError returns may end a stream too: the usual ones are examples, not an enum
  const endFailure = { ...failure, properties: { ...failure.properties as object, error: { ...error, properties: { ...error.properties as object, code: { ...code, examples: contract.endCodes } } } } }
  return {
    [EVENT_STREAM_TYPE]: {
      schema: { type: 'string', description: 'Server-sent events: `data: <JSON>` messages, then `event: end` with the end envelope.' },
      [STREAM_EXTENSION]: {
        event: contract.event,
        end: { anyOf: [successEnvelope(contract.data), endFailure] },
      },
    },
  }
}
