import { isPlainObject } from '../../internal/is-plain-object'

/** Plain objects (Object's prototype or none) and plain arrays: the values a copy can rebuild. */
function isCopiable(value: unknown): value is object {
  return isPlainObject(value) || (Array.isArray(value) && Object.getPrototypeOf(value) === Array.prototype)
}

/** An array with the source's length, so trailing holes are kept. */
function emptyArrayOfLength(length: number): unknown[] {
  const array: unknown[] = []
  array.length = length
  return array
}

function ownEnumerableKeys(value: object): PropertyKey[] {
  const symbols = Object.getOwnPropertySymbols(value).filter(symbol => Object.prototype.propertyIsEnumerable.call(value, symbol))
  return [...Object.keys(value), ...symbols]
}

/**
 * A copy of a value with every plain object and array in it copied and frozen,
 * at any depth: iterative, so metadata 100k levels deep does not overflow the
 * stack, and a cycle or a shared object is copied once and stays one. Class
 * instances (a Date, a Map), functions and primitives are kept as they are:
 * freezing them would change objects that are not ours, and a copy could not
 * rebuild them. The value given is never changed.
 * @example
 * const metadata = deepFrozenCopy({ roles: ['admin'] })
 * metadata.roles.push('hacker') // TypeError in strict mode
 */
export function deepFrozenCopy<T>(root: T): T {
  if (!isCopiable(root)) return root
  const copies = new Map<object, object>()
  const unfilled: Array<[source: object, copy: object]> = []
  const copyOf = (value: unknown): unknown => {
    if (!isCopiable(value)) return value
    let copy = copies.get(value)
    if (!copy) {
      copy = Array.isArray(value) ? emptyArrayOfLength(value.length) : Object.create(Object.getPrototypeOf(value)) as object
      copies.set(value, copy)
      unfilled.push([value, copy])
    }
    return copy
  }
  const rootCopy = copyOf(root) as T
  while (unfilled.length > 0) {
    const [source, copy] = unfilled.pop()!
    for (const key of ownEnumerableKeys(source)) {
      // defined, not assigned: a `__proto__` key stays a key and never becomes the prototype
      const value = copyOf((source as Record<PropertyKey, unknown>)[key])
      Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true })
    }
  }
  for (const copy of copies.values()) Object.freeze(copy)
  return rootCopy
}
