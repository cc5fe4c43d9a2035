import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, join, resolve } from 'pathe'
import { CliError } from '../cli-error'
import { isInside } from '../is-inside'
import type { ProjectRoot } from './find-project-root'
import { readConfigOptions, readOption } from './read-nuxt-config'

/** Where the app's server code lives, and anything worth telling about how that was found. */
export interface ServerLayout {
  /** Absolute path of the server folder. */
  serverDir: string
  /** Warnings to show, such as a config that could not be read. */
  notes: string[]
}

function nuxtMajor(rootDir: string, dependencies: Record<string, string>): number | undefined {
  try {
    const installed = JSON.parse(readFileSync(join(rootDir, 'node_modules/nuxt/package.json'), 'utf8')) as { version?: string }
    const major = Number.parseInt(installed.version ?? '', 10)
    if (major) return major
  }
  catch {
    // not installed yet: fall back to the range in package.json
  }
  const range = dependencies.nuxt?.match(/(\d+)/)?.[1]
  return range ? Number(range) : undefined
}

/**
 * Finds the server folder the way Nuxt does, reading nuxt.config without running
 * it: a literal `serverDir` wins (relative to the root); otherwise Nuxt 4 (and
 * Nuxt 3 with `future.compatibilityVersion: 4`) uses `<root>/server`, and Nuxt 3
 * uses `<srcDir>/server`. A `serverDir` that is not a plain string is refused
 * rather than guessed.
 * @example
 * await resolveServerDir({ rootDir: '/app', configFile: '/app/nuxt.config.ts' }, { nuxt: '^4.0.0' })
 * // { serverDir: '/app/server', notes: [] }
 */
export async function resolveServerDir(project: ProjectRoot, dependencies: Record<string, string>): Promise<ServerLayout> {
  const { rootDir, configFile } = project
  const configName = basename(configFile)
  const notes: string[] = []
  const source = existsSync(configFile) ? await readFile(configFile, 'utf8') : ''
  const options = await readConfigOptions(source, ['serverDir', 'srcDir'])

  if (!options) {
    if (/\bserverDir\b/.test(source)) {
      throw new CliError(`${configName} sets serverDir in a way create-action cannot read without running it: export a literal object (defineNuxtConfig({ serverDir: 'src/server' })).`, { code: 'NO_PROJECT' })
    }
    notes.push(`Could not read ${configName} statically: assuming the server folder is server/.`)
    return { serverDir: join(rootDir, 'server'), notes }
  }

  const serverDir = readOption(options, ['serverDir'])
  let dir: string
  if (serverDir.kind === 'literal' && typeof serverDir.value === 'string' && serverDir.value) {
    dir = resolve(rootDir, serverDir.value)
  }
  else if (serverDir.kind !== 'absent') {
    throw new CliError(`serverDir in ${configName} is not a plain string: create-action reads the config without running it, so write it as a literal, like serverDir: 'src/server'.`, { code: 'NO_PROJECT' })
  }
  else {
    const compatibility = readOption(options, ['future', 'compatibilityVersion'])
    const major = nuxtMajor(rootDir, dependencies)
    const srcDir = readOption(options, ['srcDir'])
    const nuxt3Layout = major === 3 && !(compatibility.kind === 'literal' && compatibility.value === 4)
    dir = nuxt3Layout && srcDir.kind === 'literal' && typeof srcDir.value === 'string'
      ? resolve(rootDir, srcDir.value, 'server')
      : join(rootDir, 'server')
  }

  if (!isInside(rootDir, dir)) {
    throw new CliError(`The server folder ${dir} (from ${configName}) is outside the project ${rootDir}: create-action only writes inside the project.`, { code: 'NO_PROJECT' })
  }
  return { serverDir: dir, notes }
}
