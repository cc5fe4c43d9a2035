/** Form entries the same on both sides: a browser's `FormData`, or one the server read from a posted page. */
export type FormEntries = Iterable<[string, FormDataEntryValue]>

const isUnsafeKey = (key: string): boolean => key === '__proto__' || key === 'constructor' || key === 'prototype'
// a file input with no file chosen: the browser sends a nameless, empty file, which is no file
const isNoFile = (value: FormDataEntryValue): boolean => typeof value !== 'string' && !value.name

/**
 * Puts one value at a dot path. A whole-number segment makes an array, any
 * other an object; a name seen twice becomes a list, as the server reads a
 * flat form. An index past an array's end leaves holes, which all arrays of
 * the form share one budget of (its entry count): past it the index becomes
 * an object key, so no form builds more array slots than twice its entries
 * (`tags.99999999` builds no huge array, nor do a thousand names `kN.999`).
 * Without a value (a file input with no file chosen) only the containers
 * are made, so a required `address.file` fails at its own path.
 */
function setAtPath(target: Record<string, unknown>, path: string[], value: FormDataEntryValue | undefined, budget: { holes: number }): void {
  let node: Record<string, unknown> = target
  for (let index = 0; index < path.length - 1; index++) {
    const key = path[index]!
    const existing = node[key]
    const holes = /^\d+$/.test(path[index + 1]!) ? Number(path[index + 1]) - (Array.isArray(existing) ? existing.length : 0) : Infinity
    const wantsArray = holes <= budget.holes
    if (wantsArray && holes > 0) budget.holes -= holes
    if (typeof existing !== 'object' || existing === null || existing instanceof Blob || Array.isArray(existing) !== wantsArray) {
      // an array out of budget keeps its rows as the keys of an object
      node[key] = wantsArray ? [] : { ...existing as object }
    }
    node = node[key] as Record<string, unknown>
  }
  const last = path[path.length - 1]!
  if (value === undefined) return
  // own keys only: a field named `toString` or `hasOwnProperty` is a name like any other
  const existing = Object.hasOwn(node, last) ? node[last] : undefined
  if (existing === undefined) node[last] = value
  else if (Array.isArray(existing) && !Array.isArray(node)) existing.push(value)
  else node[last] = [existing, value]
}

/**
 * Drops the rows left wholly blank at the end of every array (spare rows of
 * a repeated group), all the way down; answers whether the value holds
 * nothing but empty texts, empty objects and arrays. A hole in an array
 * counts as blank.
 */
function trimBlankRows(value: unknown): boolean {
  if (typeof value !== 'object' || value instanceof Blob) return value === undefined || value === ''
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
 * - an empty text field is the empty string, as a browser posts it (so
 *   `.min(1, 'Write something')` shows its own message); a file input with
 *   no file chosen is left out, as if not sent; rows left wholly blank at
 *   the end of an array are dropped (spare rows);
 * - values stay strings (the schema coerces numbers and booleans, as for a
 *   query) and files stay `File`;
 * - an array's indexes are kept as sent (a removed row leaves a hole), but
 *   the holes of all arrays together are at most the number of entries:
 *   past that, indexes become object keys;
 * - `__proto__`, `constructor` and `prototype` segments drop the entry; any
 *   other name, `toString` or `hasOwnProperty` included, is a name like any other.
 * With a file among the entries the answer is a `FormData` of the same flat
 * names (sent as multipart, as today); otherwise the nested object (sent as JSON).
 * @example
 * formToInput([['address.city', 'Oslo'], ['tags.0', 'a'], ['note', '']]) // { address: { city: 'Oslo' }, tags: ['a'], note: '' }
 * formToInput([['items.0.name', 'pen'], ['items.1.name', '']]) // { items: [{ name: 'pen' }] }
 */
export function formToInput(entries: FormEntries): Record<string, unknown> | FormData {
  const kept = [...entries].filter(([name]) => !name.split('.').some(isUnsafeKey))
  if (kept.some(([, value]) => typeof value !== 'string' && !isNoFile(value))) {
    const form = new FormData()
    for (const [name, value] of kept) if (!isNoFile(value)) form.append(name, value)
    return form
  }
  const input: Record<string, unknown> = {}
  const budget = { holes: kept.length }
  for (const [name, value] of kept) setAtPath(input, name.split('.'), isNoFile(value) ? undefined : value, budget)
  trimBlankRows(input)
  return input
}
