import type { InputShape } from '../types'
import { nullableOf, objectBody, propertyKey } from './literal'

/**
 * A valibot schema (valibot 1.x) for an inferred shape, laid out from `indent`.
 * @example
 * valibotShape({ kind: 'array', items: { kind: 'integer' } }, '  ') // 'v.array(v.pipe(v.number(), v.integer()))'
 */
export function valibotShape(shape: InputShape, indent: string): string {
  switch (shape.kind) {
    case 'string': return 'v.string()'
    case 'number': return 'v.number()'
    case 'integer': return 'v.pipe(v.number(), v.integer())'
    case 'boolean': return 'v.boolean()'
    case 'null': return 'v.null()'
    case 'unknown':
    case 'never': return 'v.unknown()'
    case 'array': return `v.array(${valibotShape(shape.items, indent)})`
    case 'object': return `v.object(${objectBody(shape.fields.map((field) => {
      const value = valibotShape(field.shape, `${indent}  `)
      return [propertyKey(field.key), field.optional ? `v.optional(${value})` : value]
    }), indent)})`
    case 'union': {
      const nullable = nullableOf(shape.options)
      if (nullable) return `v.nullable(${valibotShape(nullable, indent)})`
      return `v.union([${shape.options.map(option => valibotShape(option, indent)).join(', ')}])`
    }
  }
}
