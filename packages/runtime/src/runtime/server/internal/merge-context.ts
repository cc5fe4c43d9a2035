const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

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
    if (UNSAFE_KEYS.has(key)) continue
    const value = added[key]
    const current = merged[key]
    merged[key] = isPlainObject(value) && isPlainObject(current)
      ? mergeContext(current, value)
      : isPlainObject(value) ? mergeContext({}, value) : value
  }
  return merged
}
