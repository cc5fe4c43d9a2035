// Packs the publishable workspace packages and writes the package.json of an app that installs them from
// the tarballs, as a user would from the registry. Used by the compatibility suite and the CLI's e2e test.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const PACKAGES = ['@action-route/runtime', '@action-route/devtools', '@action-route/cli']

/**
 * Packs every publishable package into `destination` (their prepack scripts build them). A pack of
 * committed sources is kept under node_modules/.cache, named by the git tree of packages/, so the
 * suites that each install the tarballs (compat, workers, kit, nitro3, the CLI's e2e) build them once
 * per commit; with any change under packages/ not committed, it always packs afresh.
 * @param {string} root the workspace root
 * @param {string} destination a folder for the tarballs
 * @param {{ built?: boolean }} [options] `built`: the packages' dist folders were just built from this tree (.ci/run,
 *   right after `pnpm build`), so the pack runs no prepack script, which would build each package again
 * @returns {Record<string, string>} package name to tarball path
 */
export function packWorkspace(root, destination, options = {}) {
  const key = committedTree(root)
  const cache = key && join(root, 'node_modules/.cache/action-route-packs', key)
  if (!cache || !existsSync(cache)) {
    const fresh = cache ? `${cache}.${process.pid}` : destination
    mkdirSync(fresh, { recursive: true })
    for (const name of PACKAGES) packOne(root, name, fresh, options.built === true)
    // a finished pack appears whole under its key, so a suite running beside this one never sees half of it
    if (cache) {
      try {
        renameSync(fresh, cache)
      }
      catch {
        rmSync(fresh, { recursive: true, force: true })
      }
    }
  }
  mkdirSync(destination, { recursive: true })
  const tarballs = {}
  for (const name of PACKAGES) {
    const prefix = `${name.replace('@', '').replace('/', '-')}-`
    if (cache) {
      const file = readdirSync(cache).find(file => file.startsWith(prefix) && file.endsWith('.tgz'))
      copyFileSync(join(cache, file), join(destination, file))
    }
    tarballs[name] = join(destination, readdirSync(destination).find(file => file.startsWith(prefix) && file.endsWith('.tgz')))
  }
  return tarballs
}

function packOne(root, name, destination, built) {
  if (built && !existsSync(join(root, 'packages', name.replace('@action-route/', ''), 'dist'))) throw new Error(`${name} has no dist/ to pack: build it first`)
  const scripts = built ? ['--config.ignore-scripts=true'] : []
  const pack = () => execFileSync('pnpm', [...scripts, '--filter', name, 'pack', '--pack-destination', destination], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] })
  try {
    pack()
  }
  catch (error) {
    // another build of the same package (its prepack empties dist/) can race this one: say why, then try once more
    console.warn(`pnpm pack ${name} failed, once more: ${String(error.stderr ?? error).slice(-2000)}`)
    pack()
  }
}

/** The git tree of packages/ when nothing under it differs from the commit (untracked files too), else undefined. */
function committedTree(root) {
  try {
    const changed = execFileSync('git', ['status', '--porcelain', '--', 'packages'], { cwd: root, encoding: 'utf8' })
    if (changed.trim() !== '') return undefined
    return execFileSync('git', ['rev-parse', 'HEAD:packages'], { cwd: root, encoding: 'utf8' }).trim()
  }
  catch {
    return undefined
  }
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
 * @param {Record<string, string>} [pins] exact versions forced on the whole tree, direct or not (an upstream
 *   release that breaks a pinned target, such as vite under the Nuxt 5 nightly)
 */
export function writePackedAppManifest(appDir, tarballs, packages, dependencies, installer = 'pnpm', builtDependencies = [], pins = {}) {
  const fileSpec = name => `file:${relative(appDir, tarballs[name])}`
  const overrides = { ...Object.fromEntries(Object.keys(tarballs).map(name => [name, fileSpec(name)])), ...pins }
  const direct = installer === 'npm' ? [...packages, '@action-route/devtools'] : packages
  writeFileSync(join(appDir, 'package.json'), `${JSON.stringify({
    name: 'action-route-packed-app',
    private: true,
    type: 'module',
    dependencies: { ...Object.fromEntries(direct.map(name => [name, fileSpec(name)])), ...dependencies },
    ...(installer === 'npm' ? { overrides } : { pnpm: { overrides, ...(builtDependencies.length ? { onlyBuiltDependencies: builtDependencies } : {}) } }),
  }, null, 2)}\n`)
}
