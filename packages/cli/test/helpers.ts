import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { runCommand } from 'citty'
import { logger } from '../src/logger'
import { dirname, join } from 'pathe'
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest'
import addCommand from '../src/commands/add'
import listCommand from '../src/commands/list'
import { main } from '../src/main'
import type { AddResult } from '../src/commands/add'
import type { ScannedRoute } from '../src/scan-action-routes'

/** A throwaway Nuxt app on disk. */
export interface TempApp {
  dir: string
  read: (path: string) => Promise<string>
  has: (path: string) => boolean
  write: (path: string, contents: string) => Promise<void>
}

const created: string[] = []

/**
 * Makes a temp folder with a nuxt.config.ts and a package.json (zod by
 * default), its schema libraries installed, plus any extra files.
 */
export async function createApp(options: {
  dependencies?: Record<string, string>
  /** The packages to install in its node_modules (an empty package each); default: the schema libraries it depends on. */
  installed?: string[]
  config?: string
  configName?: string
  files?: Record<string, string>
} = {}): Promise<TempApp> {
  const dir = await mkdtemp(join(tmpdir(), 'create-action-test-'))
  created.push(dir)
  const app: TempApp = {
    dir,
    read: path => readFile(join(dir, path), 'utf8'),
    has: path => existsSync(join(dir, path)),
    write: async (path, contents) => {
      await mkdir(dirname(join(dir, path)), { recursive: true })
      await writeFile(join(dir, path), contents)
    },
  }
  await app.write(options.configName ?? 'nuxt.config.ts', options.config ?? 'export default defineNuxtConfig({})\n')
  const dependencies = options.dependencies ?? { nuxt: '^4.0.0', zod: '^4.0.0' }
  await app.write('package.json', JSON.stringify({ dependencies }))
  // create-action refuses a schema library the app cannot import: the ones it depends on are installed, as after an install
  const installed = options.installed ?? ['zod', 'valibot', 'arktype'].filter(name => name in dependencies)
  for (const name of installed) await app.write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: '0.0.0' }))
  for (const [path, contents] of Object.entries(options.files ?? {})) await app.write(path, contents)
  return app
}

/** Every line the CLI's logger printed during the current test, by type. */
export const output: { type: string, text: string }[] = []

/** The printed lines as one string. */
export function printed(): string {
  return output.map(line => line.text).join('\n')
}

beforeEach(() => {
  output.length = 0
  logger.mockTypes(type => (...args: unknown[]) => {
    output.push({ type, text: args.map(String).join(' ') })
  })
  // never a terminal, never CI, unless a test says so
  vi.stubEnv('CI', '')
})

afterEach(async () => {
  logger.restoreAll()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  await Promise.all(created.splice(0).map(dir => rm(dir, { recursive: true, force: true })))
})

/** Runs `create-action <args>` through citty from the main command (the sub-command's result is not passed up). */
export async function run(rawArgs: string[]): Promise<void> {
  await runCommand(main, { rawArgs })
}

/** Runs `create-action add ...args --cwd <dir>` (unless args give --cwd) and resolves to what the command returned. */
export async function add(app: TempApp, ...rawArgs: string[]): Promise<AddResult> {
  const cwd = rawArgs.includes('--cwd') ? [] : ['--cwd', app.dir]
  const { result } = await runCommand(addCommand, { rawArgs: [...rawArgs, ...cwd] })
  return result as AddResult
}

/** Runs `create-action list ...args --cwd <dir>` and resolves to the actions it found. */
export async function list(app: TempApp, ...rawArgs: string[]): Promise<ScannedRoute[]> {
  const { result } = await runCommand(listCommand, { rawArgs: [...rawArgs, '--cwd', app.dir] })
  return result as ScannedRoute[]
}

/** Pretends stdin and stdout are a terminal until the test ends. */
export function pretendTerminal(): void {
  for (const stream of [process.stdin, process.stdout]) {
    const previous = Object.getOwnPropertyDescriptor(stream, 'isTTY')
    Object.defineProperty(stream, 'isTTY', { value: true, configurable: true })
    onTestFinished(() => {
      if (previous) Object.defineProperty(stream, 'isTTY', previous)
      else delete (stream as { isTTY?: boolean }).isTTY
    })
  }
}
