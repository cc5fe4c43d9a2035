import type { ArgsDef } from 'citty'
import { camelCase } from 'scule'
import { CliError } from './cli-error'

/**
 * Refuses flags a command does not define (citty would ignore them), so that
 * a typo like `--dryrun` never writes a file the user meant only to preview.
 * @example
 * refuseUnknownFlags(['--dryrun'], { 'dry-run': { type: 'boolean' } }) // throws
 */
export function refuseUnknownFlags(rawArgs: string[], args: ArgsDef): void {
  const known = new Set<string>()
  for (const [name, def] of Object.entries(args)) {
    if (def.type === 'positional') continue
    known.add(camelCase(name))
    const aliases = 'alias' in def ? def.alias : undefined
    for (const alias of [aliases ?? []].flat()) known.add(camelCase(alias))
  }
  for (const token of rawArgs) {
    if (token === '--') break
    if (!token.startsWith('-') || token === '-') continue
    const name = camelCase(token.replace(/^--?/, '').replace(/=.*$/, '').replace(/^no-/, ''))
    if (!known.has(name)) {
      const valid = Object.entries(args).filter(([, def]) => def.type !== 'positional').map(([flag]) => `--${flag}`)
      throw new CliError(`Unknown option ${token.replace(/=.*$/, '')}: valid options are ${valid.join(', ')}.`)
    }
  }
}
