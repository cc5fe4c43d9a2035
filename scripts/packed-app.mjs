// Packs the publishable workspace packages and writes the package.json of an app that installs them from
// the tarballs, as a user would from the registry. Used by the compatibility suite and the CLI's e2e test.
import { execFileSync } from 'node:child_process'
import { readdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const PACKAGES = ['@action-route/runtime', '@action-route/devtools', '@action-route/cli']

/**
 * Packs every publishable package into `destination` (their prepack scripts build them).
 * @param {string} root the workspace root
 * @param {string} destination a folder for the tarballs
 * @returns {Record<string, string>} package name to tarball path
 */
export function packWorkspace(root, destination) {
  const tarballs = {}
  for (const name of PACKAGES) {
    const pack = () => execFileSync('pnpm', ['--filter', name, 'pack', '--pack-destination', destination], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] })
    try {
      pack()
    }
    catch (error) {
      // another build of the same package (its prepack empties dist/) can race this one: say why, then try once more
      console.warn(`pnpm pack ${name} failed, once more: ${String(error.stderr ?? error).slice(-2000)}`)
      pack()
    }
    const prefix = `${name.replace('@', '').replace('/', '-')}-`
    tarballs[name] = join(destination, readdirSync(destination).find(file => file.startsWith(prefix) && file.endsWith('.tgz')))
  }
  return tarballs
}

/**
 * Writes an app's package.json that installs the given tarballs; overrides make the runtime's
 * dependency on @action-route/devtools resolve to its tarball too, since neither is on a registry here
 * (`pnpm.overrides` for pnpm; for npm, `overrides`, and the packages overridden as direct dependencies).
 * @param {string} appDir
 * @param {Record<string, string>} tarballs from packWorkspace
 * @param {string[]} packages the packages the app depends on directly
 * @param {Record<string, string>} dependencies everything else (nuxt, schema libraries...)
 * @param {'pnpm' | 'npm'} [installer] the package manager that installs the app
 * @param {string[]} [builtDependencies] packages whose install scripts must run (a native addon such as
 *   better-sqlite3): pnpm 10 runs none it is not told of (`pnpm.onlyBuiltDependencies`); npm runs them all
 */
export function writePackedAppManifest(appDir, tarballs, packages, dependencies, installer = 'pnpm', builtDependencies = []) {
  const fileSpec = name => `file:${relative(appDir, tarballs[name])}`
  const overrides = Object.fromEntries(Object.keys(tarballs).map(name => [name, fileSpec(name)]))
  const direct = installer === 'npm' ? [...packages, '@action-route/devtools'] : packages
  writeFileSync(join(appDir, 'package.json'), `${JSON.stringify({
    name: 'action-route-packed-app',
    private: true,
    type: 'module',
    dependencies: { ...Object.fromEntries(direct.map(name => [name, fileSpec(name)])), ...dependencies },
    ...(installer === 'npm' ? { overrides } : { pnpm: { overrides, ...(builtDependencies.length ? { onlyBuiltDependencies: builtDependencies } : {}) } }),
  }, null, 2)}\n`)
}
