import type { ActionErrorData, FieldErrors } from '../envelope'
import { toSafeFieldErrors } from './field-errors'
import { isErrorStatus } from './sendable-error'

const ACTION_ERROR_BRAND = Symbol.for('action-route.error')

/**
 * An error that reaches the client as is: its code, message, statusCode and
 * fieldErrors. `code`, `statusCode` and `fieldErrors` cannot be reassigned.
 */
export interface ActionError extends Error, ActionErrorData {
  /** For server logs only; never sent. */
  readonly cause?: unknown
}

/** Options of `createActionError`. */
export interface CreateActionErrorOptions {
  code: string
  message: string
  /** HTTP status, 400 to 599. Default 400. */
  statusCode?: number
  fieldErrors?: FieldErrors
  /** Kept for server logs only. */
  cause?: unknown
}

/**
 * Defines a field that assignment cannot change (it throws in strict mode).
 * Still configurable, so `Object.defineProperty` can: the answer is checked
 * again when it is sent.
 */
function defineReadOnly(error: Error, key: string, value: unknown): void {
  Object.defineProperty(error, key, { value, enumerable: true, writable: false, configurable: true })
}

/** A frozen copy of the fieldErrors, its lists frozen too: the caller's object stays its own. */
function frozenFieldErrors(value: unknown): FieldErrors | undefined {
  const fieldErrors = toSafeFieldErrors(value)
  if (!fieldErrors) return undefined
  for (const key of Object.keys(fieldErrors)) Object.freeze(fieldErrors[key])
  return Object.freeze(fieldErrors)
}

class ActionErrorImpl extends Error implements ActionError {
  declare readonly code: string
  declare readonly statusCode: number
  declare readonly fieldErrors?: FieldErrors
  readonly [ACTION_ERROR_BRAND] = true

  constructor(options: CreateActionErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'ActionError'
    defineReadOnly(this, 'code', options.code)
    defineReadOnly(this, 'statusCode', options.statusCode ?? 400)
    if (options.fieldErrors !== undefined) {
      const fieldErrors = frozenFieldErrors(options.fieldErrors)
      if (fieldErrors) defineReadOnly(this, 'fieldErrors', fieldErrors)
    }
  }
}

/**
 * Builds an error to throw from a handler or middleware; the client receives it as is.
 * @example
 * throw createActionError({ code: 'NOT_FOUND', message: 'No such todo', statusCode: 404 })
 */
export function createActionError(options: CreateActionErrorOptions): ActionError {
  if (typeof options?.code !== 'string' || options.code === '') {
    throw new TypeError('createActionError: `code` must be a non-empty string')
  }
  if (typeof options.message !== 'string') {
    throw new TypeError('createActionError: `message` must be a string')
  }
  const statusCode = options.statusCode ?? 400
  if (!isErrorStatus(statusCode)) {
    throw new TypeError(`createActionError: \`statusCode\` must be an integer from 400 to 599, got ${String(options.statusCode)}`)
  }
  return new ActionErrorImpl({ ...options, statusCode })
}

/**
 * Whether a value was made by `createActionError` (checked by brand, never by shape).
 * @example
 * if (isActionError(error)) console.log(error.code)
 */
export function isActionError(value: unknown): value is ActionError {
  return value instanceof Error && (value as { [ACTION_ERROR_BRAND]?: unknown })[ACTION_ERROR_BRAND] === true
}
