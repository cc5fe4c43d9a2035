import type { ActionError } from './action-error'
import type { FieldErrors } from '../envelope'

/**
 * One failure an action declares: the HTTP status it answers with and,
 * optionally, its message (else one made from the code: `NOT_FOUND` says "Not found").
 * @example
 * const notFound: ErrorDeclaration = { statusCode: 404, message: 'No such todo' }
 */
export interface ErrorDeclaration {
  /** An integer from 400 to 599. */
  readonly statusCode: number
  readonly message?: string
}

/**
 * An action's declared failures by code, UPPER_SNAKE (`NOT_FOUND`, `TITLE_TAKEN`).
 * @example
 * const errors = { NOT_FOUND: { statusCode: 404 }, CONFLICT: { statusCode: 409 } } satisfies ErrorDeclarations
 */
export type ErrorDeclarations = { readonly [code: string]: ErrorDeclaration }

/**
 * The codes the runtime answers by itself, for any action (the errors table
 * and the request limits). An action cannot declare them.
 */
export type RuntimeErrorCode
  = | 'VALIDATION_ERROR'
    | 'OUTPUT_VALIDATION_ERROR'
    | 'PARSE_ERROR'
    | 'PAYLOAD_TOO_LARGE'
    | 'UNSUPPORTED_MEDIA_TYPE'
    | 'CROSS_ORIGIN_REQUEST'
    | 'METHOD_NOT_ALLOWED'
    | 'INTERNAL_ERROR'
    | 'SERVER_ERROR'

/** What `rateLimit()` answers past its limit: only an action that runs it can fail so. */
export type RateLimitErrors = {
  readonly RATE_LIMITED: { readonly statusCode: 429 }
}

/** What `idempotent()` answers about the `Idempotency-Key`: only an action that runs it can fail so. */
export type IdempotencyErrors = {
  readonly IDEMPOTENCY_KEY_INVALID: { readonly statusCode: 400 }
  readonly IDEMPOTENCY_KEY_REUSED: { readonly statusCode: 422 }
  readonly IDEMPOTENCY_KEY_IN_PROGRESS: { readonly statusCode: 409 }
}

/**
 * The codes the runtime's middleware answer (`rateLimit()`, `idempotent()`):
 * they join an action's error union only when its middleware include them.
 * An action cannot declare them.
 */
export type MiddlewareErrorCode = keyof RateLimitErrors | keyof IdempotencyErrors

/**
 * Marks a middleware with the errors it answers by itself: `defineAction` and
 * `.use()` add them to the action's error union on the client. Types only.
 * @example
 * const limit: ActionMiddleware & AnswersErrors<RateLimitErrors> = rateLimit({ limit: 5, window: 60_000 })
 */
export interface AnswersErrors<TErrors extends ErrorDeclarations> {
  /** Never set at runtime: carries the errors for the types. */
  readonly '~errors'?: TErrors
}

/** The declared status of a declaration, as a literal when the declaration was written inline. */
export type DeclaredStatus<TDeclaration> = TDeclaration extends { readonly statusCode: infer S extends number } ? S : number

/**
 * What the factory of a declared error takes; everything is optional. The
 * status is the declared one: `statusCode` may repeat it, and any other
 * status does not compile.
 * @example
 * throw errors.TITLE_TAKEN({ message: 'Pick another title', fieldErrors: { title: ['taken'] } })
 */
export interface DeclaredErrorOptions<TStatus extends number = number> {
  /** Replaces the declared message for this answer. */
  message?: string
  fieldErrors?: FieldErrors
  /** Kept for server logs only. */
  cause?: unknown
  /** Only the declared status: the declaration decides it. */
  statusCode?: TStatus
}

/**
 * An ActionError built by a declared error's factory: its code and status are the declared ones.
 * @example
 * const error: DeclaredActionError<'NOT_FOUND', 404> = errors.NOT_FOUND()
 */
export type DeclaredActionError<TCode extends string, TStatus extends number> = ActionError & {
  readonly code: TCode
  readonly statusCode: TStatus
}

/**
 * The `errors` a handler and its middleware receive: one factory per declared
 * code, each building an ActionError with that code and the declared status.
 * @example
 * handler: ({ errors }) => { throw errors.NOT_FOUND({ message: 'Todo 3 is gone' }) }
 */
export type ErrorFactories<TErrors extends ErrorDeclarations> = {
  readonly [K in keyof TErrors & string]: (options?: DeclaredErrorOptions<DeclaredStatus<TErrors[K]>>) => DeclaredActionError<K, DeclaredStatus<TErrors[K]>>
}

/**
 * Two declarations merged along a builder chain: a code declared again takes
 * the later message (its status cannot change, see `.errors()`).
 */
export type MergeErrorDeclarations<TErrors extends ErrorDeclarations, TAdded extends ErrorDeclarations>
  = { [K in keyof TErrors | keyof TAdded]: K extends keyof TAdded ? TAdded[K] : K extends keyof TErrors ? TErrors[K] : never }

/**
 * The declarations a `.errors()` call may add to `TErrors`: a code already
 * declared keeps its status (a different one does not compile).
 */
export type CompatibleErrorDeclarations<TErrors extends ErrorDeclarations, TAdded extends ErrorDeclarations> = TAdded & {
  readonly [K in keyof TAdded & keyof TErrors]: { readonly statusCode: DeclaredStatus<TErrors[K]>, readonly message?: string }
}

/** The codes a declaration cannot use: the runtime's and the client's own (a declaration of one does not compile). */
export type NoReservedCodes<TErrors> = {
  readonly [K in keyof TErrors]: K extends RuntimeErrorCode | MiddlewareErrorCode | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'ABORT_ERROR' | 'HTTP_ERROR' | 'INVALID_RESPONSE' | 'METHOD_NOT_ALLOWED'
    ? { readonly statusCode: never, readonly message?: `${K & string} is the runtime's own code` }
    : TErrors[K]
}
