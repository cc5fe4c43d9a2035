import type { ActionMiddleware } from '../types'

/**
 * Types a middleware so the context it adds is inferred. The optional name
 * shows in development warnings and in the DevTools. The middleware calls
 * `next()` once, before its own promise settles: a call after that (from a
 * timer, say) runs nothing and gets a rejected promise.
 * @example
 * export const auth = defineActionMiddleware('auth', async ({ event, next }) => {
 *   const user = await findUser(getCookie(event, 'session'))
 *   if (!user) throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
 *   return next({ ctx: { user } })
 * })
 */
export function defineActionMiddleware<TCtxIn = Record<string, unknown>, TAdded extends object = {}>(
  middleware: ActionMiddleware<TCtxIn, TAdded>,
): ActionMiddleware<TCtxIn, TAdded>
export function defineActionMiddleware<TCtxIn = Record<string, unknown>, TAdded extends object = {}>(
  name: string,
  middleware: ActionMiddleware<TCtxIn, TAdded>,
): ActionMiddleware<TCtxIn, TAdded>
export function defineActionMiddleware(
  nameOrMiddleware: string | ActionMiddleware,
  maybeMiddleware?: ActionMiddleware,
): ActionMiddleware {
  const middleware = typeof nameOrMiddleware === 'function' ? nameOrMiddleware : maybeMiddleware
  if (typeof middleware !== 'function') throw new TypeError('defineActionMiddleware: expected a middleware function')
  if (typeof nameOrMiddleware === 'string') Object.defineProperty(middleware, 'name', { value: nameOrMiddleware })
  return middleware
}
