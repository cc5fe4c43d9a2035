import type { InputShape } from '../types'
import { nullableOf, objectBody, propertyKey } from './literal'

/**
 * A zod schema (zod 3.24+ and 4) for an inferred shape, laid out from `indent`.
 * @example
 * zodShape({ kind: 'array', items: { kind: 'integer' } }, '  ') // 'z.array(z.number().int())'
 */
export function zodShape(shape: InputShape, indent: string): string {
  switch (shape.kind) {
    case 'string': return 'z.string()'
    case 'number': return 'z.number()'
    case 'integer': return 'z.number().int()'
    case 'boolean': return 'z.boolean()'
    case 'null': return 'z.null()'
    case 'unknown':
    case 'never': return 'z.unknown()'
    case 'array': return `z.array(${zodShape(shape.items, indent)})`
    case 'object': return `z.object(${objectBody(shape.fields.map(field => [
      propertyKey(field.key),
      `${zodShape(field.shape, `${indent}  `)}${field.optional ? '.optional()' : ''}`,
    ]), indent)})`
    case 'union': {
      const nullable = nullableOf(shape.options)
      if (nullable) return `${zodShape(nullable, indent)}.nullable()`
      return `z.union([${shape.options.map(option => zodShape(option, indent)).join(', ')}])`
    }
  }
}
