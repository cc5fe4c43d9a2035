import { isUnsafeKey } from '../internal/safe-json'

/**
 * Query or form entries to a plain object, as h3's `getQuery` and
 * `readFormData` users expect them: repeated keys become arrays, files stay
 * `File`, and `__proto__`, `constructor` and `prototype` are dropped.
 * @example
 * fieldsOf(new URLSearchParams('tag=a&tag=b&page=2')) // { tag: ['a', 'b'], page: '2' }
 */
export function fieldsOf(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of entries) {
    if (isUnsafeKey(key)) continue
    if (!Object.hasOwn(fields, key)) fields[key] = value
    else if (Array.isArray(fields[key])) (fields[key] as unknown[]).push(value)
    else fields[key] = [fields[key], value]
  }
  return fields
}
