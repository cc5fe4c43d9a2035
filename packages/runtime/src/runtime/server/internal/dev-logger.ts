/**
 * Without a build tool's word, development means NODE_ENV=development. A host
 * without `process` (a plain app on Workers or Deno) is not development.
 */
function developmentByEnvironment(): boolean {
  try {
    return process.env.NODE_ENV === 'development'
  }
  catch {
    return false
  }
}

/**
 * The build tool's word on development, when there is one (`nuxi dev`: true).
 * Nitro replaces `import.meta.dev` with `false` in a production build, so the
 * bundler drops every development message from the server it builds.
 */
// written as Nitro's replacement looks for it: through a cast, a build from the TypeScript source kept the read
export const BUILT_FOR_DEVELOPMENT: boolean | undefined = import.meta.dev

/**
 * Whether this is development, for a check whose only use is a development
 * log. Ask `BUILT_FOR_DEVELOPMENT` first, so that a production build sees a
 * constant and drops the check (Rolldown does not look through this call).
 * Ask it in a conditional, not with `??`: Nitro 2 lowers `??` to an
 * assignment, which Rollup cannot fold, and the check stays in the build.
 * @example
 * if (BUILT_FOR_DEVELOPMENT === undefined ? inDevelopment() : BUILT_FOR_DEVELOPMENT) logInDevelopment('warn', describe(data))
 */
export function inDevelopment(): boolean {
  return BUILT_FOR_DEVELOPMENT === undefined ? developmentByEnvironment() : BUILT_FOR_DEVELOPMENT
}

/**
 * Logs through `console`, tagged `[action-route]`, in development only;
 * production logs nothing, and a Nitro production build holds none of the
 * messages. A message built from values is given as a function, so that
 * production neither builds it nor keeps its text. No logging library: one
 * would be bundled into every production server for messages production
 * never prints.
 * @example
 * logInDevelopment('warn', 'Output validation failed', issues)
 * logInDevelopment('warn', () => `${code} is not declared`)
 */
export function logInDevelopment(level: 'warn' | 'error', message: string | (() => string), detail?: unknown): void {
  // the constant first: a production build folds it and drops every message (Rolldown does not look through a call)
  if (!(BUILT_FOR_DEVELOPMENT === undefined ? developmentByEnvironment() : BUILT_FOR_DEVELOPMENT)) return
  if (typeof message === 'function') message = message()
  if (detail === undefined) console[level]('[action-route]', message)
  else console[level]('[action-route]', message, detail)
}
