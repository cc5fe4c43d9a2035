import { isError as isH3Error } from 'h3'
import type { ActionErrorData, ServerErrorHandler } from './types'
import { isActionError } from './errors'
import { logInDevelopment } from './internal/dev-logger'
import { toSafeFieldErrors } from './internal/field-errors'

const INTERNAL_ERROR: ActionErrorData = Object.freeze({
  code: 'INTERNAL_ERROR',
  message: 'An unexpected error occurred',
  statusCode: 500,
})

function isHttpStatus(value: unknown, min: number): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= 599
}

function internalError(thrown: unknown): ActionErrorData {
  logInDevelopment('error', 'Unhandled error in action (the client got INTERNAL_ERROR)', thrown)
  return { ...INTERNAL_ERROR }
}

/**
 * The one place where a thrown value becomes the error a client sees, case by
 * case in the order of SPEC's Errors table. Nothing of the thrown value leaks
 * beyond code, message, statusCode and fieldErrors.
 */
export function toErrorEnvelope(thrown: unknown, handleServerError?: ServerErrorHandler): ActionErrorData {
  // createActionError, and the runtime's own VALIDATION_ERROR, OUTPUT_VALIDATION_ERROR, PARSE_ERROR...
  if (isActionError(thrown)) {
    const error: ActionErrorData = { code: thrown.code, message: thrown.message, statusCode: thrown.statusCode }
    const fieldErrors = toSafeFieldErrors(thrown.fieldErrors)
    if (fieldErrors) error.fieldErrors = fieldErrors
    return error
  }

  // h3's createError: its status and message, nothing else; errors h3 wrapped for us are internal
  if (isH3Error(thrown) && !thrown.unhandled) {
    return {
      code: 'SERVER_ERROR',
      message: thrown.message || thrown.statusMessage || 'Server error',
      statusCode: isHttpStatus(thrown.statusCode, 400) ? thrown.statusCode : 500,
    }
  }

  // any other Error, through handleServerError when given
  if (thrown instanceof Error && handleServerError) {
    try {
      const mapped: unknown = handleServerError(thrown)
      const { code, message, statusCode = 500 } = (mapped ?? {}) as Partial<ActionErrorData>
      if (typeof code === 'string' && code !== '' && typeof message === 'string' && isHttpStatus(statusCode, 400)) {
        logInDevelopment('error', `Error mapped by handleServerError to ${code}`, thrown)
        return { code, message, statusCode }
      }
      logInDevelopment('error', 'handleServerError returned something other than { code, message, statusCode? }', mapped)
    }
    catch (handlerFailure) {
      logInDevelopment('error', 'handleServerError threw', handlerFailure)
    }
    return internalError(thrown)
  }

  // everything else, including thrown strings, null, undefined and symbols
  return internalError(thrown)
}
