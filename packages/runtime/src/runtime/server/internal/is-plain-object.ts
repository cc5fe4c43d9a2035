/**
 * Whether a value is a plain object: an object literal, `JSON.parse`'s
 * output, or one made with `Object.create(null)`. Arrays, class instances
 * (a Date, a Map) and functions are not.
 * @example
 * isPlainObject({ a: 1 }) // true
 * isPlainObject(new Date()) // false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
