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
  const layout = await resolveServerDir(root, dependencies)
  return { ...root, dependencies, serverDir: layout.serverDir, notes: layout.notes }
}
