#!/usr/bin/env node
// Builds the app a walkthrough page describes, by following the page literally, as CI does for
// docs/getting-started.md (the `docs-app` vitest project) and the recipes applied on top of it.
//
// The page convention (it reads the same on GitHub and on the VitePress site):
//
//   **`server/api/todos/index.get.ts`**     a file: the line before a code block (one blank line between
//                                           at most) holds only its path, in bold inline code. The block
//   ```ts                                   is the whole file. A later block of the same path replaces it.
//   export default ...
//   ```
//
//   ```sh                                   commands, one a line, run in the app's folder; `#` starts a comment
//   npm install zod
//   ```
//
// Any other block (```text for what a command prints, a code block with no path) is shown, not built.
//
// The commands this script knows, and what it does with each; any other command in a ```sh block fails it,
// naming the page's line, so a new step cannot be skipped without anyone noticing:
//
//   npx nuxi@latest init <name>, cd <name>    skipped: the files nuxi writes are on the page
//   npm install [-D] <package>...             installed: @action-route/* from the workspace's packed tarballs
//                                             (scripts/packed-app.mjs), the rest as the page names them, held by a
//                                             committed lock (scripts/install-lock.mjs); one install at the end
//   npx nuxi typecheck, npx create-action ...  run after the install, in the page's order
//   npm run dev, npm run build,               left to the caller (the test builds and starts the server)
//   [NAME=value ...] node .output/server/index.mjs
//
// npm and nuxi run on Node 22 (scripts/node-binary.mjs); better-sqlite3 compiles against its headers.
//
//   node scripts/docs-app.mjs <page.md>... <dir>   builds the app into <dir> (empty or missing), then
//                                                  `nuxi typecheck` and `nuxi build`
//   ACTION_ROUTE_LOCKS=update node scripts/docs-app.mjs docs/getting-started.md <dir>   refreshes the lock
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkLock, placeLock } from './install-lock.mjs'
import { nodeBinary } from './node-binary.mjs'
import { packWorkspace, writePackedAppManifest } from './packed-app.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The pages CI builds an app from: their labelled blocks are checked by that app's typecheck, not by doc-types.mjs. */
export const WALKTHROUGH_PAGES = ['docs/getting-started.md']

const label = /^\*\*`([^`\s]+)`\*\*$/
const fence = /^```(\w*)\s*$/

/**
 * The path a code block is labelled with (the line before its fence, one blank line between at most), or undefined.
 * @param {string[]} lines the page's lines
 * @param {number} at the index of the block's opening fence
 */
export function labelOf(lines, at) {
  const before = (lines[at - 1] ?? '').trim() === '' ? lines[at - 2] : lines[at - 1]
  return label.exec((before ?? '').trim())?.[1]
}

/**
 * A page's steps in order: each labelled block as a file, each line of a ```sh block as a command.
 * @param {string} page the page's path
 * @returns {({ kind: 'file', path: string, text: string, line: number } | { kind: 'command', command: string, line: number })[]}
 */
export function readPage(page) {
  const lines = readFileSync(page, 'utf8').split('\n')
  const steps = []
  for (let index = 0; index < lines.length; index++) {
    const open = fence.exec(lines[index])
    if (!open) continue
    const close = lines.findIndex((line, at) => at > index && /^```\s*$/.test(line))
    if (close < 0) throw new Error(`${page}:${index + 1}: a code block that never closes`)
    const body = lines.slice(index + 1, close)
    const path = labelOf(lines, index)
    if (path) steps.push({ kind: 'file', path, text: `${body.join('\n')}\n`, line: index + 1 })
    else if (open[1] === 'sh') {
      body.forEach((text, offset) => {
        const command = text.replace(/(?:^|\s)#.*$/, '').trim()
        if (command) steps.push({ kind: 'command', command, line: index + 2 + offset })
      })
    }
    index = close
  }
  return steps
}

/** What a known command means: `skip`, `install` (with its packages), `typecheck` or `caller`; undefined for an unknown one. */
function commandOf(command, appName) {
  const init = /^npx nuxi@latest init (\S+)$/.exec(command)
  if (init) return { kind: 'skip', init: init[1] }
  if (appName && command === `cd ${appName}`) return { kind: 'skip' }
  const install = /^npm install((?:\s+-\S+)*)((?:\s+[^\s-]\S*)+)$/.exec(command)
  if (install) {
    const flags = install[1].trim().split(/\s+/).filter(Boolean)
    if (flags.some(flag => !['-D', '--save-dev'].includes(flag))) return undefined
    return { kind: 'install', dev: flags.length > 0, packages: install[2].trim().split(/\s+/) }
  }
  if (command === 'npx nuxi typecheck') return { kind: 'typecheck', run: ['node_modules/nuxt/bin/nuxt.mjs', 'typecheck'] }
  const createAction = /^npx create-action (\S.*)$/.exec(command)
  if (createAction) return { kind: 'create-action', run: ['node_modules/.bin/create-action', ...shellWords(createAction[1])] }
  if (['npm run dev', 'npm run build'].includes(command) || /^(?:[A-Z_]+=\S+\s+)*node \.output\/server\/index\.mjs$/.test(command)) return { kind: 'caller' }
  return undefined
}

/** The words of a command line's arguments: plain words and single-quoted ones, as a POSIX shell splits them. */
function shellWords(text) {
  return [...text.matchAll(/'([^']*)'|(\S+)/g)].map(found => found[1] ?? found[2])
}

/** `name@range` as a package.json entry: `zod` any version (the lock decides), `better-sqlite3@12` that range. */
function packageSpec(spec) {
  const at = spec.lastIndexOf('@')
  return at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, '*']
}

/** The environment npm and nuxi run in: Node 22 first in PATH, its headers for native addons. */
function node22Env(node) {
  const nodeDir = resolve(dirname(node), '..')
  return {
    ...process.env,
    PATH: `${dirname(node)}${delimiter}${process.env.PATH}`,
    npm_config_update_notifier: 'false',
    ...(existsSync(join(nodeDir, 'include/node/node.h')) ? { npm_config_nodedir: nodeDir } : {}),
  }
}

/** `nuxi typecheck` of the app on Node 22. */
export function typecheckNuxtApp(dir, node) {
  execFileSync(node, [join(dir, 'node_modules/nuxt/bin/nuxt.mjs'), 'typecheck'], { cwd: dir, env: node22Env(node), stdio: 'inherit' })
}

/**
 * Follows pages (applied in order) into `dir`: writes their files, installs what their `npm install` lines name
 * (ours from packed tarballs, the rest from the committed lock `lock`), then runs `npx nuxi typecheck` and
 * `npx create-action` where a page does. Throws on a command it does not know, naming the page's line.
 * @param {string[]} pages
 * @param {string} dir an empty or missing folder
 * @param {{ lock?: string, log?: (line: string) => void }} [options]
 * @returns {{ files: string[], installed: string[], lockLine: string, node: string, commands: { page: string, line: number, command: string, kind: string }[] }}
 *   the files written, the packages named, the lock's line, the Node 22 binary, and each command met with what it meant
 */
export function buildDocsApp(pages, dir, { lock = 'docs-walkthrough', log = console.log } = {}) {
  mkdirSync(dir, { recursive: true })
  if (readdirSync(dir).length) throw new Error(`${dir} is not empty: the walkthrough starts from an empty folder`)
  const node = nodeBinary(root, 22)
  const env = node22Env(node)
  const files = new Set()
  const packages = { dependencies: {}, devDependencies: {} }
  const commands = []
  let appName
  const afterInstall = []
  // every command is checked before anything is written, so an unknown one leaves the folder as it was
  const steps = pages.flatMap(page => readPage(page).map(step => ({ ...step, page })))
  for (const step of steps) {
    if (step.kind !== 'command') continue
    const known = commandOf(step.command, appName)
    if (!known) throw new Error(`${relative(root, resolve(step.page))}:${step.line}: \`${step.command}\` is a command scripts/docs-app.mjs does not know: teach it, or show the command as text`)
    if (known.init) appName = known.init
    step.known = known
  }
  for (const step of steps) {
    if (step.kind === 'file') {
      mkdirSync(dirname(join(dir, step.path)), { recursive: true })
      writeFileSync(join(dir, step.path), step.text)
      files.add(step.path)
      continue
    }
    const { known } = step
    commands.push({ page: step.page, line: step.line, command: step.command, kind: known.kind })
    if (known.run) afterInstall.push(known)
    if (known.kind === 'install') {
      for (const spec of known.packages) {
        const [name, range] = packageSpec(spec)
        packages[known.dev ? 'devDependencies' : 'dependencies'][name] = range
      }
    }
  }
  const installed = [...Object.keys(packages.dependencies), ...Object.keys(packages.devDependencies)]
  const lockLine = install(dir, packages, lock, env, log)
  for (const step of afterInstall) {
    log(`$ ${step.run.join(' ')} (${dir})`)
    execFileSync(node, step.run, { cwd: dir, env: { ...env, CI: 'true' }, stdio: 'inherit' })
  }
  return { files: [...files], installed, lockLine, node, commands }
}

/**
 * One `npm install` for every package the pages named: the page's package.json, plus those packages, plus the
 * tarballs and overrides of ours (writePackedAppManifest's, merged in).
 */
function install(dir, packages, lock, env, log) {
  const manifestFile = join(dir, 'package.json')
  if (!existsSync(manifestFile)) throw new Error('The pages show no package.json: the walkthrough starts with the files of `npx nuxi@latest init`')
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const ours = name => name.startsWith('@action-route/')
  const named = [...Object.keys(packages.dependencies), ...Object.keys(packages.devDependencies)]
  const packs = join(dir, '.packs')
  const tarballs = packWorkspace(root, packs)
  const packed = join(packs, 'manifest')
  mkdirSync(packed, { recursive: true })
  const others = Object.fromEntries(Object.entries(packages.dependencies).filter(([name]) => !ours(name)))
  writePackedAppManifest(packed, tarballs, named.filter(ours), others, 'npm')
  const generated = JSON.parse(readFileSync(join(packed, 'package.json'), 'utf8'))
  rmSync(packed, { recursive: true, force: true })
  // writePackedAppManifest's specs are relative to its own folder: make them relative to the app's
  const fromApp = spec => spec.startsWith('file:') ? `file:${relative(dir, resolve(packed, spec.slice('file:'.length)))}` : spec
  const rebase = entries => Object.fromEntries(Object.entries(entries).map(([name, spec]) => [name, fromApp(spec)]))
  manifest.dependencies = { ...manifest.dependencies, ...rebase(generated.dependencies) }
  manifest.devDependencies = { ...manifest.devDependencies, ...packages.devDependencies }
  if (!Object.keys(manifest.devDependencies).length) delete manifest.devDependencies
  manifest.overrides = { ...manifest.overrides, ...rebase(generated.overrides) }
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`)
  placeLock(dir, lock, 'npm')
  log(`$ npm install (${dir}): ${named.join(' ')}`)
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, env, stdio: 'inherit' })
  return checkLock(dir, lock, 'npm')
}

/**
 * `nuxi build` of the app on the Node the walkthrough needs.
 * @param {string} dir
 * @param {string} node from buildDocsApp
 */
export function buildNuxtApp(dir, node) {
  execFileSync(node, [join(dir, 'node_modules/nuxt/bin/nuxt.mjs'), 'build'], { cwd: dir, env: { ...node22Env(node), NODE_ENV: 'production' }, stdio: 'inherit' })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  if (args.length < 2) {
    console.error('Usage: node scripts/docs-app.mjs <page.md>... <dir>')
    process.exit(2)
  }
  const dir = resolve(args.at(-1))
  const started = Date.now()
  const result = buildDocsApp(args.slice(0, -1), dir)
  if (!result.commands.some(command => command.kind === 'typecheck')) {
    console.log(`$ nuxi typecheck ${dir}`)
    typecheckNuxtApp(dir, result.node)
  }
  console.log(`$ nuxi build ${dir}`)
  buildNuxtApp(dir, result.node)
  console.log(`${result.files.length} files, ${result.installed.length} packages named (${result.lockLine}), built in ${Math.round((Date.now() - started) / 1000)} s: ${dir}`)
}
