import { describe, expect, it } from 'vitest'
import { formToInput } from '../../src/runtime/app/forms/form-input'

describe('formToInput', () => {
  it('nests dot paths into objects and arrays', () => {
    expect(formToInput([['name', 'Ada'], ['address.city', 'Oslo'], ['tags.0', 'a'], ['tags.1', 'b'], ['items.0.name', 'pen'], ['items.0.qty', '2']])).toEqual({
      name: 'Ada',
      address: { city: 'Oslo' },
      tags: ['a', 'b'],
      items: [{ name: 'pen', qty: '2' }],
    })
  })

  it('sends an empty text field as the empty string a browser posts, so `.min(1, message)` shows its own message', () => {
    expect(formToInput([['note', ''], ['address.city', ''], ['items.0.name', ''], ['items.0.qty', '2']])).toEqual({ note: '', address: { city: '' }, items: [{ name: '', qty: '2' }] })
  })

  it('drops the rows left wholly blank at the end of an array, and only those', () => {
    expect(formToInput([['guests.0.name', ''], ['guests.0.age', ''], ['guests.1.name', 'Bo'], ['guests.2.name', ''], ['guests.2.pet.name', '']])).toEqual({ guests: [{ name: '', age: '' }, { name: 'Bo' }] })
    expect(formToInput([['tags.0', ''], ['tags.1', '']])).toEqual({ tags: [] })
    expect(formToInput([['tags.0', 'a'], ['tags.1', '']])).toEqual({ tags: ['a'] })
  })

  it('leaves out a file input with no file chosen: it is no file', () => {
    expect(formToInput([['title', ''], ['file', new File([], '')]])).toEqual({ title: '' })
  })

  it('makes a list of a name given twice', () => {
    expect(formToInput([['tag', 'a'], ['tag', 'b'], ['tag', 'c']])).toEqual({ tag: ['a', 'b', 'c'] })
  })

  it('drops entries through __proto__, constructor or prototype', () => {
    const input = formToInput([['__proto__.polluted', 'yes'], ['a.constructor.prototype.x', '1'], ['ok', '1']])
    expect(input).toEqual({ ok: '1' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('never builds an array longer than the form: a big index makes an object key', () => {
    expect(formToInput([['tags.99999999', 'a']])).toEqual({ tags: { 99999999: 'a' } })
  })

  it('keeps the array slots of a whole form within its entries: a grid of N names each at index N-1 builds no N x N holes', () => {
    const size = 2000
    const input = formToInput(Array.from({ length: size }, (_, index): [string, string] => [`k${index}.${size - 1}`, 'v'])) as Record<string, unknown>
    let slots = 0
    for (const value of Object.values(input)) slots += Array.isArray(value) ? value.length : Object.keys(value as object).length
    expect(slots).toBeLessThanOrEqual(2 * size)
    expect(JSON.stringify(input).length).toBeLessThan(100 * size)
  })

  it('keeps an index skipped by a removed row, so the rows after it keep theirs', () => {
    expect(formToInput([['tags.0', 'a'], ['tags.2', 'c']])).toEqual({ tags: ['a', undefined, 'c'] })
    expect(JSON.stringify(formToInput([['items.0.name', 'a'], ['items.2.name', 'c']]))).toBe('{"items":[{"name":"a"},null,{"name":"c"}]}')
  })

  it('reads a field named like an Object.prototype member as any other name', () => {
    expect(formToInput([['toString', '1'], ['hasOwnProperty', '3'], ['valueOf', '2'], ['a.isPrototypeOf', '4'], ['tags.0', 'x'], ['tags.0', 'y']])).toEqual({
      toString: '1',
      hasOwnProperty: '3',
      valueOf: '2',
      a: { isPrototypeOf: '4' },
      tags: [['x', 'y']],
    })
    expect(formToInput([['toString', '1'], ['toString', '2']])).toEqual({ toString: ['1', '2'] })
  })

  it('sends a form holding a file as FormData of its flat names, empty texts included, without the empty file inputs', () => {
    const file = new File(['hi'], 'a.txt')
    const input = formToInput([['title', 'T'], ['file', file], ['note', ''], ['other', new File([], '')]])
    expect(input).toBeInstanceOf(FormData)
    expect([...(input as FormData).keys()]).toEqual(['title', 'file', 'note'])
    expect((input as FormData).get('note')).toBe('')
    expect((input as FormData).get('file')).toBeInstanceOf(File)
    // an empty file input alone is no file: the input is an object
    expect(formToInput([['title', 'T'], ['file', new File([], '')]])).toEqual({ title: 'T' })
  })
})
