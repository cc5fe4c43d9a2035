import type { ActionErrorData, ServerErrorHandler } from '../types'
import type { ErrorDeclarations } from './declared-errors'
import type { ActionError } from './action-error'
import { isActionError } from './action-error'
import type { ActionHost } from '../lifecycle/action-host'
import { logInDevelopment } from '../internal/dev-logger'
import { toSafeFieldErrors } from './field-errors'
import { invalidErrorField, isErrorStatus } from './sendable-error'
import { honourDeclaration } from './error-declarations'
import { MiddlewareContractError } from './middleware-contract-error'

/** The one INTERNAL_ERROR a client sees, whatever went wrong: copy it, it is frozen. */
export const INTERNAL_ERROR: ActionErrorData = Object.freeze({
  code: 'INTERNAL_ERROR',
  message: 'An unexpected error occurred',
  statusCode: 500,
})

/** Names the action a development message is about: its method, route and file (`GET /api/todos/:id (server/api/todos/[id].get.ts)`). */
export type NameOfAction = () => string

/** ` in GET /api/todos/:id (server/api/todos/[id].get.ts)`, or ` in action` when the caller cannot say which. */
function inAction(name: NameOfAction | undefined): string {
  return name ? ` in ${name()}` : ' in action'
}

function internalError(thrown: unknown, name: NameOfAction | undefined): ActionErrorData {
  logInDevelopment('error', () => `Unhandled error${inAction(name)} (the client got INTERNAL_ERROR)`, thrown)
  return { ...INTERNAL_ERROR }
}

/**
 * An ActionError's four fields, checked as they are now: its fields are only
 * read-only in TypeScript, and a branded error may come from another copy of
 * the runtime. One that createActionError would refuse is a server bug.
 */
function fromActionError(thrown: ActionError): ActionErrorData {
  const error: ActionErrorData = { code: thrown.code, message: thrown.message, statusCode: thrown.statusCode }
  const invalid = invalidErrorField(error)
  if (invalid) {
    logInDevelopment('error', () => `An action error holds a field createActionError would refuse (${invalid}); the client got INTERNAL_ERROR`)
    return { ...INTERNAL_ERROR }
  }
  const fieldErrors = toSafeFieldErrors(thrown.fieldErrors)
  if (fieldErrors) error.fieldErrors = fieldErrors
  return error
}

/**
 * The one place where a thrown value becomes the error a client sees, case by
 * case in the order of the errors table. Nothing of the thrown value leaks
 * beyond code, message, statusCode and fieldErrors, and a value that throws
 * while it is read (a getter, a proxy) answers INTERNAL_ERROR. `hostError`
 * recognises the host h3's own errors (`createError`, `HTTPError`). With the
 * action's `declared` errors, a declared code answers its declared status.
 * `name` names the action in development messages (its method, route and
 * file), called only when one is logged.
 * @example
 * catch (thrown) {
 *   return respondWithError(event, host, toErrorEnvelope(thrown, options.handleServerError, host.hostError, undefined, () => 'GET /api/todos'))
 * }
 */
export function toErrorEnvelope(
  thrown: unknown,
  handleServerError?: ServerErrorHandler,
  hostError?: ActionHost<unknown>['hostError'],
  declared?: ErrorDeclarations,
  name?: NameOfAction,
): ActionErrorData {
  try {
    const error = errorOf(thrown, handleServerError, hostError, name)
    return declared ? honourDeclaration(error, declared) : error
  }
  catch (readFailure) {
    logInDevelopment('error', () => `The value thrown${inAction(name)} could not be read (the client got INTERNAL_ERROR)`, readFailure)
    return { ...INTERNAL_ERROR }
  }
}

function errorOf(thrown: unknown, handleServerError: ServerErrorHandler | undefined, hostError: ActionHost<unknown>['hostError'] | undefined, name: NameOfAction | undefined): ActionErrorData {
  // createActionError, and the runtime's own VALIDATION_ERROR, OUTPUT_VALIDATION_ERROR, PARSE_ERROR...
  if (isActionError(thrown)) return fromActionError(thrown)

  // h3's createError (v1) or HTTPError (v2): its status and message, nothing else; errors h3 wrapped for us are internal
  const fromHost = hostError?.(thrown)
  if (fromHost) {
    return {
      code: 'SERVER_ERROR',
      message: fromHost.message,
      statusCode: isErrorStatus(fromHost.statusCode) ? fromHost.statusCode : 500,
    }
  }

  // a middleware that skipped next() or called it twice: the runtime's own failure, never the app's mapper's
  // its message says it all and names the middleware: one line, not a stack under "Unhandled error"
  if (thrown instanceof MiddlewareContractError) {
    logInDevelopment('warn', thrown.message)
    return { ...INTERNAL_ERROR }
  }

  // any other Error, through handleServerError when given
  if (thrown instanceof Error && handleServerError) {
    try {
      const mapped: unknown = handleServerError(thrown)
      const { code, message, statusCode = 500 } = (mapped ?? {}) as Partial<ActionErrorData>
      const error = { code, message, statusCode }
      if (!invalidErrorField(error)) {
        logInDevelopment('error', () => `Error${inAction(name)} mapped by handleServerError to ${code}`, thrown)
        return error as ActionErrorData
      }
      logInDevelopment('error', () => `handleServerError${inAction(name)} returned something other than { code, message, statusCode? }`, mapped)
    }
    catch (handlerFailure) {
      logInDevelopment('error', () => `handleServerError${inAction(name)} threw`, handlerFailure)
    }
    return internalError(thrown, name)
  }

  // everything else, including thrown strings, null, undefined and symbols
  return internalError(thrown, name)
}
