const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

function dropUnsafeKeys(key: string, value: unknown): unknown {
  return UNSAFE_KEYS.has(key) ? undefined : value
}

/**
 * JSON.parse that drops `__proto__`, `constructor` and `prototype` keys at any
 * depth. The reviver (slow) only runs when the text could hold such a key,
 * written plainly or with \u escapes.
 */
export function parseJsonSafely(text: string): unknown {
  const suspicious = text.includes('__proto__') || text.includes('constructor')
    || text.includes('prototype') || text.includes('\\u')
  return JSON.parse(text, suspicious ? dropUnsafeKeys : undefined)
}

/** Whether a key could reach an object's prototype when used in assignment. */
export function isUnsafeKey(key: string): boolean {
  return UNSAFE_KEYS.has(key)
}
