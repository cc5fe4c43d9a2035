/** The input of the composer's Fields mode: one property per field; a property that is absent is not sent. */
export type FieldValues = Record<string, unknown>

/**
 * The text a field's box shows: a string as is, anything else as JSON, '' for a field left out.
 * @example
 * fieldText({ title: 'Buy milk', rating: 5 }, 'rating', 'integer') // '5'
 */
export function fieldText(values: FieldValues, name: string, type: unknown): string {
  const value = values[name]
  if (value === undefined) return ''
  return type === 'string' && typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * The values with a field's box set to `text`. A text field sends what it holds, the empty
 * string included, as a browser's form does; another field is parsed as JSON (kept as text when it
 * is not JSON), and left out when its box is empty.
 * @example
 * setFieldText({}, 'title', 'string', '') // { title: '' }
 * setFieldText({ rating: 5 }, 'rating', 'integer', '') // {}
 */
export function setFieldText(values: FieldValues, name: string, type: unknown, text: string): FieldValues {
  const next = omitField(values, name)
  if (type === 'string') next[name] = text
  else if (text !== '') next[name] = parseLoosely(text)
  return next
}

/**
 * The values without a field: the request leaves it out.
 * @example
 * omitField({ title: '', done: true }, 'title') // { done: true }
 */
export function omitField(values: FieldValues, name: string): FieldValues {
  return Object.fromEntries(Object.entries(values).filter(([key]) => key !== name))
}

function parseLoosely(text: string): unknown {
  try {
    return JSON.parse(text)
  }
  catch {
    return text
  }
}
