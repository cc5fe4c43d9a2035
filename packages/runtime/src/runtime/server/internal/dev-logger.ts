import { consola } from 'consola'

/** The runtime's logger; tagged so its lines are easy to find. */
export const logger = consola.withTag('action-route')

/**
 * Development means NODE_ENV=development: `nuxi dev` sets it, and Nitro
 * replaces `process.env.NODE_ENV` with "production" in production builds.
 */
export function isDevelopment(): boolean {
  return typeof process !== 'undefined' && process.env.NODE_ENV === 'development'
}

/** Logs through consola in development only; production logs nothing. */
export function logInDevelopment(level: 'warn' | 'error', message: string, detail?: unknown): void {
  if (!isDevelopment()) return
  if (detail === undefined) logger[level](message)
  else logger[level](message, detail)
}
