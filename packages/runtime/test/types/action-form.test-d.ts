import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import type { FieldPath, FormFieldErrors } from '../../src/runtime/app'
import { useActionForm } from '../../src/runtime/app'
import { signupSchema } from './form-routes/signup.post'

// the routes of these tests, as the module would generate them
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/forms/signup': { post: typeof import('./form-routes/signup.post').default }
    '/api/forms/report': { get: typeof import('./form-routes/report.get').default }
    '/api/forms/notes/:id': { patch: typeof import('./form-routes/note.patch').default }
    '/api/forms/anything': { post: typeof import('./form-routes/anything.post').default }
    '/api/forms/both': { get: typeof import('./form-routes/report.get').default, post: typeof import('./form-routes/signup.post').default }
  }
}

describe('useActionForm field names', () => {
  it('are the input\'s dot paths, nested objects and arrays included', () => {
    type Names = FieldPath<{ name: string, address: { city: string, zip?: string }, tags?: string[], items: Array<{ name: string, qty: number }> }>
    expectTypeOf<Names>().toEqualTypeOf<
      'name' | 'address' | 'address.city' | 'address.zip' | 'tags' | `tags.${number}` | 'items' | `items.${number}` | `items.${number}.name` | `items.${number}.qty`
    >()
    const { field, fieldErrors } = useActionForm('/api/forms/signup')
    expectTypeOf(field('address.city')).toEqualTypeOf<{ 'name': 'address.city', 'value'?: string, 'checked'?: boolean, 'multiple'?: true, 'aria-invalid'?: 'true' }>()
    field('items.1.name')
    field('tags.0')
    expectTypeOf(fieldErrors.value['items.0.qty']).toEqualTypeOf<string[] | undefined>()
    expectTypeOf(fieldErrors.value._root).toEqualTypeOf<string[] | undefined>()
  })

  it('refuse a name the input does not have', () => {
    const { field, fieldErrors } = useActionForm('/api/forms/signup')
    // @ts-expect-error no such field
    field('address.street')
    // @ts-expect-error an array index is a number
    field('items.first.name')
    // @ts-expect-error a leaf has no fields
    field('name.first')
    // @ts-expect-error no such field in the errors either
    void fieldErrors.value['adress.city']
  })

  it('are any string for an action without an input schema', () => {
    const { field } = useActionForm('/api/forms/anything')
    field('whatever.you.like')
    expectTypeOf<FormFieldErrors<unknown>>().toEqualTypeOf<Partial<Record<string, string[]>>>()
  })
})

describe('useActionForm selects, checkboxes and radios', () => {
  it('binds a checkbox or radio by its own value, a multiple select, and each option by the field\'s name', () => {
    const { field, option } = useActionForm('/api/forms/signup')
    expectTypeOf(field('tags', { multiple: true }).multiple).toEqualTypeOf<true | undefined>()
    expectTypeOf(field('name', { value: 'yes' }).checked).toEqualTypeOf<boolean | undefined>()
    expectTypeOf(option('tags', 'a')).toEqualTypeOf<{ value: string, selected: boolean }>()
    // @ts-expect-error no such field
    option('tagz', 'a')
    // @ts-expect-error an option's value is text
    option('tags', 1)
  })
})

describe('useActionForm options and state', () => {
  it('takes the input\'s field names in hideFields, and no other', () => {
    useActionForm('/api/forms/signup', { hideFields: ['address', 'items.0.name', 'name'] })
    // @ts-expect-error no such field
    useActionForm('/api/forms/signup', { hideFields: ['adress'] })
    useActionForm('/api/forms/anything', { hideFields: ['whatever.you.like'] })
  })

  it('types initial values, data and the route\'s params and method', () => {
    const { data } = useActionForm('/api/forms/signup', { initial: { address: { city: 'Oslo' }, items: [{ qty: 1 }] } })
    expectTypeOf(data.value).toEqualTypeOf<{ id: number, name: string } | null>()
    const note = useActionForm('/api/forms/notes/:id', { method: 'PATCH', params: { id: 1 } })
    note.field('attachment')
    // @ts-expect-error initial values follow the input
    useActionForm('/api/forms/signup', { initial: { address: { city: 1 } } })
    // @ts-expect-error a param the route does not have
    useActionForm('/api/forms/notes/:id', { params: { slug: 'x' } })
  })

  it('validates with a schema of the same input only', () => {
    useActionForm('/api/forms/signup', { validate: signupSchema })
    // @ts-expect-error another input's schema
    useActionForm('/api/forms/signup', { validate: z.object({ title: z.string() }) })
  })

  it('posts only to a route with a method that has a body', () => {
    // @ts-expect-error a GET action is not a form's action
    useActionForm('/api/forms/report')
    // @ts-expect-error not a route of the app
    useActionForm('/api/forms/nowhere')
    // a route with GET and POST: the form posts, typed by the POST handler
    const both = useActionForm('/api/forms/both')
    both.field('address.city')
    // @ts-expect-error a form never sends GET
    useActionForm('/api/forms/both', { method: 'GET' })
  })
})
