import type { InputField, InputShape } from '../types'
import { objectBody, propertyKey, stringLiteral } from './literal'

// a definition is either a string expression ('string | null', 'number.integer[]') or code (an object literal, a tuple expression)
type Definition = { expression: string } | { code: string }

function asCode(definition: Definition): string {
  return 'code' in definition ? definition.code : stringLiteral(definition.expression)
}

// arktype reads a trailing '?', a [bracketed] key, '...' and '+' as syntax: a backslash makes them plain keys
function arktypeKey(key: string): string {
  if (key.endsWith('?')) return `${key.slice(0, -1)}\\?`
  if ((key.startsWith('[') && key.endsWith(']')) || key === '...' || key === '+') return `\\${key}`
  return key
}

function field(entry: InputField, indent: string): [string, string] {
  const value = definitionOf(entry.shape, `${indent}  `)
  const key = arktypeKey(entry.key)
  if (!entry.optional) return [propertyKey(key), asCode(value)]
  // 'key?' where the key reads as itself; otherwise the [value, '?'] form, which leaves the key alone
  return key === entry.key ? [propertyKey(`${key}?`), asCode(value)] : [propertyKey(key), `[${asCode(value)}, '?']`]
}

function definitionOf(shape: InputShape, indent: string): Definition {
  switch (shape.kind) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'unknown': return { expression: shape.kind }
    case 'integer': return { expression: 'number.integer' }
    case 'never': return { expression: 'unknown' }
    case 'array': {
      const items = definitionOf(shape.items, indent)
      if ('code' in items) return { code: `[${items.code}, '[]']` }
      return { expression: items.expression.includes('|') ? `(${items.expression})[]` : `${items.expression}[]` }
    }
    case 'object': return { code: objectBody(shape.fields.map(entry => field(entry, indent)), indent) }
    case 'union': {
      // the string options as one expression, then each object or tuple joined on with [left, '|', right]
      const options = shape.options.map(option => definitionOf(option, indent))
      const expressions = options.flatMap(option => 'expression' in option ? [option.expression] : [])
      const joined: Definition[] = [...(expressions.length ? [{ expression: expressions.join(' | ') }] : []), ...options.filter(option => 'code' in option)]
      if (joined.length === 1) return joined[0]!
      return { code: joined.map(asCode).reduce((left, right) => `[${left}, '|', ${right}]`) }
    }
  }
}

/**
 * An arktype definition (arktype 2.x) for an inferred shape, wrapped in `type(...)`.
 * @example
 * arktypeShape({ kind: 'array', items: { kind: 'integer' } }, '  ') // "type('number.integer[]')"
 */
export function arktypeShape(shape: InputShape, indent: string): string {
  return `type(${asCode(definitionOf(shape, indent))})`
}
