/** A value in an action's data that JSON does not carry as it is, and where it sits. */
export interface UnfaithfulValue {
  /** Where it sits, from `data`: `data.tags`, `data.items[2].id`. */
  path: string
  /** What it is and what the client gets instead: `a Set (sent as {})`. */
  problem: string
}

// enough to point at the mistake: a list of 10,000 rows with a BigInt id names the first few
const MAX_REPORTED = 5

const IDENTIFIER = /^[A-Z_$][\w$]*$/i

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`
}

/** What is wrong with one value, or undefined when JSON carries it (or its own toJSON decides). */
function problemOf(value: unknown): string | undefined {
  if (typeof value === 'bigint') return 'a BigInt (JSON cannot hold it: the action answered INTERNAL_ERROR)'
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  // a Date, and anything else that says how it is written
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined
  if (value instanceof Map) return 'a Map (sent as {})'
  if (value instanceof Set) return 'a Set (sent as {})'
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `a ${value.constructor.name} (sent as {})`
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) {
    const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name
    return `an instance of ${typeof name === 'string' && name ? name : 'a class'} (sent as its own fields, without its prototype)`
  }
  return undefined
}

/**
 * The values of an action's data that JSON does not carry faithfully: a
 * BigInt (JSON.stringify throws), a Map, Set, Blob or File (sent as `{}`),
 * an instance of a class other than one with `toJSON` such as Date (sent as
 * a plain object), each with its path from `data`. Walks without recursion,
 * so deep data cannot overflow the stack; a value met again on its own path
 * (a cycle) is not walked twice. For development logs only: it reads every
 * value of the answer.
 * @example
 * findUnfaithfulValues({ tags: new Set(['a']) }) // [{ path: 'data.tags', problem: 'a Set (sent as {})' }]
 */
export function findUnfaithfulValues(data: unknown): UnfaithfulValue[] {
  const found: UnfaithfulValue[] = []
  const seen = new Set<object>()
  const pending: { value: unknown, path: string }[] = [{ value: data, path: 'data' }]
  while (pending.length > 0 && found.length < MAX_REPORTED) {
    const { value, path } = pending.pop()!
    const problem = problemOf(value)
    if (problem) {
      found.push({ path, problem })
      continue
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') continue
    seen.add(value)
    const children: { value: unknown, path: string }[] = Array.isArray(value)
      ? value.map((item, index) => ({ value: item, path: childPath(path, index) }))
      : Object.keys(value).map(key => ({ value: (value as Record<string, unknown>)[key], path: childPath(path, key) }))
    // reversed onto the stack, so the walk reads in document order
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!)
  }
  return found
}

/**
 * The development message for data JSON does not carry faithfully, naming
 * the route and each path; undefined when there is none.
 * @example
 * describeUnfaithfulData('GET', '/api/tags', { tags: new Set() })
 * // 'GET /api/tags answered data JSON does not carry as it is: data.tags is a Set (sent as {})'
 */
export function describeUnfaithfulData(method: string, path: string, data: unknown): string | undefined {
  const found = findUnfaithfulValues(data)
  if (found.length === 0) return undefined
  const list = found.map(entry => `${entry.path} is ${entry.problem}`).join('; ')
  return `${method} ${path} answered data JSON does not carry as it is: ${list}. The client's types follow what JSON sends; convert the value in the handler (a string, a number, an array or a plain object).`
}
