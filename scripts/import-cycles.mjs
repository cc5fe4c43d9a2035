#!/usr/bin/env node
// Fails when the packages' source imports in a circle, type imports included. ESLint's import-x/no-cycle skips
// `import type`, so this reads every import through scripts/import-graph.mjs (the TypeScript compiler's scanner).
//
//   node scripts/import-cycles.mjs            checks packages/*/src; exits 1 and prints each circle found
//   node scripts/import-cycles.mjs DIR...     checks these folders instead
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { foldersFromArgs, importGraph, root } from './import-graph.mjs'

export { importGraph } from './import-graph.mjs'

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

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folders = foldersFromArgs(process.argv.slice(2))
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
