import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'pathe'
import { CliError } from '../cli-error'

const configNames = ['nuxt.config.ts', 'nuxt.config.mts', 'nuxt.config.js', 'nuxt.config.mjs', 'nuxt.config.cts', 'nuxt.config.cjs']

/** Where a Nuxt app lives: its root folder and its config file, if it has one. */
export interface ProjectRoot {
  rootDir: string
  configFile: string
}

/**
 * Walks up from `cwd` to the nearest folder with a `nuxt.config.*`.
 * @example
 * await findProjectRoot('/app/server/api') // { rootDir: '/app', configFile: '/app/nuxt.config.ts' }
 */
export function findProjectRoot(cwd: string): ProjectRoot {
  const start = resolve(cwd)
  if (!existsSync(start)) throw new CliError(`--cwd ${cwd} does not exist.`, { code: 'NO_PROJECT' })
  let dir = start
  while (true) {
    const name = configNames.find(candidate => existsSync(join(dir, candidate)))
    if (name) return { rootDir: dir, configFile: join(dir, name) }
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  throw new CliError(`No nuxt.config found in ${start} or any folder above it: run create-action inside a Nuxt app, or pass --cwd.`, { code: 'NO_PROJECT' })
}
