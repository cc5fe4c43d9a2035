import type { ActionHost } from '../lifecycle/action-host'
import { logInDevelopment } from '../internal/dev-logger'

/** The property that marks an `idempotent` middleware, so an action knows it honours keys. */
export const IDEMPOTENT_MIDDLEWARE = Symbol.for('action-route.idempotent-middleware')

/**
 * Whether a chain holds an `idempotent` middleware.
 * @example
 * honoursIdempotencyKeys([auth, idempotent()]) // true
 */
export function honoursIdempotencyKeys(middleware: readonly unknown[]): boolean {
  return middleware.some(entry => typeof entry === 'function' && IDEMPOTENT_MIDDLEWARE in entry)
}

const warned = new Set<string>()

/**
 * Development only: a POST or PATCH that carries an `Idempotency-Key` to an
 * action without `idempotent` is logged, once per route. The client sends a
 * key on a mutation it may retry; such an action runs every retry again.
 * @example
 * if (BUILT_FOR_DEVELOPMENT === undefined ? inDevelopment() : BUILT_FOR_DEVELOPMENT) warnOfUnhonouredKey(event, host)
 */
export function warnOfUnhonouredKey<TEvent>(event: TEvent, host: ActionHost<TEvent>): void {
  const method = host.method(event)
  if ((method !== 'POST' && method !== 'PATCH') || host.header(event, 'idempotency-key') === undefined) return
  const route = `${method} ${host.route(event)}`
  if (warned.has(route)) return
  warned.add(route)
  logInDevelopment('warn', () => `${route} got an Idempotency-Key but has no idempotent() middleware: a retry of the call runs it again. Add idempotent() to its middleware (docs/production.md#idempotency)`)
}
