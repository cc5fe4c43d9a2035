import { describe, expect, it } from 'vitest'
import { fieldText, omitField, setFieldText } from '../../src/client/logic/field-input'

describe('the composer\'s Fields mode', () => {
  it('sends an empty text field as the empty string, as a browser\'s form does', () => {
    expect(setFieldText({ title: 'Buy milk' }, 'title', 'string', '')).toEqual({ title: '' })
    expect(setFieldText({}, 'title', 'string', '')).toEqual({ title: '' })
    expect(JSON.stringify(setFieldText({}, 'title', 'string', ''))).toBe('{"title":""}')
  })

  it('leaves a text field out only when asked, and shows a field left out as an empty box', () => {
    expect(omitField({ title: '', done: true }, 'title')).toEqual({ done: true })
    expect(fieldText({}, 'title', 'string')).toBe('')
    expect(fieldText({ title: '' }, 'title', 'string')).toBe('')
  })

  it('parses other fields as JSON, keeps text that is not JSON, and leaves an empty one out', () => {
    expect(setFieldText({}, 'rating', 'integer', '5')).toEqual({ rating: 5 })
    expect(setFieldText({}, 'tags', 'array', '["a"]')).toEqual({ tags: ['a'] })
    expect(setFieldText({}, 'when', undefined, 'soon')).toEqual({ when: 'soon' })
    expect(setFieldText({ rating: 5 }, 'rating', 'integer', '')).toEqual({})
    expect(fieldText({ rating: 5 }, 'rating', 'integer')).toBe('5')
    expect(fieldText({ title: '"quoted"' }, 'title', 'string')).toBe('"quoted"')
  })
})
