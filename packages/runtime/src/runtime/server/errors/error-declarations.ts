import type { DeclaredErrorOptions, ErrorDeclaration, ErrorDeclarations, MiddlewareErrorCode, RuntimeErrorCode } from './declared-errors'
import type { ActionErrorData } from '../types'
import type { ActionError } from './action-error'
import { createActionError } from './action-error'
import { isErrorStatus } from './sendable-error'
import { logInDevelopment } from '../internal/dev-logger'
import { isPlainObject } from '../internal/is-plain-object'

/** The runtime's own codes (the errors table, the request limits, and rateLimit's and idempotent's): none can be declared. */
export const RUNTIME_ERROR_CODES = Object.freeze([
  'VALIDATION_ERROR',
  'OUTPUT_VALIDATION_ERROR',
  'PARSE_ERROR',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CROSS_ORIGIN_REQUEST',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'INTERNAL_ERROR',
  'SERVER_ERROR',
] as const satisfies readonly (RuntimeErrorCode | MiddlewareErrorCode)[])

/** The client's own codes, answered without reaching the server (see app/call/call-action.ts). */
export const CLIENT_ERROR_CODES = Object.freeze(['FETCH_ERROR', 'TIMEOUT_ERROR', 'ABORT_ERROR', 'HTTP_ERROR', 'INVALID_RESPONSE', 'METHOD_NOT_ALLOWED'] as const)

const RESERVED = new Set<string>([...RUNTIME_ERROR_CODES, ...CLIENT_ERROR_CODES])
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/
const DECLARATION_KEYS = new Set(['statusCode', 'message'])
const NONE: ErrorDeclarations = Object.freeze({})

function checkDeclaration(code: string, value: unknown, where: string): ErrorDeclaration {
  if (!isPlainObject(value)) throw new TypeError(`${where}: errors.${code} must be an object like { statusCode: 404, message: '...' }`)
  for (const key of Object.keys(value)) {
    if (!DECLARATION_KEYS.has(key)) throw new TypeError(`${where}: errors.${code} has an unknown field \`${key}\` (a declared error has statusCode and message)`)
  }
  if (!isErrorStatus(value.statusCode)) {
    throw new TypeError(`${where}: errors.${code}.statusCode must be an integer from 400 to 599, got ${String(value.statusCode)}`)
  }
  if (value.message !== undefined && typeof value.message !== 'string') {
    throw new TypeError(`${where}: errors.${code}.message must be a string`)
  }
  return Object.freeze(value.message === undefined ? { statusCode: value.statusCode } : { statusCode: value.statusCode, message: value.message })
}

/**
 * Checks an `errors` declaration when the action is defined and returns a
 * frozen copy: codes UPPER_SNAKE and not the runtime's or the client's own,
 * each `{ statusCode: 400..599, message?: string }` and nothing else.
 * @example
 * checkErrorDeclarations({ NOT_FOUND: { statusCode: 404 } }, 'defineAction') // frozen copy
 * checkErrorDeclarations({ notFound: { statusCode: 404 } }, 'defineAction') // throws TypeError
 */
export function checkErrorDeclarations(value: unknown, where: string): ErrorDeclarations {
  if (value === undefined) return NONE
  if (!isPlainObject(value)) throw new TypeError(`${where}: \`errors\` must be an object of declarations by code, like { NOT_FOUND: { statusCode: 404 } }`)
  const checked: Record<string, ErrorDeclaration> = {}
  for (const code of Object.keys(value)) {
    if (!UPPER_SNAKE.test(code)) throw new TypeError(`${where}: error code "${code}" must be UPPER_SNAKE, like NOT_FOUND`)
    if (RESERVED.has(code)) throw new TypeError(`${where}: ${code} is the runtime's own code and cannot be declared; name the failure (TITLE_TAKEN, say)`)
    checked[code] = checkDeclaration(code, value[code], where)
  }
  return Object.freeze(checked)
}

/**
 * Adds `added` to `declared` along a builder chain: a code declared again may
 * change its message, never its status (a TypeError).
 * @example
 * mergeErrorDeclarations({ NOT_FOUND: { statusCode: 404 } }, { CONFLICT: { statusCode: 409 } }, 'createActionClient().errors')
 */
export function mergeErrorDeclarations(declared: ErrorDeclarations, added: ErrorDeclarations, where: string): ErrorDeclarations {
  for (const code of Object.keys(added)) {
    const before = declared[code]
    if (before && before.statusCode !== added[code]!.statusCode) {
      throw new TypeError(`${where}: ${code} is already declared with status ${before.statusCode} and cannot change to ${added[code]!.statusCode}`)
    }
  }
  return Object.freeze({ ...declared, ...added })
}

/** `NOT_FOUND` says "Not found". */
function messageFromCode(code: string): string {
  return code.charAt(0) + code.slice(1).toLowerCase().replaceAll('_', ' ')
}

/** The factories as the lifecycle hands them over: any declared code to its ActionError. */
export type ErrorFactoryMap = Readonly<Record<string, (options?: DeclaredErrorOptions) => ActionError>>

/**
 * One factory per declared code, made once per action: each builds an
 * ActionError with the code, the declared status, and the declared message
 * unless the call gives one.
 * @example
 * const errors = createErrorFactories({ NOT_FOUND: { statusCode: 404 } })
 * throw errors.NOT_FOUND({ message: 'Todo 3 is gone' })
 */
export function createErrorFactories(declared: ErrorDeclarations): ErrorFactoryMap {
  const factories: Record<string, (options?: DeclaredErrorOptions) => ActionError> = {}
  for (const [code, declaration] of Object.entries(declared)) {
    factories[code] = (options?: DeclaredErrorOptions) => createActionError({
      code,
      message: options?.message ?? declaration.message ?? messageFromCode(code),
      statusCode: declaration.statusCode,
      fieldErrors: options?.fieldErrors,
      cause: options?.cause,
    })
  }
  return Object.freeze(factories)
}

/**
 * The error as the declaration says it answers: a declared code thrown with
 * another status (through `createActionError`, say) answers the declared
 * status. In development, that and a code the action did not declare are
 * logged, since the client's types promise the declared ones.
 * @example
 * honourDeclaration({ code: 'NOT_FOUND', message: 'Gone', statusCode: 500 }, { NOT_FOUND: { statusCode: 404 } })
 * // { code: 'NOT_FOUND', message: 'Gone', statusCode: 404 }
 */
export function honourDeclaration(error: ActionErrorData, declared: ErrorDeclarations): ActionErrorData {
  const declaration = Object.hasOwn(declared, error.code) ? declared[error.code]! : undefined
  if (declaration) {
    if (declaration.statusCode === error.statusCode) return error
    logInDevelopment('warn', () => `${error.code} is declared with status ${declaration.statusCode} but was thrown with ${error.statusCode}; the client got ${declaration.statusCode}`)
    return { ...error, statusCode: declaration.statusCode }
  }
  if (!RESERVED.has(error.code)) {
    logInDevelopment('warn', () => `${error.code} is not among the action's declared errors (${Object.keys(declared).join(', ')}); the client's types do not expect it`)
  }
  return error
}
