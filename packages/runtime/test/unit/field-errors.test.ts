import { describe, expect, it } from 'vitest'
import { issuesToFieldErrors } from '../../src/runtime/server/errors/field-errors'

describe('fieldErrors', () => {
  it('uses dot paths, numbers as plain segments, path segment objects by key', () => {
    const fieldErrors = issuesToFieldErrors([
      { message: 'Required', path: ['items', 0, 'name'] },
      { message: 'Too short', path: [{ key: 'items' }, { key: 1 }, { key: 'name' }] },
      { message: 'Also bad', path: ['items', 0, 'name'] },
    ])
    expect({ ...fieldErrors }).toEqual({ 'items.0.name': ['Required', 'Also bad'], 'items.1.name': ['Too short'] })
  })

  it('puts issues with an empty path under _root', () => {
    expect({ ...issuesToFieldErrors([{ message: 'Expected object' }, { message: 'x', path: [] }]) })
      .toEqual({ _root: ['Expected object', 'x'] })
  })

  it('is a null-prototype object, so __proto__ and constructor are plain keys', () => {
    const fieldErrors = issuesToFieldErrors([{ message: 'bad', path: ['__proto__'] }, { message: 'bad', path: ['constructor', 'prototype'] }])
    expect(Object.getPrototypeOf(fieldErrors)).toBeNull()
    expect(Object.keys(fieldErrors)).toEqual(['__proto__', 'constructor.prototype'])
    expect(JSON.parse(JSON.stringify(fieldErrors))).toHaveProperty(['__proto__'])
    expect(Object.prototype).not.toHaveProperty('0')
  })

  it('scopes param issues under params.', () => {
    expect({ ...issuesToFieldErrors([{ message: 'bad', path: ['id'] }, { message: 'whole' }], 'params') })
      .toEqual({ 'params.id': ['bad'], 'params': ['whole'] })
  })
})
