import { detectH3Major } from './detect-h3-major'
import { findProjectRoot } from './find-project-root'
import { allDependencies, readPackageJson } from './read-package-json'
import { resolveServerDir } from './resolve-server-dir'

/** What the commands need to know about the app they work on. */
export interface Project {
  rootDir: string
  configFile: string
  /** Absolute path of the server folder (server/ unless nuxt.config says otherwise). */
  serverDir: string
  dependencies: Record<string, string>
  /** The h3 major of the app's server: 2 from Nuxt 5 on, where h3's helpers are no longer auto-imported. */
  h3Major: 1 | 2
  /** Warnings found on the way, to show the user. */
  notes: string[]
}

/**
 * Finds the Nuxt app at or above `cwd`, its dependencies and its server folder.
 * @example
 * const project = await loadProject(process.cwd())
 */
export async function loadProject(cwd: string): Promise<Project> {
  const root = findProjectRoot(cwd)
  const dependencies = allDependencies(await readPackageJson(root.rootDir))
  const [layout, h3Major] = await Promise.all([resolveServerDir(root, dependencies), detectH3Major(root.rootDir, dependencies)])
  return { ...root, dependencies, h3Major, serverDir: layout.serverDir, notes: layout.notes }
}
