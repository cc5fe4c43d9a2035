// The lifecycle is written once, on web standards: no h3 and nothing of Node at run time. Only the h3 v1
// adapter (and the h3 v1 entry through it) imports h3; the h3 v2 entry imports no h3 at all, so it runs on
// whichever h3 2.x the host bundles.
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/runtime/server')

/** The specifiers a file imports at run time (`import type` and `export type` are erased). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const specifiers: string[] = []
  // the first quoted string after `import`/`export` at the start of a line: its specifier
  for (const match of source.matchAll(/^(?:import|export)[^'"]*'([^']+)'/gm)) {
    if (!/^(?:import|export) type /.test(match[0])) specifiers.push(match[1]!)
  }
  return specifiers
}

/** Every file `entry` reaches through run-time imports, with what each imports from outside the runtime. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  const pending = [entry]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (graph.has(file)) continue
    const outside: string[] = []
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) pending.push(`${join(dirname(file), specifier)}.ts`)
      else outside.push(specifier)
    }
    graph.set(file, outside)
  }
  return graph
}

const relative = (file: string) => file.slice(serverDir.length + 1)

describe('the portable core', () => {
  it('the h3 v2 entry reaches no h3 and nothing of Node', () => {
    const graph = importGraph(join(serverDir, 'h3-v2.ts'))
    expect([...graph.keys()].map(relative)).toContain('lifecycle/define-action.ts')
    for (const [file, outside] of graph) {
      expect(outside.filter(specifier => specifier === 'h3' || specifier.startsWith('h3/') || specifier.startsWith('node:')), relative(file)).toEqual([])
    }
  })

  it('on the h3 v1 entry, only the h3 v1 adapter imports h3, and nothing imports Node', () => {
    const graph = importGraph(join(serverDir, 'index.ts'))
    const importingH3 = [...graph].filter(([, outside]) => outside.includes('h3')).map(([file]) => relative(file))
    expect(importingH3).toEqual(['adapters/h3-v1.ts'])
    for (const [file, outside] of graph) expect(outside.filter(specifier => specifier.startsWith('node:')), relative(file)).toEqual([])
  })
})
