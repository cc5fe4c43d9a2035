import { CliError } from './cli-error'
import { logger } from './logger'

/**
 * True when someone can answer a question: stdin and stdout are terminals and
 * `CI` is not set. Read on every call, so tests can change it.
 * @example
 * if (!canPrompt()) throw new CliError('Pass the route: create-action todos/index.get')
 */
export function canPrompt(): boolean {
  const ci = process.env.CI
  if (ci && ci !== 'false' && ci !== '0') return false
  return Boolean(process.stdin.isTTY && process.stdout.isTTY)
}

function cancelled(): never {
  throw new CliError('Cancelled: nothing was written.', { exitCode: 130, code: 'CANCELLED' })
}

/**
 * Asks for a line of text; Ctrl+C (or an empty answer) cancels instead of
 * taking a default.
 * @example
 * const route = await promptText('Route path (for example todos/[id].patch)')
 */
export async function promptText(message: string, placeholder?: string): Promise<string> {
  const answer = await logger.prompt(message, { type: 'text', placeholder, cancel: 'symbol' })
  if (typeof answer !== 'string' || !answer.trim()) cancelled()
  return answer.trim()
}

/**
 * Asks to pick one of `options`; Ctrl+C cancels.
 * @example
 * const method = await promptSelect('Method', ['get', 'post'])
 */
export async function promptSelect<T extends string>(message: string, options: readonly T[]): Promise<T> {
  const answer = await logger.prompt(message, { type: 'select', options: [...options], cancel: 'symbol' })
  if (typeof answer !== 'string' || !options.includes(answer as T)) cancelled()
  return answer as T
}
