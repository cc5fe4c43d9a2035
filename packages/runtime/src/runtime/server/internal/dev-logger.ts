/**
 * Development means NODE_ENV=development: `nuxi dev` sets it, and Nitro
 * replaces `process.env.NODE_ENV` with "production" in production builds, so
 * no `process` is left there for a bundler to import from `node:process`. A
 * host without `process` (a plain app on Workers or Deno) is not development.
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV === 'development'
  }
  catch {
    return false
  }
}

/**
 * Logs through `console`, tagged `[action-route]`, in development only;
 * production logs nothing. No logging library: one would be bundled into every
 * production server for messages production never prints.
 * @example
 * logInDevelopment('warn', 'Output validation failed', issues)
 */
export function logInDevelopment(level: 'warn' | 'error', message: string, detail?: unknown): void {
  if (!isDevelopment()) return
  if (detail === undefined) console[level]('[action-route]', message)
  else console[level]('[action-route]', message, detail)
}
