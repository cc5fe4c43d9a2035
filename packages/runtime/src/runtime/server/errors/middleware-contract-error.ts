/**
 * Thrown when a middleware does not call `next()` exactly once. It is the
 * runtime's own failure, not the app's: it always answers INTERNAL_ERROR 500
 * (fail closed) and never reaches `handleServerError`, whose message would
 * otherwise name the middleware to the client.
 * @example
 * throw new MiddlewareContractError('Action middleware "auth" returned without calling next(): the request was halted')
 */
export class MiddlewareContractError extends Error {
  override name = 'MiddlewareContractError'
}
