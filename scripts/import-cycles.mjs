#!/usr/bin/env node
// Fails when the packages' source imports in a circle, type imports included. ESLint's import-x/no-cycle skips
// `import type`, so this reads every import with the TypeScript compiler's own scanner instead.
//
//   node scripts/import-cycles.mjs            checks packages/*/src; exits 1 and prints each circle found
//   node scripts/import-cycles.mjs DIR...     checks these folders instead
//
// Counted: `import`, `import type`, `export ... from`, `import()` and `import('./x').T` in types, from .ts,
// .mts and the script blocks of .vue files. Only relative specifiers are followed; packages are leaves.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
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

/** Every file each file imports, relative imports only, type imports included. */
export function importGraph(folders) {
  const graph = new Map()
  for (const file of folders.flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(scriptOf(file), true, true)
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter(specifier => specifier.startsWith('.'))
      .map(specifier => resolveSpecifier(file, specifier))
      .filter(target => target !== undefined)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Each circle of the graph once, as the files in import order (Tarjan's strongly connected components). */
export function findCycles(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const components = []
  let next = 0
  const visit = (node) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node), low.get(target)))
      }
      else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    const selfImport = (graph.get(node) ?? []).includes(node)
    if (component.length > 1 || selfImport) components.push(component.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return components
}

/** The packages' source folders. */
function defaultFolders() {
  const packages = join(root, 'packages')
  return readdirSync(packages)
    .map(name => join(packages, name, 'src'))
    .filter(folder => existsSync(folder))
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const folders = args.length > 0 ? args.map(arg => resolve(arg)) : defaultFolders()
  const cycles = findCycles(importGraph(folders))
  if (cycles.length === 0) {
    console.log(`No import circles in ${folders.map(folder => relative(root, folder)).join(', ')}`)
  }
  else {
    console.error(`${cycles.length} import circle(s), type imports included. Move the shared piece down to a file both sides import:`)
    for (const cycle of cycles) console.error(`  ${cycle.map(file => relative(root, file)).join(' <-> ')}`)
    process.exitCode = 1
  }
}
