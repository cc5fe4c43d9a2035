import type { SchemaLibrary } from '../../../../templates/types'
import { CliError } from '../cli-error'
import { isInstalled } from './installed-packages'

/** The schema libraries `--schema` accepts. */
export const schemaLibraries: readonly SchemaLibrary[] = ['zod', 'valibot', 'arktype', 'none']

/**
 * The schema libraries an app depends on, in the order the CLI prefers them.
 * @example
 * detectSchemaLibraries({ zod: '^4.0.0', vue: '^3.5.0' }) // ['zod']
 */
export function detectSchemaLibraries(dependencies: Record<string, string>): SchemaLibrary[] {
  return schemaLibraries.filter(name => name !== 'none' && name in dependencies)
}

/**
 * The schema libraries the app at `rootDir` can import (installed, wherever package.json lists them).
 * @example
 * installedSchemaLibraries('/app') // ['zod']
 */
export function installedSchemaLibraries(rootDir: string): SchemaLibrary[] {
  return schemaLibraries.filter(name => name !== 'none' && isInstalled(rootDir, name))
}

/**
 * The library a route gets when none is asked for: the first one package.json lists that is installed,
 * else the first listed (refused later, with the command that installs it), else `none`.
 * @example
 * defaultSchemaLibrary(['valibot', 'zod'], ['zod']) // 'zod'
 */
export function defaultSchemaLibrary(detected: readonly SchemaLibrary[], installed: readonly SchemaLibrary[]): SchemaLibrary {
  return detected.find(name => installed.includes(name)) ?? detected[0] ?? 'none'
}

/**
 * Checks a `--schema` value.
 * @example
 * toSchemaLibrary('valibot') // 'valibot'
 */
export function toSchemaLibrary(value: string): SchemaLibrary {
  const name = value.toLowerCase()
  if (!(schemaLibraries as readonly string[]).includes(name)) {
    throw new CliError(`Unknown schema library "${value}": use one of ${schemaLibraries.join(', ')}.`)
  }
  return name as SchemaLibrary
}
