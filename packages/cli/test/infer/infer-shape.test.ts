import { describe, expect, it } from 'vitest'
import { inferExamplesShape, inferQueryShape, inferShape, mergeShapes } from '../../src/infer/infer-shape'

const string = { kind: 'string' } as const
const integer = { kind: 'integer' } as const
const number = { kind: 'number' } as const
const boolean = { kind: 'boolean' } as const
const nil = { kind: 'null' } as const

describe('inferShape', () => {
  it('tells strings, integers, numbers, booleans and nulls apart', () => {
    expect([inferShape('x'), inferShape(1), inferShape(1.5), inferShape(true), inferShape(null)]).toEqual([string, integer, number, boolean, nil])
  })

  it('takes an integer too large to be safe as a number', () => {
    expect(inferShape(2 ** 60)).toEqual(number)
    expect(inferShape(Number.MAX_SAFE_INTEGER)).toEqual(integer)
  })

  it('merges the items of an array, and leaves an empty one with items of kind never', () => {
    expect(inferShape([1, 2.5, 3])).toEqual({ kind: 'array', items: number })
    expect(inferShape([])).toEqual({ kind: 'array', items: { kind: 'never' } })
    expect(inferShape(['a', null])).toEqual({ kind: 'array', items: { kind: 'union', options: [string, nil] } })
  })

  it('walks nested objects, keeping the order of the keys', () => {
    expect(inferShape({ user: { name: 'a', tags: ['x'] }, done: false })).toEqual({
      kind: 'object',
      fields: [
        { key: 'user', optional: false, shape: { kind: 'object', fields: [
          { key: 'name', optional: false, shape: string },
          { key: 'tags', optional: false, shape: { kind: 'array', items: string } },
        ] } },
        { key: 'done', optional: false, shape: boolean },
      ],
    })
  })

  it('makes a key optional where the items of an array differ', () => {
    expect(inferShape([{ a: 1 }, { a: 2, b: 'x' }])).toEqual({
      kind: 'array',
      items: { kind: 'object', fields: [{ key: 'a', optional: false, shape: integer }, { key: 'b', optional: true, shape: string }] },
    })
  })
})

describe('mergeShapes', () => {
  it('makes a union of different kinds, without repeats, and folds integer into number', () => {
    expect(mergeShapes(string, integer)).toEqual({ kind: 'union', options: [string, integer] })
    expect(mergeShapes({ kind: 'union', options: [string, integer] }, number)).toEqual({ kind: 'union', options: [string, number] })
    expect(mergeShapes({ kind: 'union', options: [string, nil] }, { kind: 'union', options: [nil, string] })).toEqual({ kind: 'union', options: [string, nil] })
  })

  it('merges objects inside a union with the object already there', () => {
    const withA = inferShape({ a: 1 })
    const merged = mergeShapes(mergeShapes(nil, withA), inferShape({ b: 'x' }))
    expect(merged).toEqual({ kind: 'union', options: [nil, { kind: 'object', fields: [
      { key: 'a', optional: true, shape: integer },
      { key: 'b', optional: true, shape: string },
    ] }] })
  })
})

describe('inferExamplesShape', () => {
  it('makes keys absent in some examples optional, and a key that is sometimes null nullable', () => {
    expect(inferExamplesShape([{ title: 'x', due: null }, { title: 'y', due: '2026-01-01', done: true }])).toEqual({
      kind: 'object',
      fields: [
        { key: 'title', optional: false, shape: string },
        { key: 'due', optional: false, shape: { kind: 'union', options: [nil, string] } },
        { key: 'done', optional: true, shape: boolean },
      ],
    })
  })

  it('keeps an optional key optional whatever the order of the examples', () => {
    const fields = (examples: unknown[]) => (inferExamplesShape(examples) as { fields: unknown[] }).fields
    expect(fields([{ a: 1 }, { a: 1, b: 1 }, { a: 1, b: 2 }])).toContainEqual({ key: 'b', optional: true, shape: integer })
    expect(fields([{ a: 1, b: 1 }, { a: 1 }])).toContainEqual({ key: 'b', optional: true, shape: integer })
  })
})

describe('inferQueryShape', () => {
  it('takes every value as a string, and a list as a string or a list of strings', () => {
    expect(inferQueryShape([{ search: 'milk', page: 2, tags: ['a', 'b'] }, { search: 'eggs' }])).toEqual({
      kind: 'object',
      fields: [
        { key: 'search', optional: false, shape: string },
        { key: 'page', optional: true, shape: string },
        { key: 'tags', optional: true, shape: { kind: 'union', options: [string, { kind: 'array', items: string }] } },
      ],
    })
  })
})
