import type { ActionErrorData } from '../../types'
import { logInDevelopment } from '../../internal/dev-logger'
import { toSafeFieldErrors } from '../field-errors'
import { invalidErrorField } from '../sendable-error'

/**
 * The envelope a reporter (an `action-route:error` hook) set, copied down to
 * the four fields a client may see; one that cannot be sent is logged and
 * the original stays. `given === original` when nothing replaced it.
 * @example
 * const sent = checkedEnvelope(context.envelope, original)
 */
export function checkedEnvelope(given: ActionErrorData, original: ActionErrorData): ActionErrorData {
  if (given === original) return original
  try {
    const { code, message, statusCode = 500, fieldErrors } = given ?? {} as ActionErrorData
    const envelope: ActionErrorData = { code, message, statusCode }
    const invalid = invalidErrorField(envelope)
    if (invalid) {
      console.error('[action-route]', `An action-route:error hook set an envelope that cannot be sent (${invalid}); the client got ${original.code}`)
      return original
    }
    const safeFieldErrors = toSafeFieldErrors(fieldErrors)
    if (safeFieldErrors) envelope.fieldErrors = safeFieldErrors
    return envelope
  }
  catch (readFailure) {
    logInDevelopment('error', 'The envelope an action-route:error hook set could not be read', readFailure)
    return original
  }
}
