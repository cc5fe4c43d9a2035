import { isUnsafeKey } from './safe-json'
import { isPlainObject } from './is-plain-object'

/**
 * Deep-merges `added` into `base` without touching either: own enumerable keys
 * only; plain objects merge recursively; arrays, class instances and everything
 * else are replaced; `__proto__`, `constructor` and `prototype` are dropped.
 */
export function mergeContext(base: Record<string, unknown>, added: unknown): Record<string, unknown> {
  if (!isPlainObject(added)) return base
  const merged: Record<string, unknown> = { ...base }
  copyInto(merged, added)
  return merged
}

/**
 * Copies `source`'s keys onto `target`, a fresh object of the merge's own. A
 * nested plain object is copied too (onto a copy of what `target` had there),
 * so that its unsafe keys are dropped and no earlier object is shared.
 */
function copyInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  const keys = Object.keys(source)
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    if (isUnsafeKey(key)) continue
    const value = source[key]
    if (!isPlainObject(value)) {
      target[key] = value
      continue
    }
    const current = target[key]
    const nested: Record<string, unknown> = isPlainObject(current) ? { ...current } : {}
    copyInto(nested, value)
    target[key] = nested
  }
}
