import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { FieldErrors } from '../../server/types'
import { issuesToFieldErrors } from '../../server/internal/field-errors'

/** A multipart input as the server reads it: flat names, a name given twice a list. */
function asServerReadsIt(form: FormData): Record<string, unknown> {
  const record: Record<string, unknown> = {}
  for (const [name, value] of form) {
    const existing = record[name]
    record[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return record
}

/**
 * Runs a Standard Schema over a form's input in the browser, and answers
 * its issues as field errors keyed by the same dot paths the server uses,
 * or `undefined` when the input passes.
 * @example
 * const fieldErrors = await validateForm(signupSchema, { email: 'x' }) // { email: ['Invalid email'] }
 */
export async function validateForm(schema: StandardSchemaV1, input: Record<string, unknown> | FormData): Promise<FieldErrors | undefined> {
  const result = await schema['~standard'].validate(input instanceof FormData ? asServerReadsIt(input) : input)
  return result.issues ? issuesToFieldErrors(result.issues) : undefined
}
