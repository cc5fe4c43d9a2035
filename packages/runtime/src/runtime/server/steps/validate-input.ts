import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { ActionErrorData } from '../types'
import { issuesToFieldErrors } from '../internal/field-errors'
import type { SchemaOutcome } from '../internal/standard-schema'
import { validateWithSchema } from '../internal/standard-schema'

/** The validated input and params a handler receives, or the VALIDATION_ERROR to answer. */
export type ValidatedInput
  = | { ok: true, input: unknown, params: unknown }
    | { ok: false, error: ActionErrorData }

function validateIfGiven(schema: StandardSchemaV1 | undefined, value: unknown): SchemaOutcome | Promise<SchemaOutcome> {
  return schema ? validateWithSchema(schema, value) : { ok: true, value }
}

function combine(params: SchemaOutcome, input: SchemaOutcome): ValidatedInput {
  if (params.ok && input.ok) return { ok: true, input: input.value, params: params.value }
  const fieldErrors = issuesToFieldErrors(params.ok ? [] : params.issues, 'params')
  issuesToFieldErrors(input.ok ? [] : input.issues, undefined, fieldErrors)
  return { ok: false, error: { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors } }
}

/**
 * Step 2: validates the input and the route params against their schemas (when
 * given). Issues of both make one VALIDATION_ERROR 422, returned rather than
 * thrown (a rejected input is an expected answer, not an exception); param
 * fields are under `params.` so they never collide with input fields.
 * Synchronous schemas give a synchronous result.
 */
export function validateInput(
  schemas: { input?: StandardSchemaV1, params?: StandardSchemaV1 },
  raw: { input: unknown, params: unknown },
): ValidatedInput | Promise<ValidatedInput> {
  const params = validateIfGiven(schemas.params, raw.params)
  const input = validateIfGiven(schemas.input, raw.input)
  if (params instanceof Promise || input instanceof Promise) {
    return Promise.all([params, input]).then(([paramsOutcome, inputOutcome]) => combine(paramsOutcome, inputOutcome))
  }
  return combine(params, input)
}
