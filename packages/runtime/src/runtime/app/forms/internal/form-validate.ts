import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { FieldErrors } from '../../../server/types'

/**
 * Runs a Standard Schema over a form's input in the browser, and answers
 * its issues as field errors keyed by the dot paths the server uses
 * (`_root` for the whole input), or `undefined` when the input passes. A
 * multipart input is checked as the server reads it: flat names, a name
 * given twice a list.
 * @example
 * const fieldErrors = await validateForm(signupSchema, { email: 'x' }) // { email: ['Invalid email'] }
 */
export async function validateForm(schema: StandardSchemaV1, input: Record<string, unknown> | FormData): Promise<FieldErrors | undefined> {
  let value: unknown = input
  if (input instanceof FormData) {
    const flat: Record<string, unknown> = {}
    for (const [name, entry] of input) flat[name] = Object.hasOwn(flat, name) ? [flat[name]].flat().concat(entry) : entry
    value = flat
  }
  const { issues } = await schema['~standard'].validate(value)
  if (!issues) return undefined
  const fieldErrors: FieldErrors = Object.create(null)
  for (const issue of issues) {
    // Array.from, not path.map: arktype's path is an Array subclass whose map misbehaves
    const path = Array.from(issue.path ?? [], segment => String(typeof segment === 'object' ? segment.key : segment)).join('.') || '_root'
    ;(fieldErrors[path] ??= []).push(issue.message)
  }
  return fieldErrors
}
