import { describe, expectTypeOf, it } from 'vitest'
import type { ActionErrorData, RuntimeErrorCode } from '../../src/runtime/server'
import { useActionForm } from '../../src/runtime/app'
import type { ActionCallError, ClientErrorCode } from '../../src/runtime/app/route-map'

// the routes '/api/declared/:id' (GET, PUT) are declared in declared-errors.test-d.ts, '/api/forms/signup' in action-form.test-d.ts

describe('useActionForm\'s error, typed by the route\'s declared errors', () => {
  it('types error, submit\'s result and onError by the declared codes, as useAction does', async () => {
    const form = useActionForm('/api/declared/:id', {
      method: 'PUT',
      params: { id: 1 },
      onError: error => expectTypeOf(error.code).toEqualTypeOf<'UNAUTHORIZED' | 'TITLE_TAKEN' | RuntimeErrorCode | ClientErrorCode>(),
    })
    expectTypeOf(form.error.value).toEqualTypeOf<ActionCallError<'/api/declared/:id', 'PUT'> | null>()
    const result = await form.submit()
    if (!result.success && result.error.code === 'TITLE_TAKEN') expectTypeOf(result.error.statusCode).toEqualTypeOf<422>()
  })

  it('allows an exhaustive switch on error.code without a cast', () => {
    const { error } = useActionForm('/api/declared/:id', { method: 'PUT', params: { id: 1 } })
    const value = error.value
    if (!value) return
    switch (value.code) {
      case 'UNAUTHORIZED': case 'TITLE_TAKEN':
      case 'VALIDATION_ERROR': case 'OUTPUT_VALIDATION_ERROR': case 'PARSE_ERROR': case 'PAYLOAD_TOO_LARGE':
      case 'UNSUPPORTED_MEDIA_TYPE': case 'CROSS_ORIGIN_REQUEST': case 'INTERNAL_ERROR': case 'SERVER_ERROR':
      case 'FETCH_ERROR': case 'TIMEOUT_ERROR': case 'ABORT_ERROR': case 'HTTP_ERROR': case 'INVALID_RESPONSE': case 'METHOD_NOT_ALLOWED':
        break
      default: {
        const unreachable: never = value
        void unreachable
      }
    }
    switch (value.code) {
      case 'TITLE_TAKEN':
        break
      default:
        // @ts-expect-error UNAUTHORIZED and the rest are not handled
        ((unreachable: never) => unreachable)(value)
    }
  })

  it('stays a plain string code for an action that declares none', () => {
    expectTypeOf(useActionForm('/api/forms/signup').error.value).toEqualTypeOf<ActionErrorData | null>()
  })
})
