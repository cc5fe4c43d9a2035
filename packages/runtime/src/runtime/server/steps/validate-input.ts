import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createActionError } from '../errors'
import { issuesToFieldErrors } from '../internal/field-errors'
import { validateWithSchema } from '../internal/standard-schema'

/** The validated input and params a handler receives. */
export interface ValidatedInput {
  input: unknown
  params: unknown
}

/**
 * Step 2: validates the input and the route params against their schemas (when
 * given). Issues of both answer one VALIDATION_ERROR 422; param fields are
 * under `params.` so they never collide with input fields.
 */
export async function validateInput(
  schemas: { input?: StandardSchemaV1, params?: StandardSchemaV1 },
  raw: ValidatedInput,
): Promise<ValidatedInput> {
  const [params, input] = await Promise.all([
    schemas.params ? validateWithSchema(schemas.params, raw.params) : { ok: true as const, value: raw.params },
    schemas.input ? validateWithSchema(schemas.input, raw.input) : { ok: true as const, value: raw.input },
  ])
  if (params.ok && input.ok) return { input: input.value, params: params.value }

  let fieldErrors = issuesToFieldErrors(params.ok ? [] : params.issues, 'params')
  fieldErrors = issuesToFieldErrors(input.ok ? [] : input.issues, undefined, fieldErrors)
  throw createActionError({ code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors })
}
