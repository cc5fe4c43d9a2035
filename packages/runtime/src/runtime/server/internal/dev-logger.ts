import { consola } from 'consola'

/**
 * Development means NODE_ENV=development: `nuxi dev` sets it, and Nitro
 * replaces `process.env.NODE_ENV` with "production" in production builds.
 */
export function isDevelopment(): boolean {
  return typeof process !== 'undefined' && process.env.NODE_ENV === 'development'
}

/**
 * Logs through consola in development only; production logs nothing. The tagged
 * logger is made per call so that reporters the app sets on consola apply.
 */
export function logInDevelopment(level: 'warn' | 'error', message: string, detail?: unknown): void {
  if (!isDevelopment()) return
  const logger = consola.withTag('action-route')
  if (detail === undefined) logger[level](message)
  else logger[level](message, detail)
}
