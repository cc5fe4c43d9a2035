import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { findInternalReaches, internalOwnerOf, PENDING_FOLDERS } from '../internal-imports.mjs'
import { readImports } from '../import-graph.mjs'

const root = resolve(import.meta.dirname, '../..')
const fixtures = resolve(import.meta.dirname, 'fixtures/internal-import')
const run = (...folders: string[]) => promisify(execFile)('node', ['scripts/internal-imports.mjs', ...folders], { cwd: root })
const failureOf = (...folders: string[]) => run(...folders).then(() => undefined, (error: { code: number, stderr: string }) => error)

describe('scripts/internal-imports.mjs', () => {
  it('fails on a file outside a folder that imports its internal/, for every import form', async () => {
    const failure = await failureOf(`${fixtures}/reaches`)
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('4 import(s) reach into another folder\'s internal/')
    for (const file of ['static', 'type-only', 'dynamic', 're-export']) {
      expect(failure?.stderr).toContain(`reaches/cart/${file}.ts imports '../store/internal/codec': internal/ of scripts/test/fixtures/internal-import/reaches/store/`)
    }
  })

  it('lets the folder itself and the folders inside it import its internal/', () => {
    const reaches = findInternalReaches(readImports([`${fixtures}/reaches`]))
    expect(reaches.map(({ file }) => file).filter(file => file.includes('/store/'))).toEqual([])
  })

  it('passes once other folders import the public face', async () => {
    const { stdout } = await run(`${fixtures}/public-face`)
    expect(stdout).toContain('No reach into another folder\'s internal/')
  })

  it('names the innermost folder an internal/ belongs to', () => {
    expect(internalOwnerOf('/a/b/internal/c/internal/d.ts')).toBe('/a/b/internal/c')
    expect(internalOwnerOf('/a/b/internal/d.ts')).toBe('/a/b')
    expect(internalOwnerOf('/a/b/d.ts')).toBeUndefined()
  })

  it('finds no reach into another folder\'s internal/ in the packages\' source, but into the pending ones', async () => {
    const { stdout } = await run()
    expect(stdout).toContain('No reach into another folder\'s internal/ in packages/cli/src, packages/devtools/src, packages/runtime/src')
    const pending = stdout.split('\n').filter(line => line.includes(' imports '))
    expect(pending.every(line => PENDING_FOLDERS.some(folder => line.endsWith(`internal/ of ${folder}/`)))).toBe(true)
  })
})
