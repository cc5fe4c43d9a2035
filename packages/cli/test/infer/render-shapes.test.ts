// The schema each library gets for an inferred shape, evaluated with the real library: every
// example it was inferred from validates, and a value of another type does not.
import { type } from 'arktype'
import fc from 'fast-check'
import * as v from 'valibot'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { arktypeShape } from '../../../../templates/shapes/arktype'
import { valibotShape } from '../../../../templates/shapes/valibot'
import { zodShape } from '../../../../templates/shapes/zod'
import type { InputShape } from '../../../../templates/types'
import { inferExamplesShape } from '../../src/infer/infer-shape'

type Check = (value: unknown) => boolean

const libraries: Record<'zod' | 'valibot' | 'arktype', (shape: InputShape) => { code: string, check: Check }> = {
  zod: (shape) => {
    const code = zodShape(shape, '  ')
    const schema = new Function('z', `return ${code}`)(z) as z.ZodType
    return { code, check: value => schema.safeParse(value).success }
  },
  valibot: (shape) => {
    const code = valibotShape(shape, '  ')
    const schema = new Function('v', `return ${code}`)(v) as v.GenericSchema
    return { code, check: value => v.safeParse(schema, value).success }
  },
  arktype: (shape) => {
    const code = arktypeShape(shape, '  ')
    const schema = new Function('type', `return ${code}`)(type) as (value: unknown) => unknown
    return { code, check: value => !(schema(value) instanceof type.errors) }
  },
}

// keys as JSON gives them, with the ones each library reads as syntax thrown in; refused before
// inference (check-examples): __proto__, a leading backslash for arktype, and an optional key that
// every object inherits (left out here, keys like constructor are tested in example.test.ts)
const key = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('a?', '[a]', '...', '+', 'done', 'due-date', '', 'a\'b', 'line\nbreak', '\u2028'),
).filter(name => !(name in Object.prototype) && !name.startsWith('\\'))
const json = fc.letrec(tie => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ unit: 'binary' }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(number => Object.is(number, -0) ? 0 : number),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
}))
const examples = fc.array(fc.oneof(json.object, fc.array(json.value, { maxLength: 4 })), { minLength: 1, maxLength: 4 })

describe.each(Object.keys(libraries) as (keyof typeof libraries)[])('the %s schema of an inferred shape', (library) => {
  it('accepts every example it was inferred from', () => {
    fc.assert(fc.property(examples, (values) => {
      const { code, check } = libraries[library](inferExamplesShape(values))
      for (const value of values) {
        if (!check(JSON.parse(JSON.stringify(value)))) throw new Error(`${code}\nrefused ${JSON.stringify(value)}`)
      }
    }), { numRuns: 300 })
  })

  it('refuses a wrong type, a missing required key, a fraction for an integer, and null where none was seen', () => {
    const { check } = libraries[library](inferExamplesShape([{ title: 'x', done: false, count: 1, tags: ['a'] }, { title: 'y', done: true, count: 2, note: null }]))
    expect(check({ title: 'z', done: true, count: 3, tags: [], note: null })).toBe(true)
    expect(check({ title: 'z', done: true, count: 3 })).toBe(true)
    expect(check({ title: 1, done: true, count: 3 })).toBe(false)
    expect(check({ done: true, count: 3 })).toBe(false)
    expect(check({ title: 'z', done: true, count: 3.5 })).toBe(false)
    expect(check({ title: 'z', done: null, count: 3 })).toBe(false)
    expect(check({ title: 'z', done: true, count: 3, tags: [1] })).toBe(false)
    expect(check([])).toBe(false)
  })

  it('keeps keys that look like syntax as plain keys', () => {
    const { check } = libraries[library](inferExamplesShape([{ 'a?': 1, '[b]': 'x', '...': true, '+': null, 'it\'s': 's' }]))
    expect(check({ 'a?': 1, '[b]': 'x', '...': true, '+': null, 'it\'s': 's' })).toBe(true)
    expect(check({ '[b]': 'x', '...': true, '+': null, 'it\'s': 's' })).toBe(false)
    expect(check({ 'a?': 1, '[b]': 2, '...': true, '+': null, 'it\'s': 's' })).toBe(false)
  })
})
