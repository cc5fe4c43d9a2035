/**
 * What kind of refusal a `CliError` is, for callers that answer it in their own
 * way (the DevTools endpoint maps `FILE_EXISTS` to 409 and the rest to 400):
 * - `BAD_INPUT`: a route, method, schema, middleware name, flag or example that cannot be used
 * - `FILE_EXISTS`: the route file is there and overwriting was not asked for
 * - `NO_PROJECT`: no Nuxt app found, or its server folder cannot be read from nuxt.config
 * - `TEMPLATE`: a `--template` set that cannot be pulled or rendered
 * - `CANCELLED`: the person at the terminal cancelled a question
 * - `NOT_INSTALLED`: the schema library asked for is not installed in the app (the message says how to install it)
 * - `ROUTE_TAKEN`: another route file answers the same route and method already (the message names it)
 */
export type CliErrorCode = 'BAD_INPUT' | 'FILE_EXISTS' | 'NO_PROJECT' | 'TEMPLATE' | 'CANCELLED' | 'NOT_INSTALLED' | 'ROUTE_TAKEN'

/**
 * A refusal or failure meant for the person at the terminal: the bin prints
 * only its message (no stack) and exits with `exitCode`. `code` says what kind
 * of refusal it is (`BAD_INPUT` unless told otherwise).
 * @example
 * throw new CliError('The route is empty: pass one like todos/[id].patch.')
 * throw new CliError('server/api/hello.get.ts already exists.', { code: 'FILE_EXISTS' })
 */
export class CliError extends Error {
  readonly exitCode: number
  readonly code: CliErrorCode
  /** The file the refusal is about, when there is one (`ROUTE_TAKEN`: the route file that answers the route already). */
  readonly file?: string

  constructor(message: string, options: { exitCode?: number, code?: CliErrorCode, cause?: unknown, file?: string } = {}) {
    super(message, { cause: options.cause })
    this.name = 'CliError'
    this.exitCode = options.exitCode ?? 1
    this.code = options.code ?? 'BAD_INPUT'
    if (options.file !== undefined) this.file = options.file
  }
}
