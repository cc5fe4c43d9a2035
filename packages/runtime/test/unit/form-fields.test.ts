import { describe, expect, it } from 'vitest'
import type { FieldSource } from '../../src/runtime/app/forms/internal/form-fields'
import { fieldAttrs, fieldValues, optionAttrs, valueAt } from '../../src/runtime/app/forms/internal/form-fields'
import { validateForm } from '../../src/runtime/app/forms/internal/form-validate'

/** A form's fields before anything was typed, with these initial values. */
function fresh(initial: unknown, hidden: string[] = []): FieldSource {
  return { values: fieldValues(), posted: false, initial, hidden: name => hidden.includes(name) }
}

/** A form's fields after a post without JavaScript came back with errors. */
function afterPost(values: Record<string, string[]>, initial: unknown, hidden: string[] = []): FieldSource {
  return { values: fieldValues(values), posted: true, initial, hidden: name => hidden.includes(name) }
}

const noErrors = {}
const initial = { meal: 'veggie', workshops: ['salsa'], arrival: 'saturday', newsletter: 'yes', note: 'Hi', done: true }

describe('what field() and option() give each kind of control', () => {
  it('a select shows its value through the options: the initial one selected, the others not', () => {
    const source = fresh(initial)
    expect(fieldAttrs(source, noErrors, 'meal')).toEqual({ 'name': 'meal', 'value': 'veggie', 'aria-invalid': undefined })
    expect(['fish', 'veggie', 'vegan'].map(value => optionAttrs(source, 'meal', value))).toEqual([
      { value: 'fish', selected: false },
      { value: 'veggie', selected: true },
      { value: 'vegan', selected: false },
    ])
  })

  it('a multiple select has no value of its own: its options show every choice', () => {
    const source = fresh(initial)
    expect(fieldAttrs(source, noErrors, 'workshops', { multiple: true })).toEqual({ 'name': 'workshops', 'multiple': true, 'aria-invalid': undefined })
    expect(['pottery', 'salsa'].map(value => optionAttrs(source, 'workshops', value).selected)).toEqual([false, true])
    const posted = afterPost({ workshops: ['pottery', 'wine'] }, initial)
    expect(['pottery', 'salsa', 'wine'].map(value => optionAttrs(posted, 'workshops', value).selected)).toEqual([true, false, true])
  })

  it('a radio and a checkbox keep their own value and are checked when the field holds it (or is true)', () => {
    const source = fresh(initial)
    expect(fieldAttrs(source, noErrors, 'arrival', { value: 'friday' })).toEqual({ 'name': 'arrival', 'value': 'friday', 'checked': false, 'aria-invalid': undefined })
    expect(fieldAttrs(source, noErrors, 'arrival', { value: 'saturday' }).checked).toBe(true)
    expect(fieldAttrs(source, noErrors, 'newsletter', { value: 'yes' }).checked).toBe(true)
    expect(fieldAttrs(source, noErrors, 'done', { value: 'on' }).checked).toBe(true)
    expect(fieldAttrs(fresh({}), noErrors, 'newsletter', { value: 'yes' }).checked).toBe(false)
  })

  it('after a failed post, a checkbox the post left out is unchecked, whatever the initial value says', () => {
    const posted = afterPost({ arrival: ['friday'] }, initial)
    expect(fieldAttrs(posted, noErrors, 'newsletter', { value: 'yes' }).checked).toBe(false)
    expect(fieldAttrs(posted, noErrors, 'arrival', { value: 'friday' }).checked).toBe(true)
    expect(fieldAttrs(posted, noErrors, 'arrival', { value: 'saturday' }).checked).toBe(false)
    // a hidden field, or one bound with restore: false, shows its initial value instead
    expect(fieldAttrs(afterPost({}, initial, ['newsletter']), noErrors, 'newsletter', { value: 'yes' }).checked).toBe(true)
    expect(fieldAttrs(posted, noErrors, 'newsletter', { value: 'yes', restore: false }).checked).toBe(true)
  })

  it('a text control (input, textarea) shows what was typed, else the initial value, and no value key when there is none', () => {
    expect(fieldAttrs(fresh(initial), noErrors, 'note').value).toBe('Hi')
    expect(fieldAttrs(afterPost({ note: ['Late'] }, initial), noErrors, 'note').value).toBe('Late')
    expect(fieldAttrs(afterPost({ note: ['Late'] }, initial), noErrors, 'note', { restore: false }).value).toBe('Hi')
    expect(fieldAttrs(fresh({}), noErrors, 'note')).not.toHaveProperty('value')
  })

  it('marks a field with errors aria-invalid', () => {
    expect(fieldAttrs(fresh({}), { note: ['Too long'] }, 'note')['aria-invalid']).toBe('true')
  })

  it('hands the server\'s payload what the fields show of the post, nothing else', () => {
    const shown: Record<string, string[]> = {}
    const source: FieldSource = { ...afterPost({ note: ['Late'], secretish: ['x'], workshops: ['wine'] }, initial), shown: (name, values) => shown[name] = values }
    fieldAttrs(source, noErrors, 'note')
    optionAttrs(source, 'workshops', 'wine')
    expect(shown).toEqual({ note: ['Late'], workshops: ['wine'] })
  })
})

describe('fields named like Object.prototype members', () => {
  const names = ['toString', 'hasOwnProperty', 'isPrototypeOf', 'valueOf', 'constructor']

  it('show nothing and are not invalid when untouched: the prototype is no value and no error', () => {
    for (const name of names) {
      expect(valueAt({}, name)).toBeUndefined()
      expect(fieldAttrs(fresh({}), {}, name)).toEqual({ 'name': name, 'aria-invalid': undefined })
      expect(fieldAttrs(fresh({}), JSON.parse('{}'), name, { value: 'on' }).checked).toBe(false)
      expect(optionAttrs(fresh({}), name, 'a').selected).toBe(false)
    }
  })

  it('show their own values and errors', () => {
    const source = afterPost({ toString: ['typed'] }, { hasOwnProperty: 'first' })
    expect(fieldAttrs(source, { toString: ['Too short'] }, 'toString')).toEqual({ 'name': 'toString', 'value': 'typed', 'aria-invalid': 'true' })
    expect(fieldAttrs(source, {}, 'hasOwnProperty').value).toBe('first')
    expect(fieldAttrs(source, {}, 'isPrototypeOf')).not.toHaveProperty('value')
  })

  it('hand the server\'s payload nothing when untouched, so the page\'s payload holds no function', () => {
    const shown: Record<string, unknown> = {}
    const source: FieldSource = { ...afterPost({}, {}), shown: (name, values) => shown[name] = values }
    for (const name of names) fieldAttrs(source, {}, name)
    expect(shown).toEqual({})
  })

  it('are plain names to the browser\'s validation of a multipart form', async () => {
    const form = new FormData()
    form.append('toString', 'a')
    form.append('file', new File(['x'], 'x.txt'))
    let seen: unknown
    const schema = { '~standard': { version: 1 as const, vendor: 'test', validate: (value: unknown) => {
      seen = value
      return { value }
    } } }
    expect(await validateForm(schema, form)).toBeUndefined()
    expect((seen as Record<string, unknown>).toString).toBe('a')
  })
})
