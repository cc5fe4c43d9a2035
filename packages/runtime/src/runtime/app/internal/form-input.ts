/** Form entries the same on both sides: a browser's `FormData`, or one the server read from a posted page. */
export type FormEntries = Iterable<[string, FormDataEntryValue]>

const isUnsafeKey = (key: string): boolean => key === '__proto__' || key === 'constructor' || key === 'prototype'
// an empty text, or a file input with no file chosen (sent as a nameless, empty file)
const isBlank = (value: FormDataEntryValue): boolean => !(typeof value === 'string' ? value : value.name)

/**
 * Puts one value at a dot path. A whole-number segment below `maxIndex`
 * makes an array (so `tags.99999999` cannot build a huge one), any other an
 * object; a name seen twice becomes a list, as the server reads a flat form.
 * Without a value only the containers are made, so a blank `address.city`
 * still reads as `address: {}` and its error lands on `address.city`.
 */
function setAtPath(target: Record<string, unknown>, path: string[], value: FormDataEntryValue | undefined, maxIndex: number): void {
  let node: Record<string, unknown> = target
  for (let index = 0; index < path.length - 1; index++) {
    const key = path[index]!
    const wantsArray = /^\d+$/.test(path[index + 1]!) && Number(path[index + 1]) < maxIndex
    const existing = node[key]
    if (typeof existing !== 'object' || existing === null || existing instanceof Blob || Array.isArray(existing) !== wantsArray) {
      node[key] = wantsArray ? [] : {}
    }
    node = node[key] as Record<string, unknown>
  }
  const last = path[path.length - 1]!
  if (value === undefined) return
  const existing = node[last]
  if (existing === undefined) node[last] = value
  else if (Array.isArray(existing) && !Array.isArray(node)) existing.push(value)
  else node[last] = [existing, value]
}

/**
 * Drops the rows left wholly blank at the end of every array (spare rows of
 * a repeated group), all the way down; answers whether the value holds
 * nothing but empty objects and arrays. A hole in an array counts as blank.
 */
function trimBlankRows(value: unknown): boolean {
  if (typeof value !== 'object' || value instanceof Blob) return value === undefined
  const blank = Array.from(Array.isArray(value) ? value : Object.values(value!), trimBlankRows)
  if (Array.isArray(value)) {
    while (blank.at(-1)) {
      blank.pop()
      value.pop()
    }
  }
  return blank.every(Boolean)
}

/**
 * A form's entries to an action's input, read the same way in the browser
 * and on the server for a page posted without JavaScript:
 * - names are dot paths: `address.city` nests, `tags.0` and `items.1.name`
 *   make arrays (a name given twice, like a multiple select, makes a list);
 * - an empty field (an empty text, no file chosen) is left out, as if not
 *   sent, so an optional schema field accepts it; the objects above it are
 *   still made, so a required one fails at its own path, but rows left
 *   wholly blank at the end of an array are dropped (spare rows);
 * - values stay strings (the schema coerces numbers and booleans, as for a
 *   query) and files stay `File`;
 * - `__proto__`, `constructor` and `prototype` segments drop the entry.
 * With a file among the entries the answer is a `FormData` of the same flat
 * names (sent as multipart, as today); otherwise the nested object (sent as JSON).
 * @example
 * formToInput([['address.city', 'Oslo'], ['tags.0', 'a'], ['note', '']]) // { address: { city: 'Oslo' }, tags: ['a'] }
 * formToInput([['address.city', '']]) // { address: {} }
 * formToInput([['items.0.name', 'pen'], ['items.1.name', '']]) // { items: [{ name: 'pen' }] }
 */
export function formToInput(entries: FormEntries): Record<string, unknown> | FormData {
  const kept = [...entries].filter(([name]) => !name.split('.').some(isUnsafeKey))
  if (kept.some(([, value]) => typeof value !== 'string' && !isBlank(value))) {
    const form = new FormData()
    for (const [name, value] of kept) if (!isBlank(value)) form.append(name, value)
    return form
  }
  const input: Record<string, unknown> = {}
  for (const [name, value] of kept) setAtPath(input, name.split('.'), isBlank(value) ? undefined : value, kept.length)
  trimBlankRows(input)
  return input
}
