import type { FormFieldAttrs, FormOptionAttrs } from '../form-paths'

/** What a form's fields hold, by name: every text the name sends, as a submit sends them (a multiple select, checkboxes of one name). */
export type FieldValues = Record<string, string[]>

/** How `field()` binds a control: a text one by default, a checkbox or radio with its `value`, a `<select multiple>`. */
export interface FieldOptions {
  /** `false`: never shown again after a failed post, nor kept across renders (passwords). */
  restore?: boolean
  /** A checkbox's or radio's own value: the control is `checked` when the field holds it. */
  value?: string
  /** A `<select multiple>`: its options (`option(name, value)`) show the choices; the select gets no `value`. */
  multiple?: boolean
}

/** Where a form's fields take what they show from. */
export interface FieldSource {
  /** What was typed or chosen since, or posted when the page came back with errors (null prototype). */
  values: FieldValues
  /** The values came from a post: a checkbox, radio or option whose name it lacks sent nothing, so is not chosen. */
  posted: boolean
  /** The form's `initial`. */
  initial: unknown
  /** Fields never shown again after a post (`hideFields`): they show `initial`. */
  hidden: (name: string) => boolean
  /** Called with each name whose values a control shows (the server puts them into the page's payload). */
  shown?: (name: string, values: string[]) => void
}

/**
 * A null-prototype copy of field values, so that no name (`toString`,
 * `hasOwnProperty`) reads the prototype.
 * @example
 * fieldValues({ meal: ['veggie'] }).toString // undefined
 */
export function fieldValues(source?: Record<string, string[]>): FieldValues {
  const values: FieldValues = Object.create(null)
  for (const name of source ? Object.keys(source) : []) values[name] = source![name]!
  return values
}

/**
 * The value at a dot path, through own properties only: `toString` is no
 * value of `{}`.
 * @example
 * valueAt({ address: { city: 'Oslo' } }, 'address.city') // 'Oslo'
 * valueAt({}, 'toString') // undefined
 */
export function valueAt(source: unknown, path: string): unknown {
  let node = source
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/** What a name shows: its own values, none when a post lacked a choice, else its initial value. */
function shownValue(source: FieldSource, name: string, choice: boolean, restore: boolean): unknown {
  if (restore && name in source.values) {
    source.shown?.(name, source.values[name]!)
    return source.values[name]
  }
  if (restore && choice && source.posted && !source.hidden(name)) return []
  return valueAt(source.initial, name)
}

const isText = (value: unknown): boolean => value !== null && value !== undefined && typeof value !== 'object' && typeof value !== 'function'

/** Whether a name's value holds this control's value: a list holding it, the same text, or `true`. */
function holds(value: unknown, own: string): boolean {
  if (Array.isArray(value)) return value.some(item => isText(item) && String(item) === own)
  return value === true || (isText(value) && typeof value !== 'boolean' && String(value) === own)
}

/**
 * The attributes of a control bound with `field(name, options)`: its name,
 * `aria-invalid` while it has errors, and what it shows. A text control
 * (input, textarea, single select) gets its `value` (none when there is
 * none, which would empty it); a checkbox or radio its own `value` and
 * `checked`; a multiple select `multiple`, its options showing the choices.
 * @example
 * fieldAttrs(source, errors, 'arrival', { value: 'friday' }) // { name: 'arrival', value: 'friday', checked: false }
 */
export function fieldAttrs<N extends string>(source: FieldSource, errors: Record<string, string[] | undefined>, name: N, options: FieldOptions = {}): FormFieldAttrs<N> {
  const attrs: FormFieldAttrs<N> = { 'name': name, 'aria-invalid': Object.hasOwn(errors, name) && errors[name] ? 'true' : undefined }
  const restore = options.restore !== false
  if (options.value !== undefined) {
    attrs.value = options.value
    attrs.checked = holds(shownValue(source, name, true, restore), options.value)
    return attrs
  }
  if (options.multiple) {
    attrs.multiple = true
    return attrs
  }
  const value = shownValue(source, name, false, restore)
  const text = Array.isArray(value) ? value[0] : value
  // no `value` key at all when there is none: Vue would otherwise empty the control
  if (isText(text)) attrs.value = String(text)
  return attrs
}

/**
 * The attributes of an `<option>` of a select bound with `field(name)`:
 * its value and whether it is `selected`, which is what a page rendered on
 * the server shows (a browser ignores a `<select>`'s own `value`).
 * @example
 * optionAttrs(source, 'meal', 'veggie') // { value: 'veggie', selected: true }
 */
export function optionAttrs(source: FieldSource, name: string, value: string): FormOptionAttrs {
  return { value, selected: holds(shownValue(source, name, true, true), value) }
}
