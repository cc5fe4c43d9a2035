import { describe, expect, it } from 'vitest'
import { exampleFromSchema } from '../../src/client/logic/example-from-schema'

describe('exampleFromSchema', () => {
  it('fills every property of an object with a value of its type', () => {
    expect(exampleFromSchema({
      type: 'object',
      properties: { title: { type: 'string' }, count: { type: 'integer' }, ratio: { type: 'number' }, done: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } } },
    })).toEqual({ title: 'string', count: 1, ratio: 1, done: false, tags: ['string'] })
  })

  it('prefers default, then examples, const and enum', () => {
    expect(exampleFromSchema({ type: 'string', default: 'd', examples: ['e'] })).toBe('d')
    expect(exampleFromSchema({ type: 'string', examples: ['e'] })).toBe('e')
    expect(exampleFromSchema({ const: 'fixed' })).toBe('fixed')
    expect(exampleFromSchema({ type: 'string', enum: ['admin', 'member'] })).toBe('admin')
  })

  it('meets string lengths and formats', () => {
    expect(exampleFromSchema({ type: 'string', minLength: 10 })).toHaveLength(10)
    expect(exampleFromSchema({ type: 'string', maxLength: 3 })).toBe('str')
    expect(exampleFromSchema({ type: 'string', format: 'email' })).toBe('user@example.com')
    expect(exampleFromSchema({ type: 'string', format: 'uuid' })).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('meets numeric bounds', () => {
    expect(exampleFromSchema({ type: 'integer', minimum: 1, maximum: 5 })).toBe(1)
    expect(exampleFromSchema({ type: 'number', exclusiveMinimum: 0 })).toBe(1)
    expect(exampleFromSchema({ type: 'integer', minimum: 10, maximum: 5 })).toBe(5)
    expect(exampleFromSchema({ type: 'integer', minimum: 3, multipleOf: 5 })).toBe(5)
  })

  it('honours minItems and tuples', () => {
    expect(exampleFromSchema({ type: 'array', items: { type: 'integer' }, minItems: 3 })).toEqual([1, 1, 1])
    expect(exampleFromSchema({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }] })).toEqual(['string', false])
  })

  it('takes the first non-null branch of a union and merges allOf', () => {
    expect(exampleFromSchema({ anyOf: [{ type: 'null' }, { type: 'string' }] })).toBe('string')
    expect(exampleFromSchema({ type: ['null', 'integer'] })).toBe(1)
    expect(exampleFromSchema({ allOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'boolean' } } }] })).toEqual({ a: 'string', b: false })
  })

  it('follows local $refs and stops on recursive ones', () => {
    const tree = { $defs: { node: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/node' } } } }, $ref: '#/$defs/node' }
    const example = exampleFromSchema(tree) as Record<string, unknown>
    expect(example.name).toBe('string')
    expect(JSON.stringify(example).length).toBeLessThan(500)
  })

  it('gives undefined for an empty schema, and {} for an object without properties', () => {
    expect(exampleFromSchema(null)).toBeUndefined()
    expect(exampleFromSchema({})).toBeUndefined()
    expect(exampleFromSchema({ type: 'object' })).toEqual({})
  })

  it('pre-fills the playground todo schema as zod 4 renders it', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { title: { type: 'string', minLength: 1, maxLength: 120 } }, required: ['title'], additionalProperties: false }
    expect(exampleFromSchema(schema)).toEqual({ title: 'string' })
  })
})
