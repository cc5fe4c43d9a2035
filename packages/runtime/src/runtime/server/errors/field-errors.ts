import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { FieldErrors } from '../envelope'

/** Key used for issues that concern the whole value rather than a field. */
export const ROOT_FIELD = '_root'

function segmentToString(segment: PropertyKey | StandardSchemaV1.PathSegment): string {
  const key = typeof segment === 'object' && segment !== null ? segment.key : segment
  return typeof key === 'symbol' ? (key.description ?? '') : String(key)
}

/**
 * Dot path of an issue (`items.0.name`); `_root` when it has none.
 * With a scope (`params`), paths are `params.id`, and `params` for the whole value.
 */
export function issuePath(issue: StandardSchemaV1.Issue, scope?: string): string {
  // a plain loop: Array.from(path, fn) was most of the 422 path's own cost, and
  // path.map cannot be used since arktype's path is an Array subclass whose
  // species constructor turns map's length argument into an element
  let joined = scope || undefined
  const path = issue.path
  if (path) {
    for (let index = 0; index < path.length; index++) {
      const segment = segmentToString(path[index]!)
      joined = joined === undefined ? segment : `${joined}.${segment}`
    }
  }
  return joined ?? ROOT_FIELD
}

/**
 * Groups issues by dot path on a null-prototype object, so that keys taken
 * from client input (`__proto__`, `constructor`) are plain keys.
 */
export function issuesToFieldErrors(issues: ReadonlyArray<StandardSchemaV1.Issue>, scope?: string, into: FieldErrors = Object.create(null)): FieldErrors {
  const fieldErrors = into
  for (const issue of issues) {
    const path = issuePath(issue, scope)
    const messages = fieldErrors[path] ?? (fieldErrors[path] = [])
    messages.push(String(issue.message))
  }
  return fieldErrors
}

/**
 * Copies user-given fieldErrors onto a null-prototype object, keeping only
 * string messages (a lone string becomes a list of one) and only the fields
 * left with one; anything but a plain map (a string, an array) gives `undefined`.
 */
export function toSafeFieldErrors(value: unknown): FieldErrors | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const fieldErrors: FieldErrors = Object.create(null)
  for (const key of Object.keys(value)) {
    const messages = (value as Record<string, unknown>)[key]
    const list = (Array.isArray(messages) ? messages : [messages]).filter(message => typeof message === 'string')
    if (list.length > 0) fieldErrors[key] = list
  }
  return fieldErrors
}
