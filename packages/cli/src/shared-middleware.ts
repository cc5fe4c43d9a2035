import { readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'pathe'
import { camelCase } from 'scule'
import { glob } from 'tinyglobby'
import type { SharedMiddleware } from '../../../templates/types'
import { CliError } from './cli-error'
import { readServerNames } from './project/auto-import-names'
import { exists } from './write-file-atomic'

// the runtime's own middleware (factories, auto-imported): a scaffold of that name would shadow it, so the refusal
// says what to write in the route instead
const RUNTIME_MIDDLEWARE: Record<string, string> = { idempotent: 'idempotent()', rateLimit: 'rateLimit({ limit: 10, window: 60_000 })' }

/** A shared middleware a route will import, and whether its file must be written. */
export interface PlannedMiddleware extends SharedMiddleware {
  /** Absolute path of `<serverDir>/utils/<name>.ts`. */
  file: string
  /** False when the file is there already (it is imported, never rewritten). */
  create: boolean
}

const reservedWords = new Set(('break case catch class const continue debugger default delete do else enum export extends false finally '
  + 'for function if import in instanceof new null return super switch this throw true try typeof var void while with yield '
  + 'let static implements interface package private protected public await').split(' '))

/**
 * Splits `--middleware auth,audit-log` into names, refusing names that are not
 * plain file names or whose camelCase is not a usable identifier.
 * @example
 * parseMiddlewareNames('auth, audit-log') // ['auth', 'audit-log']
 */
export function parseMiddlewareNames(value: string | undefined): string[] {
  if (value === undefined) return []
  const names = value.split(',').map(name => name.trim()).filter(Boolean)
  if (!names.length) throw new CliError('--middleware needs a name, like --middleware auth.')
  return checkMiddlewareNames(names)
}

/** True for a name create-action can use as a file name and, camelCased, as an export. */
export function isMiddlewareName(name: string): boolean {
  return /^[a-z][\w-]*$/i.test(name) && !reservedWords.has(camelCase(name))
}

/**
 * Refuses names that are not plain file names or whose camelCase is not a
 * usable identifier, and drops repeats.
 * @example
 * checkMiddlewareNames(['auth', 'audit-log', 'auth']) // ['auth', 'audit-log']
 */
export function checkMiddlewareNames(names: readonly unknown[]): string[] {
  for (const name of names) {
    if (typeof name !== 'string' || !isMiddlewareName(name)) {
      throw new CliError(`${JSON.stringify(name)} is not a usable middleware name: start with a letter, use letters, digits, - and _, and avoid JavaScript keywords.`)
    }
  }
  return [...new Set(names as string[])]
}

function exportsName(source: string, name: string): boolean {
  return new RegExp(`export\\s+(?:const|let|var|(?:async\\s+)?function)\\s+${name}\\b`).test(source)
    || new RegExp(`export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(source)
}

/** A middleware an app already has: an export of a `server/utils` file made with `defineActionMiddleware`. */
export interface ExistingMiddleware {
  /** The exported name, which is also how Nitro auto-imports it: `requireUser`. */
  exportName: string
  /** Absolute path of the file that exports it. */
  file: string
}

/**
 * Every `export const <name> = defineActionMiddleware(...)` in `<serverDir>/utils` and its folders, whatever
 * the file is called (`server/utils/auth.ts` may export `requireUser` and `requireRole`), sorted by name.
 * @example
 * await findExistingMiddleware('/app/server')
 * // [{ exportName: 'requireRole', file: '/app/server/utils/auth.ts' }, { exportName: 'requireUser', file: '/app/server/utils/auth.ts' }]
 */
export async function findExistingMiddleware(serverDir: string): Promise<ExistingMiddleware[]> {
  const folder = join(serverDir, 'utils')
  const files = await glob('**/*.{ts,mts,js,mjs}', { cwd: folder, absolute: true, ignore: ['**/*.d.ts', '**/node_modules/**'] }).catch(() => [])
  const found: ExistingMiddleware[] = []
  for (const file of files.sort()) {
    const source = await readFile(file, 'utf8').catch(() => '')
    for (const match of source.matchAll(/export\s+(?:const|let|var)\s+([$\w]+)\s*(?::[^=]+)?=\s*defineActionMiddleware\b/g)) {
      if (!found.some(entry => entry.exportName === match[1])) found.push({ exportName: match[1]!, file })
    }
  }
  return found.sort((a, b) => a.exportName.localeCompare(b.exportName))
}

/**
 * Plans each shared middleware the route imports. A name (or its camelCase: `require-user` is `requireUser`)
 * that a `server/utils` file already exports with `defineActionMiddleware` is that middleware, imported from
 * its file, whatever the file is called; `<serverDir>/utils/<name>.ts` exporting the name is used as is.
 * Otherwise the middleware is scaffolded in `<serverDir>/utils/<name>.ts`, unless that file is there (it
 * exports something else: refused, naming the middleware the app has) or the name is one the server code
 * already gets (h3's `getCookie`, Nitro's `useStorage`, the module's, another export of server/utils): Nitro
 * would auto-import one in place of the other in every server file, so a second export is never written.
 * @example
 * await planSharedMiddleware(['requireUser'], { serverDir: '/app/server', routeFile: '/app/server/api/todos/index.get.ts', rootDir: '/app' })
 * // [{ name: 'requireUser', exportName: 'requireUser', importPath: '../../utils/auth', file: '/app/server/utils/auth.ts', create: false }]
 */
export async function planSharedMiddleware(
  names: string[],
  paths: { serverDir: string, routeFile: string, rootDir: string },
): Promise<PlannedMiddleware[]> {
  const planned: PlannedMiddleware[] = []
  if (names.length === 0) return planned
  const [serverNames, existing] = await Promise.all([readServerNames(paths), findExistingMiddleware(paths.serverDir)])
  const importFrom = (file: string) => {
    const path = relative(dirname(paths.routeFile), file.replace(/\.[cm]?[jt]s$/, ''))
    return path.startsWith('.') ? path : `./${path}`
  }
  for (const name of names) {
    const exportName = camelCase(name)
    const found = existing.find(entry => entry.exportName === exportName)
    const file = found?.file ?? join(paths.serverDir, 'utils', `${name}.ts`)
    // the middleware's own file exports the name: that is the middleware being reused, unless it shadows another
    const owner = serverNames.get(exportName)?.find(owner => owner !== `${relative(paths.rootDir, file)} exports already`)
    if (owner && exportName in RUNTIME_MIDDLEWARE) {
      throw new CliError(`"${name}" is @action-route/runtime's own middleware, auto-imported in server code: write ${RUNTIME_MIDDLEWARE[exportName]} in the route's middleware instead (a scaffold at ${relative(paths.rootDir, file)} would replace it in every server file).`)
    }
    if (owner) {
      throw new CliError(`"${name}" would export ${exportName}, which ${owner}: ${relative(paths.rootDir, file)} would replace it in every server file. Pick another name, like ${name}-middleware.`)
    }
    if (found) {
      planned.push({ name, exportName, importPath: importFrom(found.file), file: found.file, create: false })
      continue
    }
    if (await exists(file)) {
      if (!exportsName(await readFile(file, 'utf8'), exportName)) {
        const inFile = existing.filter(entry => entry.file === file).map(entry => entry.exportName)
        const hint = inFile.length > 0
          ? `it exports the middleware ${inFile.join(', ')}: pass that name, like --middleware ${inFile[0]}`
          : `export it, or pick another middleware name${existing.length > 0 ? ` (the middleware in server/utils: ${existing.map(entry => entry.exportName).join(', ')})` : ''}`
        throw new CliError(`${relative(paths.rootDir, file)} exists but exports no "${exportName}": ${hint}.`)
      }
      planned.push({ name, exportName, importPath: importFrom(file), file, create: false })
      continue
    }
    planned.push({ name, exportName, importPath: importFrom(file), file, create: true })
  }
  return planned
}
