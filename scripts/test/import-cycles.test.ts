import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { findCycles, importGraph } from '../import-cycles.mjs'

const root = resolve(import.meta.dirname, '../..')
const fixtures = resolve(import.meta.dirname, 'fixtures/import-cycle')
const run = (...folders: string[]) => promisify(execFile)('node', ['scripts/import-cycles.mjs', ...folders], { cwd: root })

describe('scripts/import-cycles.mjs', () => {
  it('fails on two files that import each other with `import type` only', async () => {
    const failure = await run(`${fixtures}/type-only`).then(() => undefined, (error: { code: number, stderr: string }) => error)
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('1 import circle(s)')
    expect(failure?.stderr).toMatch(/type-only\/customer\.ts <-> .*type-only\/order\.ts/)
  })

  it('passes once the shared type moved down to a file both sides import', async () => {
    const { stdout } = await run(`${fixtures}/moved-down`)
    expect(stdout).toContain('No import circles')
  })

  it('names each circle once, with every file on it', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']], ['e', ['e']]])
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['e']])
  })

  it('reads `import type` as an import', () => {
    const graph = importGraph([`${fixtures}/type-only`])
    expect([...graph.values()].every(targets => targets.length === 1)).toBe(true)
  })

  it('finds no circle in the packages\' source', async () => {
    const { stdout } = await run()
    expect(stdout).toContain('No import circles in packages/cli/src, packages/devtools/src, packages/runtime/src')
  })
})
