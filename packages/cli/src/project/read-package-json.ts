import { readFile } from 'node:fs/promises'
import { join } from 'pathe'

/** The parts of an app's package.json the CLI reads. */
export interface AppPackageJson {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

/**
 * Reads `package.json` at the root; an app without one (or with a broken one) reads as empty.
 * @example
 * const pkg = await readPackageJson('/app')
 */
export async function readPackageJson(rootDir: string): Promise<AppPackageJson> {
  try {
    return JSON.parse(await readFile(join(rootDir, 'package.json'), 'utf8')) as AppPackageJson
  }
  catch {
    return {}
  }
}

/** Every dependency and dev dependency with its range. */
export function allDependencies(pkg: AppPackageJson): Record<string, string> {
  return { ...pkg.devDependencies, ...pkg.dependencies }
}
