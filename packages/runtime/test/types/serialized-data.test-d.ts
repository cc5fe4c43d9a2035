import { describe, expectTypeOf, it } from 'vitest'
import type { Serialized } from '../../src/runtime/app/serialized'
import { $action, useAction, useActionForm, useActionQuery } from '../../src/runtime/app'

// what the module generates into .nuxt/types/action-routes.d.ts for these files
declare module '../../src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/serialized/wire': { get: typeof import('./serialized-routes/wire.get').default }
    '/api/serialized/date': { post: typeof import('./serialized-routes/date.post').default }
    '/api/serialized/nothing': { post: typeof import('./serialized-routes/nothing.post').default }
    '/api/serialized/big': { post: typeof import('./serialized-routes/big.post').default }
    '/api/serialized/schema': { post: typeof import('./serialized-routes/schema.post').default }
  }
}

describe('client data is typed as JSON carries it', async () => {
  const result = await $action('/api/serialized/wire')
  if (!result.success) throw new Error('typed only')
  const data = result.data

  it('a Date is a string, also when optional, nested, in an array or a record', () => {
    expectTypeOf(data.when).toEqualTypeOf<string>()
    // @ts-expect-error a string has no getFullYear: the mistake that threw during SSR
    void data.when.getFullYear()
    expectTypeOf(data.whenMaybe).toEqualTypeOf<string | undefined>()
    expectTypeOf(data.nested.deeper.when).toEqualTypeOf<string>()
    expectTypeOf(data.dates).toEqualTypeOf<string[]>()
    expectTypeOf(data.byKey).toEqualTypeOf<{ [key: string]: string }>()
    expectTypeOf(data.optional).toEqualTypeOf<{ label?: string, at?: string }>()
  })

  it('a Map, a Set and a Blob (or File) are empty objects, as JSON.stringify writes them', () => {
    expectTypeOf(data.map).toEqualTypeOf<Record<string, never>>()
    expectTypeOf(data.set).toEqualTypeOf<Record<string, never>>()
    expectTypeOf(data.file).toEqualTypeOf<Record<string, never>>()
  })

  it('toJSON is respected', () => {
    expectTypeOf(data.money).toEqualTypeOf<string>()
  })

  it('a class instance keeps its fields and loses its methods', () => {
    expectTypeOf(data.point).toEqualTypeOf<{ x: number, y: number }>()
  })

  it('keys holding functions or only undefined are dropped; a key that may be undefined stays', () => {
    expectTypeOf(data).not.toHaveProperty('save')
    expectTypeOf(data).not.toHaveProperty('gone')
    expectTypeOf(data.note).toEqualTypeOf<string | undefined>()
  })

  it('in an array or tuple, undefined and functions become null', () => {
    expectTypeOf(data.list).toEqualTypeOf<(number | null)[]>()
    expectTypeOf(data.pair).toEqualTypeOf<[string, null]>()
  })

  it('primitives and null are unchanged', () => {
    expectTypeOf(data.count).toEqualTypeOf<number>()
    expectTypeOf(data.flag).toEqualTypeOf<boolean>()
    expectTypeOf(data.nothing).toEqualTypeOf<null>()
  })
})

describe('top-level data', () => {
  it('a Date returned as the whole data is a string', async () => {
    const result = await $action('/api/serialized/date')
    if (result.success) expectTypeOf(result.data).toEqualTypeOf<string>()
  })

  it('a handler that returns nothing answers data: null', async () => {
    const result = await $action('/api/serialized/nothing')
    if (result.success) expectTypeOf(result.data).toEqualTypeOf<null>()
  })

  it('a bigint cannot be sent (the action answers INTERNAL_ERROR): its field has no type', async () => {
    const result = await $action('/api/serialized/big')
    if (result.success) {
      expectTypeOf(result.data.id).toBeNever()
      expectTypeOf(result.data.name).toEqualTypeOf<string>()
    }
  })

  it('an output schema\'s Date is a string too', async () => {
    const result = await $action('/api/serialized/schema')
    if (result.success) expectTypeOf(result.data.at).toEqualTypeOf<string>()
  })
})

describe('the composables take the same wire types', () => {
  it('useAction, useActionQuery and useActionForm', () => {
    expectTypeOf(useAction('/api/serialized/date').data.value).toEqualTypeOf<string | null>()
    expectTypeOf(useActionQuery('/api/serialized/wire').data.value!.when).toEqualTypeOf<string>()
    expectTypeOf(useActionForm('/api/serialized/date').data.value).toEqualTypeOf<string | null>()
  })
})

describe('Serialized', () => {
  it('keeps any and unknown', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expectTypeOf<Serialized<any>>().toBeAny()
    expectTypeOf<Serialized<unknown>>().toBeUnknown()
  })

  it('drops symbol keys and keeps readonly arrays as arrays', () => {
    const key = Symbol('k')
    expectTypeOf<Serialized<{ [key]: number, a: readonly Date[] }>>().toEqualTypeOf<{ a: string[] }>()
  })
})
