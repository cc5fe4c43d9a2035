type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | Blob | ((...args: never[]) => unknown)
type Deeper = [never, 0, 1, 2, 3, 4, 5, 6]

/**
 * Every field name of an input type, as a form names its inputs: the keys,
 * `address.city` for a nested object, `tags.${number}` and
 * `items.${number}.name` for arrays; eight levels at most. Any string for
 * an action without an input schema (`unknown`).
 * @example
 * type Names = FieldPath<{ address: { city: string }, tags: string[] }> // 'address' | 'address.city' | 'tags' | `tags.${number}`
 */
export type FieldPath<T, D extends number = 7> = unknown extends T ? string : PathOf<NonNullable<T>, D>

type PathOf<T, D extends number> = [D] extends [never] ? never
  : T extends Leaf ? never
    : T extends readonly (infer E)[] ? `${number}` | `${number}.${PathOf<NonNullable<E>, Deeper[D]>}`
      : T extends object ? { [K in keyof T & string]-?: K | `${K}.${PathOf<NonNullable<T[K]>, Deeper[D]>}` }[keyof T & string]
        : never

/**
 * A form's field errors, by field name: the envelope's `fieldErrors`, whose
 * keys are the same dot paths, plus `_root` for the whole input.
 * @example
 * const errors: FormFieldErrors<{ address: { city: string } }> = { 'address.city': ['Required'] }
 */
export type FormFieldErrors<T> = Partial<Record<FieldPath<T> | '_root', string[]>>

/**
 * What `field(name)` gives a control: its name, `aria-invalid` while the
 * field has errors, and what it shows: the `value` of a text control (the
 * initial one, or what was posted when the page came back with errors), a
 * checkbox's or radio's own `value` and `checked`, `multiple` for a
 * multiple select.
 * @example
 * // <input v-bind="field('address.city')">  <input v-bind="field('arrival', { value: 'friday' })" type="radio">
 */
export interface FormFieldAttrs<N extends string = string> {
  'name': N
  'value'?: string
  'checked'?: boolean
  'multiple'?: true
  'aria-invalid'?: 'true'
}

/**
 * What `option(name, value)` gives an `<option>` of a select bound with
 * `field(name)`: its value, and `selected` when the field holds it.
 * @example
 * // <select v-bind="field('meal')"><option v-bind="option('meal', 'veggie')">Vegetarian</option></select>
 */
export interface FormOptionAttrs {
  value: string
  selected: boolean
}
