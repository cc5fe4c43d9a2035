import { renderUsage, runCommand } from 'citty'
import type { CommandDef } from 'citty'
import { CliError } from './cli-error'
import { logger } from './logger'
import { main, subCommandNames } from './main'

// string flags take the next token as their value, so it is not the command name
const valueFlags = new Set(['--cwd', '--schema', '--middleware', '--template', '--example', '--example-file'])

function firstPositional(rawArgs: string[]): string | undefined {
  for (let index = 0; index < rawArgs.length; index++) {
    const token = rawArgs[index]!
    if (token === '--') return rawArgs[index + 1]
    if (token.startsWith('-')) {
      if (valueFlags.has(token)) index++
      continue
    }
    return token
  }
  return undefined
}

/**
 * Puts `add` in front unless the arguments name a sub-command, so that
 * `create-action todos/[id].patch` means `create-action add todos/[id].patch`.
 * A bare `--help` or `--version` is left for the main command.
 * @example
 * withDefaultCommand(['todos/index.get']) // ['add', 'todos/index.get']
 */
export function withDefaultCommand(rawArgs: string[]): string[] {
  const first = firstPositional(rawArgs)
  if (first && (subCommandNames as readonly string[]).includes(first)) return rawArgs
  if (!first && rawArgs.some(token => ['--help', '-h', '--version', '-v'].includes(token))) return rawArgs
  return ['add', ...rawArgs]
}

async function usageOf(rawArgs: string[]): Promise<string> {
  const name = firstPositional(rawArgs)
  const subCommands = main.subCommands as Record<string, () => Promise<CommandDef>>
  const loader = name ? subCommands[name] : undefined
  return loader ? renderUsage(await loader(), main) : renderUsage(main)
}

/**
 * Runs the CLI and resolves to the exit code; never calls `process.exit`
 * itself. Refusals print one line; `--help` and `--version` print and answer 0.
 * @example
 * process.exitCode = await runCli(process.argv.slice(2))
 */
export async function runCli(rawArgs: string[]): Promise<number> {
  const argv = withDefaultCommand(rawArgs)
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      logger.log(await usageOf(argv))
      return 0
    }
    if (argv.includes('--version') || argv.includes('-v')) {
      logger.log(main.meta && 'version' in main.meta ? main.meta.version : '')
      return 0
    }
    await runCommand(main, { rawArgs: argv })
    return 0
  }
  catch (error) {
    if (error instanceof CliError) {
      logger.error(error.message)
      return error.exitCode
    }
    // citty's own errors (an unknown sub-command...) are not exported as a class
    if (error instanceof Error && error.name === 'CLIError') {
      logger.error(error.message)
      return 1
    }
    logger.error(error)
    return 1
  }
}
