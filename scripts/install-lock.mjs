// Pinned installs for the apps the suites make (the compatibility targets, Workers on Nuxt 5, the standalone Nitro 3
// app, the one-Kit check): each starts from a lockfile committed under scripts/locks/, so the same commit installs the
// same versions tomorrow, and an upstream release cannot turn CI red. The locks leave out our own packages: their
// tarballs change with every commit, so the install resolves them afresh, and everything they bring must already be
// pinned.
//
// ACTION_ROUTE_LOCKS chooses the mode:
// - unset: install from the committed lock, then fail if anything outside it was installed (refresh it on purpose);
// - `update`: resolve afresh (the newest versions the manifests allow) and write the lock (`pnpm locks:update`);
// - `extend`: install from the committed lock, keeping every version it pins, and write what the install added (a new
//   dependency of an app, without moving anything else);
// - `latest`: resolve afresh, write nothing, and print what differs from the lock (`pnpm test:latest`).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse, stringify } from 'yaml'

const locks = join(dirname(fileURLToPath(import.meta.url)), 'locks')
const OURS = /^@action-route\//

/** How installs treat the committed locks: `pinned` (the default), `update` or `latest`. */
export const lockMode = process.env.ACTION_ROUTE_LOCKS || 'pinned'
if (!['pinned', 'update', 'extend', 'latest'].includes(lockMode)) throw new Error(`ACTION_ROUTE_LOCKS=${lockMode}: use update, extend or latest, or leave it unset`)

const lockFile = installer => (installer === 'npm' ? 'package-lock.json' : 'pnpm-lock.yaml')
const committed = (name, installer) => join(locks, `${name}.${lockFile(installer)}`)

/**
 * Puts the committed lock `name` into `app` before its install (pinned and extend modes), so the package manager keeps
 * its versions.
 * @example
 * placeLock(app, 'compat-nuxt5-node22-fixture', 'npm')
 * execFileSync('npm', ['install'], { cwd: app })
 * checkLock(app, 'compat-nuxt5-node22-fixture', 'npm')
 */
export function placeLock(app, name, installer) {
  if (lockMode !== 'pinned' && lockMode !== 'extend') return
  const source = committed(name, installer)
  if (!existsSync(source)) throw new Error(`No lock ${source}: write it with ACTION_ROUTE_LOCKS=update (pnpm locks:update)`)
  copyFileSync(source, join(app, lockFile(installer)))
}

/**
 * After an install: in pinned mode, throws when a package was installed at a version the lock does not hold; in update
 * and extend modes, writes the app's lock (without our packages) as the committed one, unless the lock is `borrowed` from
 * a larger app (then its own suite writes it); in latest mode, returns what differs.
 * @returns {string} a line for the suite's summary
 */
export function checkLock(app, name, installer, { borrowed = false } = {}) {
  const installed = readLock(join(app, lockFile(installer)), installer)
  const writes = lockMode === 'update' || lockMode === 'extend'
  if (writes && borrowed) return `lock ${name} borrowed, not written`
  if (writes) {
    mkdirSync(locks, { recursive: true })
    writeFileSync(committed(name, installer), withoutOurs(readFileSync(join(app, lockFile(installer)), 'utf8'), installer))
    return `lock ${name} written (${installed.size} packages)`
  }
  const source = committed(name, installer)
  const pinned = existsSync(source) ? readLock(source, installer) : new Set()
  const added = [...installed].filter(entry => !pinned.has(entry)).sort()
  if (lockMode === 'latest') return added.length ? `${name}: newer than the lock: ${added.join(', ')}` : `${name}: the lock is the newest`
  if (added.length) throw new Error(`${name} installed what its lock (${source}) does not hold: ${added.join(', ')}. Refresh the lock on purpose with ACTION_ROUTE_LOCKS=update`)
  return `${installed.size} packages, all from lock ${name}`
}

/** The `name@version` of every package a lockfile installs, ours left out. */
function readLock(file, installer) {
  const text = readFileSync(file, 'utf8')
  if (installer === 'npm') {
    return new Set(Object.entries(JSON.parse(text).packages ?? {})
      .filter(([path, entry]) => path !== '' && !entry.link)
      .map(([path, entry]) => `${entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`)
      .filter(id => !OURS.test(id)))
  }
  return new Set(Object.keys(parse(text).packages ?? {}).filter(id => !OURS.test(id)))
}

/** A lockfile's text without our packages' entries, whose tarballs (and integrity) change with every commit. */
function withoutOurs(text, installer) {
  if (installer === 'npm') {
    const lock = JSON.parse(text)
    for (const path of Object.keys(lock.packages)) {
      if (/(?:^|\/)node_modules\/@action-route\//.test(path)) delete lock.packages[path]
    }
    return `${JSON.stringify(lock, null, 2)}\n`
  }
  const lock = parse(text)
  for (const importer of Object.values(lock.importers ?? {})) {
    for (const kind of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const id of Object.keys(importer[kind] ?? {})) if (OURS.test(id)) delete importer[kind][id]
    }
  }
  for (const section of ['packages', 'snapshots']) {
    for (const id of Object.keys(lock[section] ?? {})) if (OURS.test(id)) delete lock[section][id]
  }
  return stringify(lock, { lineWidth: 0 })
}
