import { describe, expect, it } from 'vitest'
import { formToInput } from '../../src/runtime/app/internal/form-input'

describe('formToInput', () => {
  it('nests dot paths into objects and arrays', () => {
    expect(formToInput([['name', 'Ada'], ['address.city', 'Oslo'], ['tags.0', 'a'], ['tags.1', 'b'], ['items.0.name', 'pen'], ['items.0.qty', '2']])).toEqual({
      name: 'Ada',
      address: { city: 'Oslo' },
      tags: ['a', 'b'],
      items: [{ name: 'pen', qty: '2' }],
    })
  })

  it('leaves blank fields out but keeps the objects above them, so a required field fails at its own path', () => {
    expect(formToInput([['note', ''], ['address.city', ''], ['items.0.name', ''], ['items.0.qty', '2']])).toEqual({ address: {}, items: [{ qty: '2' }] })
  })

  it('drops the rows left wholly blank at the end of an array, and only those', () => {
    expect(formToInput([['guests.0.name', ''], ['guests.0.age', ''], ['guests.1.name', 'Bo'], ['guests.2.name', ''], ['guests.2.pet.name', '']])).toEqual({ guests: [{}, { name: 'Bo' }] })
    expect(formToInput([['tags.0', ''], ['tags.1', '']])).toEqual({ tags: [] })
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

  it('sends a form holding a file as FormData of its flat names, without the blank entries', () => {
    const file = new File(['hi'], 'a.txt')
    const input = formToInput([['title', 'T'], ['file', file], ['note', ''], ['other', new File([], '')]])
    expect(input).toBeInstanceOf(FormData)
    expect([...(input as FormData).keys()]).toEqual(['title', 'file'])
    expect((input as FormData).get('file')).toBeInstanceOf(File)
    // an empty file input alone is no file: the input is an object
    expect(formToInput([['title', 'T'], ['file', new File([], '')]])).toEqual({ title: 'T' })
  })
})
