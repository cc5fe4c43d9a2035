// One compile of a native addon per version and Node ABI in a CI run. better-sqlite3 installs through prebuild-install,
// which first looks for a local prebuild (`npm_config_better_sqlite3_local_prebuilds`) and, failing that, compiles
// from source with node-gyp. After an install that compiled it, the built addon is packed here under prebuild-install's
// own name, so the next app on the same Node ABI unpacks the same binary instead of compiling it again (1 to 3 minutes
// of one core). Nothing is downloaded: the folder holds only what this machine compiled, in node_modules/.cache.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** The addons this cache serves: each installs through prebuild-install, and keeps its binary in build/Release. */
const ADDONS = { 'better-sqlite3': 'build/Release/better_sqlite3.node' }

/** The folder of packed prebuilds, shared by every install of a run. */
const folder = root => join(root, 'node_modules/.cache/native-prebuilds')

/**
 * The environment an install adds so that prebuild-install finds a prebuild packed by an earlier install.
 * @param {string} root the workspace root
 * @returns {Record<string, string>} the variable naming the folder, per addon
 * @example
 * execFileSync('npm', ['install'], { cwd: app, env: { ...process.env, ...prebuildEnv(root) } })
 */
export function prebuildEnv(root) {
  return Object.fromEntries(Object.keys(ADDONS).map(name => [`npm_config_${name.replace(/[^a-z0-9]/gi, '_')}_local_prebuilds`, folder(root)]))
}

/**
 * After an install on `node`: packs each addon the app compiled, under prebuild-install's file name for its version and
 * that Node's ABI, unless one is there already. A finished file appears whole (written aside, then renamed).
 * @param {string} root the workspace root
 * @param {string} app the installed app
 * @param {string} node the Node binary the install ran on
 * @returns {string[]} the files packed now
 */
export function keepPrebuilds(root, app, node) {
  const packed = []
  for (const [name, binary] of Object.entries(ADDONS)) {
    const link = join(app, 'node_modules', name)
    if (!existsSync(join(link, binary))) continue
    const dir = realpathSync(link)
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    const abi = execFileSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim()
    const file = join(folder(root), `${name}-v${version}-node-v${abi}-${process.platform}-${process.arch}.tar.gz`)
    if (existsSync(file)) continue
    mkdirSync(folder(root), { recursive: true })
    const partial = `${file}.${process.pid}.partial`
    try {
      execFileSync('tar', ['-czf', partial, '-C', dir, binary])
      renameSync(partial, file)
      packed.push(file)
    }
    finally {
      rmSync(partial, { force: true })
    }
  }
  return packed
}
