import type { SchemaLibrary } from '../../../../templates/types'
import { CliError } from '../cli-error'

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
