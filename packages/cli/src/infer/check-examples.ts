import type { InputShape, RouteMethod, SchemaLibrary } from '../../../../templates/types'
import { CliError } from '../cli-error'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

function where(path: string): string {
  return path ? ` at ${path}` : ''
}

function checkJson(value: unknown, path: string, schema: SchemaLibrary): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new CliError(`The example holds ${value}${where(path)}, which JSON cannot carry.`)
    return
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkJson(item, `${path}[${index}]`, schema))
    return
  }
  if (!isPlainObject(value)) throw new CliError(`The example holds ${typeof value === 'object' ? 'an object that is not plain JSON' : `a ${typeof value}`}${where(path)}: give JSON values only.`)
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__') throw new CliError(`The example has a "__proto__" key${where(path)}: rename it, a schema cannot declare that field.`)
    // arktype reads a leading backslash in a key as an escape, so such a key cannot be written as itself
    if (schema === 'arktype' && key.startsWith('\\')) throw new CliError(`The example has the key ${JSON.stringify(key)}${where(path)}: arktype cannot declare a key starting with a backslash.`)
    checkJson(item, `${path}.${key}`, schema)
  }
}

/**
 * Refuses examples that cannot describe the input of a route: values JSON
 * cannot carry, a body that is not an object or an array, or for GET and
 * HEAD (whose input is the query string) anything but a flat object.
 * @example
 * checkExamples([{ title: 'x' }], { method: 'post', schema: 'zod' }) // passes
 * checkExamples(['x'], { method: 'post', schema: 'zod' }) // throws a BAD_INPUT CliError
 */
export function checkExamples(examples: readonly unknown[], options: { method: RouteMethod, schema: SchemaLibrary }): void {
  const query = options.method === 'get' || options.method === 'head'
  examples.forEach((example, index) => {
    const which = examples.length > 1 ? `Example ${index + 1}` : 'The example'
    checkJson(example, '', options.schema)
    if (query) {
      if (!isPlainObject(example)) throw new CliError(`${which} is not an object: a ${options.method.toUpperCase()} route's input is its query string, so give its keys and values, like {"search":"milk"}.`)
      for (const [key, value] of Object.entries(example)) {
        const flat = (item: unknown) => item === null || typeof item !== 'object'
        if (!flat(value) && !(Array.isArray(value) && value.every(flat))) {
          throw new CliError(`${which} nests an object at ${key}: a query string holds only values and lists of values.`)
        }
      }
    }
    else if (example === null || typeof example !== 'object') {
      throw new CliError(`${which} is ${JSON.stringify(example)}: a ${options.method.toUpperCase()} body must be a JSON object or array, like {"title":"Buy milk"}.`)
    }
  })
}

/**
 * Refuses an optional key named like a member of every object (`constructor`,
 * `toString`...): the schema libraries read it through the prototype when it
 * is absent, so a body without it would be refused.
 * @example
 * checkOptionalKeys(inferExamplesShape([{ constructor: 'x' }, {}])) // throws a BAD_INPUT CliError
 */
export function checkOptionalKeys(shape: InputShape, path = ''): void {
  if (shape.kind === 'array') checkOptionalKeys(shape.items, `${path}[]`)
  if (shape.kind === 'union') for (const option of shape.options) checkOptionalKeys(option, path)
  if (shape.kind !== 'object') return
  for (const field of shape.fields) {
    if (field.optional && field.key in Object.prototype) {
      throw new CliError(`The key "${field.key}"${where(path)} is missing from some examples: give it in every example (or rename it), since schema libraries read an absent "${field.key}" from the object's prototype.`)
    }
    checkOptionalKeys(field.shape, `${path}.${field.key}`)
  }
}
