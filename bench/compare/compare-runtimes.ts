// Usage: node --import jiti/register compare/compare-runtimes.ts <commit> [rounds] [block]
// Puts another commit's defineAction beside this tree's, in one process with the floor, and prints
// each one's in-process ratio to the floor on the HTTP part's scenarios: before and after a change.
import { execFileSync } from 'node:child_process'
import { mkdir, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { bundleEntry } from '../lib/bundle-entry'
import type { PairedFigure } from '../lib/paired-blocks'

const [commit, rounds = '300', block = '300'] = process.argv.slice(2)
if (!commit) throw new Error('usage: compare-runtimes.ts <commit> [rounds] [block]')
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const workDir = join(repoRoot, 'bench/.work/compare')
const baselineDir = join(workDir, 'baseline')

await rm(workDir, { recursive: true, force: true })
await mkdir(baselineDir, { recursive: true })
// the baseline's server runtime, as that commit had it
const archive = execFileSync('git', ['archive', commit, 'packages/runtime/src/runtime/server'], { cwd: repoRoot })
execFileSync('tar', ['-x', '-C', baselineDir], { input: archive })
const bundle = await bundleEntry(fileURLToPath(new URL('./paired-calls.ts', import.meta.url)), join(workDir, 'paired-calls.mjs'), {
  alias: { '#baseline-runtime': join(baselineDir, 'packages/runtime/src/runtime/server/index.ts') },
  // the baseline's imports (h3, consola) resolve from the runtime package, as they would in the tree
  nodePaths: [join(repoRoot, 'packages/runtime/node_modules')],
})
const output = execFileSync(process.execPath, [bundle, String(Number(rounds)), String(Number(block))], { encoding: 'utf8', maxBuffer: 1 << 24 })
const results = JSON.parse(output) as Array<Record<'floor' | 'baseline' | 'current', PairedFigure> & { scenario: string }>
console.log(`| scenario | floor | ${commit.slice(0, 7)} | this tree |`)
console.log('|---|---|---|---|')
for (const result of results) {
  const cell = (figure: PairedFigure) => `${figure.micros.toFixed(2)} µs (${figure.ratio.toFixed(2)}x)`
  console.log(`| ${result.scenario} | ${result.floor.micros.toFixed(2)} µs | ${cell(result.baseline)} | ${cell(result.current)} |`)
}
