import { describe, expectTypeOf, it } from 'vitest'
import { createActionClient, defineAction } from '../../src/runtime/server'
import { createActionClient as createActionClientV2, defineAction as defineActionV2 } from '../../src/runtime/server/h3-v2'
import type { ModuleOptions } from '../../src/module'

describe('trustedOrigins types', () => {
  it('defineAction takes a list of origins, a readonly one too, on both entries', () => {
    defineAction({ trustedOrigins: ['https://pay.example'], handler: () => null })
    defineAction({ trustedOrigins: ['*'] as const, handler: () => null })
    defineActionV2({ trustedOrigins: ['https://pay.example'], handler: () => null })
  })

  it('a single origin as a string, or anything but strings, does not compile', () => {
    // @ts-expect-error a list, not one string
    defineAction({ trustedOrigins: 'https://pay.example', handler: () => null })
    // @ts-expect-error origins are strings
    defineAction({ trustedOrigins: [new URL('https://pay.example')], handler: () => null })
    // @ts-expect-error no on/off switch: trust `*` to take posts from any page
    defineAction({ trustedOrigins: true, handler: () => null })
  })

  it('createActionClient carries trustedOrigins to its actions', () => {
    createActionClient({ trustedOrigins: ['https://admin.example'] }).handler(() => null)
    createActionClientV2({ trustedOrigins: ['https://admin.example'] }).handler(() => null)
    // @ts-expect-error a list, not one string
    createActionClient({ trustedOrigins: 'https://admin.example' })
  })

  it('the module option is a list of strings', () => {
    expectTypeOf<ModuleOptions['trustedOrigins']>().toEqualTypeOf<string[]>()
  })
})
