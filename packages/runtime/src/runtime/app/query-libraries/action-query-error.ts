import type { ActionErrorData, FieldErrors } from '../../server/types'

/**
 * What a query or mutation of Pinia Colada or TanStack Query rejects with
 * when the action answers a failure envelope: the envelope's error, on an
 * `Error` the libraries keep in their `error` state. `TError` is the route's
 * error (its declared codes, the runtime's and the client's), so
 * `error.code` is their union and `error.data`, the error as the envelope
 * carried it, narrows on `code`.
 * @example
 * const error = new ActionQueryError({ code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 })
 * error.code // 'NOT_FOUND'
 * if (error.data.code === 'VALIDATION_ERROR') console.log(error.data.fieldErrors)
 */
export class ActionQueryError<TError extends ActionErrorData = ActionErrorData> extends Error {
  override readonly name = 'ActionQueryError'
  /** The error's code: a declared one, the runtime's own, or the client's (FETCH_ERROR...). */
  readonly code: TError['code']
  /** The answer's HTTP status; 0 when the server was not reached. */
  readonly statusCode: TError['statusCode']
  /** Messages by field (a VALIDATION_ERROR's), when the error has them. */
  readonly fieldErrors: FieldErrors | undefined
  /** The error as the envelope carried it. */
  readonly data: TError

  constructor(error: TError) {
    super(error.message)
    this.code = error.code
    this.statusCode = error.statusCode
    this.fieldErrors = error.fieldErrors
    this.data = error
  }
}

/**
 * Whether a value is an `ActionQueryError` (of any route).
 * @example
 * if (isActionQueryError(error)) console.log(error.code)
 */
export function isActionQueryError(value: unknown): value is ActionQueryError {
  return value instanceof ActionQueryError
}
