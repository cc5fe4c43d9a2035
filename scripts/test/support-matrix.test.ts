import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { NUXT5_NIGHTLY, targets } from '../compat-targets.mjs'

const root = resolve(import.meta.dirname, '../..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const manifest = JSON.parse(read('package.json')) as { engines: { node: string }, devDependencies: Record<string, string> }
/** The Node major the main suite and the scripts without a target of their own run on: the machine's, the engines' floor. */
const machineNode = Number(/\d+/.exec(manifest.engines.node)![0])

/** The support matrix that follows the `<!-- support-matrix -->` marker of a page: its column heads and rows. */
function matrixOf(path: string): { columns: string[], rows: string[][] } {
  const lines = read(path).split('\n')
  const start = lines.findIndex(line => line.trim() === '<!-- support-matrix -->')
  expect(start, `${path} has a <!-- support-matrix --> marker`).toBeGreaterThan(-1)
  const table: string[][] = []
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('|')) break
    if (/^\|[\s|:-]+\|$/.test(line)) continue
    table.push(line.slice(1, -1).split('|').map(cell => cell.trim()))
  }
  return { columns: table[0]!, rows: table.slice(1) }
}

/** The Nuxt version a committed lock installs (scripts/locks), pnpm's or npm's. */
function lockedNuxt(lock: string): string {
  if (lock.endsWith('.json')) return (JSON.parse(read(`scripts/locks/${lock}`)) as { packages: Record<string, { version: string }> }).packages['node_modules/nuxt']!.version
  const importers = (parse(read(`scripts/locks/${lock}`)) as { importers: Record<string, { dependencies: Record<string, { version: string }> }> }).importers
  return importers['.']!.dependencies.nuxt!.version.replace(/\(.*$/, '')
}

/** What each suite the table may name runs: the Nuxt it installs and the Node major it runs on. */
const suites = new Map<string, { nuxt: string, node: number }>([
  ['pnpm test', { nuxt: manifest.devDependencies.nuxt!, node: machineNode }],
  ['pnpm test:workers', { nuxt: manifest.devDependencies.nuxt!, node: machineNode }],
  ['pnpm test:kit', { nuxt: lockedNuxt('kit-dedupe.package-lock.json'), node: machineNode }],
  ['workers.mjs --nuxt5', { nuxt: lockedNuxt('workers-nuxt5.package-lock.json'), node: targets.find(target => target.nuxt.includes(NUXT5_NIGHTLY))!.node }],
  ...targets.map(target => [target.name, {
    nuxt: lockedNuxt(`compat-${target.name}-fixture.${target.installer === 'npm' ? 'package-lock.json' : 'pnpm-lock.yaml'}`),
    node: target.node,
  }] as const),
])

/** A version as numbers, prerelease dropped: `5.0.0-2983.dc51` is [5, 0, 0]. */
const numbers = (version: string) => version.replace(/-.*$/, '').split('.').map(Number)
function compare(a: string, b: string): number {
  const [x, y] = [numbers(a), numbers(b)]
  for (let index = 0; index < 3; index++) if ((x[index] ?? 0) !== (y[index] ?? 0)) return (x[index] ?? 0) - (y[index] ?? 0)
  return 0
}

/** Whether a Nuxt version is in a row: `4.0 to 4.4.5`, `3.14+ (newest 3)`, `5 (nightly)`. */
function inRow(version: string, row: string): boolean {
  const label = row.replace(/\(.*\)/, '').trim()
  const span = /^([\d.]+) to ([\d.]+)$/.exec(label)
  if (span) return compare(version, span[1]!) >= 0 && compare(version, span[2]!) <= 0
  const from = /^([\d.]+)\+$/.exec(label)
  if (from) return compare(version, from[1]!) >= 0 && numbers(version)[0] === numbers(from[1]!)[0]
  return numbers(version)[0] === Number(label)
}

/** The suites a cell names as tested (each in backticks), or none for `untested` and `not supported by Nuxt`. */
function suitesOf(cell: string): string[] {
  if (cell === 'untested' || cell === 'not supported by Nuxt') return []
  expect(cell, 'a cell is "tested in CI: ...", "untested" or "not supported by Nuxt"').toMatch(/^tested in CI: `/)
  return [...cell.matchAll(/`([^`]+)`/g)].map(match => match[1]!)
}

const pages = ['README.md', 'docs/compatibility.md']

describe('the support matrix of the README and docs/compatibility.md', () => {
  it('is the same table on both pages', () => {
    expect(matrixOf('README.md')).toEqual(matrixOf('docs/compatibility.md'))
  })

  it.each(pages)('%s: every cell said tested is run by the suites it names, on that Nuxt and that Node', (page) => {
    const { columns, rows } = matrixOf(page)
    expect(columns[0]).toBe('Nuxt')
    for (const [row, ...cells] of rows) {
      cells.forEach((cell, index) => {
        const node = Number(/\d+/.exec(columns[index + 1]!)![0])
        for (const name of suitesOf(cell)) {
          const suite = suites.get(name)
          expect(suite, `${row} × ${columns[index + 1]}: no suite is called ${name}`).toBeDefined()
          expect(suite!.node, `${row} × ${columns[index + 1]}: ${name} runs on Node ${suite!.node}`).toBe(node)
          expect(inRow(suite!.nuxt, row!), `${row} × ${columns[index + 1]}: ${name} installs Nuxt ${suite!.nuxt}`).toBe(true)
          const said = new RegExp(`\`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` \\(([\\d.]+)\\)`).exec(cell)?.[1]
          if (said) expect(suite!.nuxt.replace(/^[~^]/, '').startsWith(said), `${row}: ${name} is said to install Nuxt ${said}, not ${suite!.nuxt}`).toBe(true)
        }
      })
    }
  })

  it.each(pages)('%s: every compatibility target and suite is in the cell of its Nuxt and Node', (page) => {
    const { columns, rows } = matrixOf(page)
    for (const [name, suite] of suites) {
      const cells = rows.flatMap(([row, ...cells]) => cells.map((cell, index) => ({ row: row!, node: Number(/\d+/.exec(columns[index + 1]!)![0]), cell })))
      const named = cells.filter(({ cell }) => suitesOf(cell).includes(name))
      expect(named.map(({ row, node }) => `${row} × Node ${node}`), `${name} (Nuxt ${suite.nuxt}, Node ${suite.node})`).toHaveLength(1)
      expect(named[0]!.node).toBe(suite.node)
      expect(inRow(suite.nuxt, named[0]!.row)).toBe(true)
    }
  })

  it('holds a row for every Nuxt line the compatibility suite installs', () => {
    const { rows } = matrixOf('docs/compatibility.md')
    for (const target of targets) {
      const version = suites.get(target.name)!.nuxt
      expect(rows.filter(([row]) => inRow(version, row!)), `${target.name} (Nuxt ${version})`).toHaveLength(1)
    }
  })
})
