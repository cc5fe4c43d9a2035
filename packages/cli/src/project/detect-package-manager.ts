import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'pathe'

/** The package managers whose install command create-action can name. */
export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun'

const lockfiles: [file: string, manager: PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
]

/**
 * The package manager an app installs with: its package.json's `packageManager` field, else the lockfile at its
 * root or in a folder above it (a workspace's), else npm.
 * @example
 * await detectPackageManager('/app') // 'pnpm' beside a pnpm-lock.yaml
 */
export async function detectPackageManager(rootDir: string): Promise<PackageManager> {
  const declared = await readFile(join(rootDir, 'package.json'), 'utf8')
    .then(text => (JSON.parse(text) as { packageManager?: unknown }).packageManager)
    .catch(() => undefined)
  const named = typeof declared === 'string' ? declared.split('@')[0] : undefined
  if (named === 'npm' || named === 'pnpm' || named === 'yarn' || named === 'bun') return named
  for (let dir = rootDir; ; dir = dirname(dir)) {
    const found = lockfiles.find(([file]) => existsSync(join(dir, file)))
    if (found) return found[1]
    if (dirname(dir) === dir) return 'npm'
  }
}

/**
 * The command that adds `name` to the app's dependencies with its package manager.
 * @example
 * installCommand('pnpm', 'valibot') // 'pnpm add valibot'
 */
export function installCommand(manager: PackageManager, name: string): string {
  return manager === 'npm' ? `npm install ${name}` : `${manager} add ${name}`
}
