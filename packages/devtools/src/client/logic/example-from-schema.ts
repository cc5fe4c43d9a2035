import type { JsonSchema } from '../../shared/types'

const MAX_DEPTH = 8

/**
 * A plausible value for a JSON Schema, used to pre-fill the request
 * composer: `default`, `examples`, `const` and `enum` first, then a value of
 * the right type that meets the usual bounds (lengths, ranges, formats).
 * @example
 * exampleFromSchema({ type: 'object', properties: { title: { type: 'string', minLength: 1 } }, required: ['title'] })
 * // { title: 'string' }
 */
export function exampleFromSchema(schema: JsonSchema | null | undefined, root: JsonSchema | null | undefined = schema, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return undefined
  if ('default' in schema) return schema.default
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  if (typeof schema.$ref === 'string') return exampleFromSchema(resolveRef(schema.$ref, root), root, depth + 1)
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (Array.isArray(choices)) {
    const choice = choices.find(option => option.type !== 'null') ?? choices[0]
    return exampleFromSchema(choice, root, depth + 1)
  }
  if (Array.isArray(schema.allOf)) {
    return (schema.allOf as JsonSchema[]).reduce<unknown>((merged, part) => {
      const value = exampleFromSchema(part, root, depth + 1)
      return isPlainObject(merged) && isPlainObject(value) ? { ...merged, ...value } : value ?? merged
    }, undefined)
  }
  switch (typeOf(schema)) {
    case 'object': return exampleObject(schema, root, depth)
    case 'array': return exampleArray(schema, root, depth)
    case 'string': return exampleString(schema)
    case 'integer': return exampleNumber(schema, true)
    case 'number': return exampleNumber(schema, false)
    case 'boolean': return false
    case 'null': return null
    default: return undefined
  }
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = schema.type
  if (Array.isArray(type)) return type.find(entry => entry !== 'null') ?? type[0]
  if (typeof type === 'string') return type
  if (schema.properties) return 'object'
  if (schema.items) return 'array'
  return undefined
}

function exampleObject(schema: JsonSchema, root: JsonSchema | null | undefined, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const result: Record<string, unknown> = {}
  for (const [key, property] of Object.entries(properties)) {
    const value = exampleFromSchema(property, root, depth + 1)
    if (value !== undefined) result[key] = value
  }
  return result
}

function exampleArray(schema: JsonSchema, root: JsonSchema | null | undefined, depth: number): unknown[] {
  if (Array.isArray(schema.prefixItems)) return (schema.prefixItems as JsonSchema[]).map(item => exampleFromSchema(item, root, depth + 1))
  const count = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, 1)
  const limited = typeof schema.maxItems === 'number' ? Math.min(count, schema.maxItems) : count
  const item = exampleFromSchema(schema.items as JsonSchema | undefined, root, depth + 1)
  return item === undefined ? [] : Array.from({ length: limited }, () => item)
}

const FORMATS: Record<string, string> = {
  'email': 'user@example.com',
  'uri': 'https://example.com',
  'url': 'https://example.com',
  'uuid': '00000000-0000-4000-8000-000000000000',
  'date-time': '2025-01-01T00:00:00.000Z',
  'date': '2025-01-01',
  'time': '12:00:00',
  'ipv4': '127.0.0.1',
  'ipv6': '::1',
}

function exampleString(schema: JsonSchema): string {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined
  if (format) return format
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity
  let value = 'string'
  if (value.length < min) value = value.padEnd(min, 'x')
  return value.slice(0, Math.max(max, min))
}

function exampleNumber(schema: JsonSchema, integer: boolean): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined
  const exclusiveMinimum = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined
  let value = minimum ?? (exclusiveMinimum !== undefined ? exclusiveMinimum + 1 : 1)
  if (maximum !== undefined && value > maximum) value = maximum
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf
  return integer ? Math.ceil(value) : value
}

function resolveRef(ref: string, root: JsonSchema | null | undefined): JsonSchema | undefined {
  if (!ref.startsWith('#') || !root) return undefined
  let node: unknown = root
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    node = isPlainObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  }
  return isPlainObject(node) ? node : undefined
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
