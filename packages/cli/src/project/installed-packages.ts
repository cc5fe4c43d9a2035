import { existsSync } from 'node:fs'
import { dirname, join } from 'pathe'

/**
 * True when the app at `rootDir` can import `name`: a `node_modules/<name>` with a package.json in its root
 * folder or one above it (a workspace's), which is where the app's server looks for a bare import. Listing it in
 * package.json is not enough: a library that is not installed takes the whole dev server down once a route
 * imports it. NODE_PATH is not read (ES module imports ignore it, and pnpm sets it for the CLI's own bin).
 * @example
 * isInstalled('/app', 'valibot') // false when only zod is installed
 */
export function isInstalled(rootDir: string, name: string): boolean {
  for (let dir = rootDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return true
    if (dirname(dir) === dir) return false
  }
}
