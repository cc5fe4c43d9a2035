import type { InputField, InputShape } from '../../../../templates/types'

/**
 * The shape of one JSON value: integers are numbers that are safe integers,
 * an empty array has items of kind `never` (nothing seen yet).
 * @example
 * inferShape({ title: 'x', done: false })
 * // { kind: 'object', fields: [{ key: 'title', shape: { kind: 'string' }, optional: false }, { key: 'done', shape: { kind: 'boolean' }, optional: false }] }
 */
export function inferShape(value: unknown): InputShape {
  if (value === null) return { kind: 'null' }
  if (typeof value === 'string') return { kind: 'string' }
  if (typeof value === 'boolean') return { kind: 'boolean' }
  if (typeof value === 'number') return { kind: Number.isSafeInteger(value) ? 'integer' : 'number' }
  if (Array.isArray(value)) return { kind: 'array', items: value.map(inferShape).reduce(mergeShapes, { kind: 'never' }) }
  if (typeof value === 'object') {
    return { kind: 'object', fields: Object.entries(value).map(([key, item]) => ({ key, shape: inferShape(item), optional: false })) }
  }
  return { kind: 'unknown' }
}

function mergeFields(left: InputField[], right: InputField[]): InputField[] {
  const byKey = new Map(right.map(field => [field.key, field]))
  const merged = left.map((field) => {
    const other = byKey.get(field.key)
    byKey.delete(field.key)
    return other
      ? { key: field.key, shape: mergeShapes(field.shape, other.shape), optional: field.optional || other.optional }
      : { ...field, optional: true }
  })
  return [...merged, ...[...byKey.values()].map(field => ({ ...field, optional: true }))]
}

// two shapes of the same family merge into one; otherwise they sit side by side in a union
function mergeSameFamily(left: InputShape, right: InputShape): InputShape | undefined {
  if (left.kind === right.kind && left.kind !== 'array' && left.kind !== 'object' && left.kind !== 'union') return left
  const numeric = ['integer', 'number']
  if (numeric.includes(left.kind) && numeric.includes(right.kind)) return { kind: 'number' }
  if (left.kind === 'array' && right.kind === 'array') return { kind: 'array', items: mergeShapes(left.items, right.items) }
  if (left.kind === 'object' && right.kind === 'object') return { kind: 'object', fields: mergeFields(left.fields, right.fields) }
  return undefined
}

/**
 * The shape that accepts both: objects merge key by key (a key missing on one
 * side becomes optional), arrays merge their items, integer and number make
 * number, and different kinds make a union (with `null`, a nullable).
 * @example
 * mergeShapes({ kind: 'integer' }, { kind: 'null' }) // { kind: 'union', options: [{ kind: 'integer' }, { kind: 'null' }] }
 */
export function mergeShapes(left: InputShape, right: InputShape): InputShape {
  if (left.kind === 'never') return right
  if (right.kind === 'never') return left
  const options = [...(left.kind === 'union' ? left.options : [left])]
  for (const shape of right.kind === 'union' ? right.options : [right]) {
    const index = options.findIndex(option => mergeSameFamily(option, shape))
    if (index === -1) options.push(shape)
    else options[index] = mergeSameFamily(options[index]!, shape)!
  }
  return options.length === 1 ? options[0]! : { kind: 'union', options }
}

/**
 * The shape every example fits.
 * @example
 * inferExamplesShape([{ title: 'x' }, { title: 'y', done: true }])
 * // an object: title a string, done an optional boolean
 */
export function inferExamplesShape(examples: readonly unknown[]): InputShape {
  return examples.map(inferShape).reduce(mergeShapes, { kind: 'never' })
}

/**
 * The shape of a query string described by examples: every value arrives as
 * a string, and a key given as an array may also arrive once, as a string.
 * @example
 * inferQueryShape([{ search: 'milk', page: 2 }]) // search and page both strings
 */
export function inferQueryShape(examples: readonly Record<string, unknown>[]): InputShape {
  const asQuery = examples.map(example => Object.fromEntries(Object.entries(example).map(([key, value]) => [
    key,
    Array.isArray(value) ? value.map(String) : String(value),
  ])))
  const shape = inferExamplesShape(asQuery)
  if (shape.kind !== 'object') return shape
  const string: InputShape = { kind: 'string' }
  return {
    kind: 'object',
    fields: shape.fields.map(field => ({ ...field, shape: mergeShapes(string, field.shape) })),
  }
}
