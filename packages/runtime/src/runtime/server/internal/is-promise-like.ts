/**
 * Whether a value is a promise or another thenable (a query builder such as
 * Drizzle's is one). The lifecycle awaits only these, so that synchronous
 * steps cost no microtask.
 */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return value instanceof Promise
    || ((typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function')
}
