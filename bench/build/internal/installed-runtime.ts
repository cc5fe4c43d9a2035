// The module as an app installs it: the built package in a node_modules beside the generated apps, not its source.
import { execFile } from 'node:child_process'
import { cp, mkdir, readdir, rm, stat, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const packageDir = join(repoRoot, 'packages/runtime')

/**
 * Ensures `packages/runtime/dist` is at least as new as every file of `packages/runtime/src`, building the
 * package once (`pnpm --filter @action-route/runtime build`) when it is missing or older, then copies the
 * package (`package.json`, `dist`, its own `node_modules` linked) to `<dir>/node_modules/@action-route/runtime`,
 * where Nuxt resolves `'@action-route/runtime'` through the package's exports as in an app. The copy keeps the
 * run on one build while the source changes. Resolves to why it could not (a sentence for the notes), or
 * `undefined`.
 * @example
 * const refusal = await installBuiltRuntime('bench/.work/build', message => console.log(message))
 */
export async function installBuiltRuntime(dir: string, log: (message: string) => void): Promise<string | undefined> {
  if (await staleness() !== undefined) {
    log('packages/runtime/dist is missing or older than its src: building it (pnpm --filter @action-route/runtime build)')
    const built = await promisify(execFile)('pnpm', ['--filter', '@action-route/runtime', 'build'], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 })
      .then(() => undefined, (error: Error) => error.message.split('\n').find(line => /error/i.test(line)) ?? error.message.split('\n')[0])
    if (built !== undefined) return `Not measured: \`pnpm --filter @action-route/runtime build\` failed (${built}). The part type-checks apps against the built package; build it, then run the part again.`
    const still = await staleness()
    if (still !== undefined) return `Not measured: ${still} even after \`pnpm --filter @action-route/runtime build\` (is another build running?). Run the part again once it is done.`
  }
  const target = join(dir, 'node_modules/@action-route/runtime')
  await rm(target, { recursive: true, force: true })
  await mkdir(target, { recursive: true })
  await cp(join(packageDir, 'package.json'), join(target, 'package.json'))
  await cp(join(packageDir, 'dist'), join(target, 'dist'), { recursive: true })
  // its dependencies as pnpm installed them for the package
  await symlink(join(packageDir, 'node_modules'), join(target, 'node_modules'), 'dir')
  return undefined
}

/** Why dist cannot stand for src (missing, or older than a source file), or `undefined`. */
async function staleness(): Promise<string | undefined> {
  const built = await stat(join(packageDir, 'dist/module.mjs')).catch(() => undefined)
  if (!built) return '`packages/runtime/dist` is missing'
  const sources = await readdir(join(packageDir, 'src'), { recursive: true })
  for (const source of sources) {
    const changed = (await stat(join(packageDir, 'src', source))).mtimeMs
    if (changed > built.mtimeMs) return `\`packages/runtime/dist\` is older than \`src/${source}\``
  }
  return undefined
}
