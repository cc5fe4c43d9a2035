/**
 * A refusal or failure meant for the person at the terminal: the bin prints
 * only its message (no stack) and exits with `exitCode`.
 * @example
 * throw new CliError('The route is empty: pass one like todos/[id].patch.')
 */
export class CliError extends Error {
  readonly exitCode: number

  constructor(message: string, options: { exitCode?: number, cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.name = 'CliError'
    this.exitCode = options.exitCode ?? 1
  }
}
