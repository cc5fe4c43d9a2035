import { isUnsafeKey } from '../../internal/safe-json'
import { isPlainObject } from '../../internal/is-plain-object'

/**
 * Deep-merges `added` into `base` without touching either: own enumerable keys
 * only, symbols included; plain objects merge recursively; arrays, class
 * instances and everything else are replaced; `__proto__`, `constructor` and
 * `prototype` are dropped.
 * @example
 * mergeContext({ user: { id: 1 } }, { user: { role: 'admin' } }) // { user: { id: 1, role: 'admin' } }
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
function copyInto(target: Record<PropertyKey, unknown>, source: Record<PropertyKey, unknown>): void {
  const keys = Object.keys(source)
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    if (!isUnsafeKey(key)) copyKey(target, source, key)
  }
  // symbol keys are typed as present by `next({ ctx })`, so they are kept too (no symbol is an unsafe key)
  const symbols = Object.getOwnPropertySymbols(source)
  for (let index = 0; index < symbols.length; index++) {
    const symbol = symbols[index]!
    if (Object.prototype.propertyIsEnumerable.call(source, symbol)) copyKey(target, source, symbol)
  }
}

function copyKey(target: Record<PropertyKey, unknown>, source: Record<PropertyKey, unknown>, key: PropertyKey): void {
  const value = source[key]
  if (!isPlainObject(value)) {
    target[key] = value
    return
  }
  const current = target[key]
  const nested: Record<PropertyKey, unknown> = isPlainObject(current) ? { ...current } : {}
  copyInto(nested, value)
  target[key] = nested
}
