// Reads every import of the packages' source with the TypeScript compiler's own scanner, for the checks on imports
// (scripts/import-cycles.mjs, scripts/internal-imports.mjs). ESLint's import rules skip `import type`; this does not.
//
// Counted: `import`, `import type`, `export ... from`, `import()` and `import('./x').T` in types, from .ts,
// .mts and the script blocks of .vue files. Only relative specifiers are followed; packages are leaves.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The repository's root folder. */
export const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const SOURCE = /\.(?:ts|mts|vue)$/
const SKIPPED = new Set(['node_modules', 'dist', '.nuxt', '.output'])

/** Every source file under a folder. */
function sourceFiles(folder) {
  const found = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue
    const path = join(folder, entry.name)
    if (entry.isDirectory()) found.push(...sourceFiles(path))
    else if (SOURCE.test(entry.name)) found.push(path)
  }
  return found
}

/** The script of a file: a .vue file's script blocks, any other file whole. */
function scriptOf(path) {
  const text = readFileSync(path, 'utf8')
  if (!path.endsWith('.vue')) return text
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(match => match[1]).join('\n')
}

/** The file a relative specifier names, as TypeScript's bundler resolution would find it. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier)
  const stem = base.replace(/\.(?:js|mjs)$/, '')
  const candidates = [base, `${stem}.ts`, `${stem}.mts`, `${stem}.d.ts`, `${base}.ts`, `${base}.vue`, join(base, 'index.ts')]
  return candidates.find(candidate => existsSync(candidate) && statSync(candidate).isFile())
}

/**
 * Every relative import of each file under the folders, type imports included: the specifier as written and the
 * file it names. A specifier that names no file is left out.
 * @example
 * readImports(['packages/runtime/src']).get('/abs/module.ts') // [{ specifier: './routes', target: '/abs/routes/index.ts' }]
 */
export function readImports(folders) {
  const imports = new Map()
  for (const file of folders.flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(scriptOf(file), true, true)
    const seen = new Set()
    const found = []
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.') || seen.has(specifier)) continue
      seen.add(specifier)
      const target = resolveSpecifier(file, specifier)
      if (target !== undefined) found.push({ specifier, target })
    }
    imports.set(file, found)
  }
  return imports
}

/** Every file each file imports, relative imports only, type imports included. */
export function importGraph(folders) {
  const graph = new Map()
  for (const [file, found] of readImports(folders)) graph.set(file, [...new Set(found.map(({ target }) => target))])
  return graph
}

/** The packages' source folders: `packages/*\/src`. */
export function packageSourceFolders() {
  const packages = join(root, 'packages')
  return readdirSync(packages)
    .map(name => join(packages, name, 'src'))
    .filter(folder => existsSync(folder))
}

/** The folders a check's command line names, or the packages' source folders when it names none. */
export function foldersFromArgs(args) {
  return args.length > 0 ? args.map(arg => resolve(arg)) : packageSourceFolders()
}
