import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'pathe'
import { camelCase } from 'scule'
import type { SharedMiddleware } from '../../../templates/types'
import { CliError } from './cli-error'
import { readServerNames } from './project/auto-import-names'
import { exists } from './write-file-atomic'

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

/**
 * Plans each shared middleware: its file in `<serverDir>/utils`, the export the
 * route imports, and the relative import path from the route file. An existing
 * file is used as is, and refused when it does not export that name. A name whose
 * export the server code already gets (h3's `getCookie`, Nitro's `useStorage`, the
 * module's, another file's in server/utils) is refused: Nitro would auto-import
 * the middleware in its place in every server file.
 * @example
 * await planSharedMiddleware(['auth'], { serverDir: '/app/server', routeFile: '/app/server/api/todos/index.get.ts', rootDir: '/app' })
 * // [{ name: 'auth', exportName: 'auth', importPath: '../../utils/auth', file: '/app/server/utils/auth.ts', create: true }]
 */
export async function planSharedMiddleware(
  names: string[],
  paths: { serverDir: string, routeFile: string, rootDir: string },
): Promise<PlannedMiddleware[]> {
  const planned: PlannedMiddleware[] = []
  const serverNames = names.length > 0 ? await readServerNames(paths) : new Map<string, string[]>()
  for (const name of names) {
    const exportName = camelCase(name)
    const file = join(paths.serverDir, 'utils', `${name}.ts`)
    // the middleware's own file may export it: that is the middleware being reused
    const owner = serverNames.get(exportName)?.find(owner => owner !== `${relative(paths.rootDir, file)} exports already`)
    if (owner) {
      throw new CliError(`"${name}" would export ${exportName}, which ${owner}: ${relative(paths.rootDir, file)} would replace it in every server file. Pick another name, like ${name}-middleware.`)
    }
    let importPath = relative(dirname(paths.routeFile), file.replace(/\.ts$/, ''))
    if (!importPath.startsWith('.')) importPath = `./${importPath}`
    const create = !(await exists(file))
    if (!create && !exportsName(await readFile(file, 'utf8'), exportName)) {
      throw new CliError(`${relative(paths.rootDir, file)} exists but exports no "${exportName}": export it, or pick another middleware name.`)
    }
    planned.push({ name, exportName, importPath, file, create })
  }
  return planned
}

/**
 * The shared middleware already in `<serverDir>/utils`: each `<name>.ts` whose
 * name create-action takes and that exports `camelCase(name)` made with
 * `defineActionMiddleware`, sorted by name.
 * @example
 * await findSharedMiddleware('/app/server') // ['audit-log', 'auth']
 */
export async function findSharedMiddleware(serverDir: string): Promise<string[]> {
  const entries = await readdir(join(serverDir, 'utils'), { withFileTypes: true }).catch(() => [])
  const names: string[] = []
  for (const entry of entries) {
    const name = entry.name.replace(/\.ts$/, '')
    if (!entry.isFile() || name === entry.name || !isMiddlewareName(name)) continue
    const source = await readFile(join(serverDir, 'utils', entry.name), 'utf8')
    if (source.includes('defineActionMiddleware') && exportsName(source, camelCase(name))) names.push(name)
  }
  return names.sort()
}
