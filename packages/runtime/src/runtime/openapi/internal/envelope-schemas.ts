import type { JsonSchema } from '../types'

/** The runtime's own failures, by the status they answer with (the errors table and the request limits). */
export const RUNTIME_FAILURES = {
  VALIDATION_ERROR: { statusCode: 422, message: 'Input validation failed', fieldErrors: true },
  PARSE_ERROR: { statusCode: 400, message: 'Invalid JSON or form data in request body', fieldErrors: false },
  PAYLOAD_TOO_LARGE: { statusCode: 413, message: 'Body, form or JSON nesting over the action\'s limits', fieldErrors: false },
  UNSUPPORTED_MEDIA_TYPE: { statusCode: 415, message: 'Content-Type other than JSON, urlencoded or multipart', fieldErrors: false },
  CROSS_ORIGIN_REQUEST: { statusCode: 403, message: 'Sent by a page of another origin that the action does not trust', fieldErrors: false },
  INTERNAL_ERROR: { statusCode: 500, message: 'An unexpected error occurred', fieldErrors: false },
  OUTPUT_VALIDATION_ERROR: { statusCode: 500, message: 'The handler\'s result failed the output schema', fieldErrors: true },
} as const

/** The name of the shared `fieldErrors` schema in `components.schemas`. */
export const FIELD_ERRORS_COMPONENT = 'ActionFieldErrors'

/** `fieldErrors`: dot paths (`_root` for the whole value, `params.` for route params) to messages. */
export const fieldErrorsSchema: JsonSchema = {
  type: 'object',
  description: 'Dot paths (`_root` for the whole value, `params.` before a route param) to their messages.',
  additionalProperties: { type: 'array', items: { type: 'string' } },
}

/**
 * The success envelope around the output schema: `{ success: true, data }`.
 * @example
 * successEnvelope({ type: 'array', items: { type: 'string' } })
 */
export function successEnvelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['success', 'data'],
    properties: { success: { const: true }, data },
    additionalProperties: false,
  }
}

/** One failure a status can carry: its code and whether it always has `fieldErrors`. */
export interface FailureCase {
  code: string
  fieldErrors: boolean
}

/**
 * The failure envelope for one status: `{ success: false, error: { code, message, statusCode, fieldErrors? } }`,
 * `code` one of the cases or h3's `SERVER_ERROR` (any string without a status), `statusCode` the status (any 400–599 without one).
 * @example
 * failureEnvelope(404, [{ code: 'NOT_FOUND', fieldErrors: false }])
 */
export function failureEnvelope(statusCode: number | undefined, cases: readonly FailureCase[]): JsonSchema {
  // h3's own errors (`createError`, `HTTPError`) answer SERVER_ERROR with whatever status they carry
  const codes = [...new Set([...cases.map(entry => entry.code), ...(statusCode === undefined ? [] : ['SERVER_ERROR'])])]
  const code: JsonSchema = codes.length === 0 ? { type: 'string' } : codes.length === 1 ? { type: 'string', const: codes[0] } : { type: 'string', enum: codes }
  const fieldErrorsAlways = cases.length > 0 && cases.every(entry => entry.fieldErrors)
  return {
    type: 'object',
    required: ['success', 'error'],
    properties: {
      success: { const: false },
      error: {
        type: 'object',
        required: ['code', 'message', 'statusCode', ...(fieldErrorsAlways ? ['fieldErrors'] : [])],
        properties: {
          code,
          message: { type: 'string' },
          statusCode: statusCode === undefined ? { type: 'integer', minimum: 400, maximum: 599 } : { type: 'integer', const: statusCode },
          fieldErrors: { $ref: `#/components/schemas/${FIELD_ERRORS_COMPONENT}` },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  }
}
