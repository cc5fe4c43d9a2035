import { isUnsafeKey } from './safe-json'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * Deep-merges `added` into `base` without touching either: own enumerable keys
 * only; plain objects merge recursively; arrays, class instances and everything
 * else are replaced; `__proto__`, `constructor` and `prototype` are dropped.
 */
export function mergeContext(base: Record<string, unknown>, added: unknown): Record<string, unknown> {
  if (!isPlainObject(added)) return base
  const merged: Record<string, unknown> = { ...base }
  for (const key of Object.keys(added)) {
    if (isUnsafeKey(key)) continue
    const value = added[key]
    if (!isPlainObject(value)) {
      merged[key] = value
      continue
    }
    // a nested plain object is copied too, so that its unsafe keys are dropped and nothing earlier is shared
    const current = merged[key]
    merged[key] = mergeContext(isPlainObject(current) ? current : {}, value)
  }
  return merged
}
