import { describe, expectTypeOf, it } from 'vitest'
import type { ActionErrorData, RuntimeErrorCode } from '../../src/runtime/server'
import { useAction, useActionQuery } from '../../src/runtime/app'
import type { ActionCallError, ClientErrorCode } from '../../src/runtime/app/route-map'

// the routes '/api/declared/:id' (GET, PUT) are declared in declared-errors.test-d.ts

describe('declared errors through useAction and useActionQuery', () => {
  it('useAction types error, execute\'s result and onError by the declared codes', async () => {
    const rename = useAction('/api/declared/:id', {
      method: 'PUT',
      onError: error => expectTypeOf(error.code).toEqualTypeOf<'UNAUTHORIZED' | 'TITLE_TAKEN' | RuntimeErrorCode | ClientErrorCode>(),
    })
    expectTypeOf(rename.error.value).toEqualTypeOf<ActionCallError<'/api/declared/:id', 'PUT'> | null>()
    const result = await rename.execute({ title: 'x' }, { params: { id: 1 } })
    if (!result.success && result.error.code === 'TITLE_TAKEN') expectTypeOf(result.error.statusCode).toEqualTypeOf<422>()
    // an action that declares nothing: a plain string code
    expectTypeOf(useAction('/api/todos', { method: 'POST' }).error.value).toEqualTypeOf<ActionErrorData | null>()
  })

  it('useActionQuery types error by the declared codes, for an exhaustive switch', () => {
    const { error } = useActionQuery('/api/declared/:id', { params: { id: 1 } })
    const value = error.value
    if (!value) return
    switch (value.code) {
      case 'NOT_FOUND': case 'GONE':
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
      case 'NOT_FOUND':
        break
      default:
        // @ts-expect-error GONE and the rest are not handled
        ((unreachable: never) => unreachable)(value)
    }
    expectTypeOf(useActionQuery('/api/todos').error.value).toEqualTypeOf<ActionErrorData | null>()
  })
})
