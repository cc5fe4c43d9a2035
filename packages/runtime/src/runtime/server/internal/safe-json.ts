/** Text that could hold an unsafe key, written plainly or with \u escapes: one regex pass, not four scans. */
const MAY_HOLD_UNSAFE_KEY = /__proto__|constructor|prototype|\\u/

/**
 * Deletes `__proto__`, `constructor` and `prototype` own keys at any depth.
 * Iterative, not a JSON.parse reviver: a reviver recurses, and 100k levels
 * of valid JSON overflowed the stack and answered PARSE_ERROR.
 */
function dropUnsafeKeys(root: unknown): void {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value !== 'object' || value === null) continue
    for (const key of Object.keys(value)) {
      if (isUnsafeKey(key)) Reflect.deleteProperty(value, key)
      else pending.push((value as Record<string, unknown>)[key])
    }
  }
}

/**
 * JSON.parse that drops `__proto__`, `constructor` and `prototype` keys at any
 * depth. JSON.parse makes them plain own properties; the walk that removes
 * them only runs when the text could hold one, written plainly or with \u escapes.
 */
export function parseJsonSafely(text: string): unknown {
  const value: unknown = JSON.parse(text)
  if (MAY_HOLD_UNSAFE_KEY.test(text)) {
    dropUnsafeKeys(value)
  }
  return value
}

/** Whether a key could reach an object's prototype when used in assignment. */
export function isUnsafeKey(key: string): boolean {
  // three comparisons: cheaper than a Set lookup on the per-request paths that call this
  return key === '__proto__' || key === 'constructor' || key === 'prototype'
}
