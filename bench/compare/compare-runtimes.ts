// Usage: node --import jiti/register compare/compare-runtimes.ts <commit> [rounds] [block]
// Puts another commit's defineAction beside this tree's, in one process with the floor, and prints
// each one's in-process ratio to the floor on the HTTP part's scenarios: before and after a change.
import { execFileSync } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { build } from 'esbuild'
import { runCommand } from '../lib/run-command'

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
const outfile = join(workDir, 'paired-calls.mjs')
await build({
  entryPoints: [fileURLToPath(new URL('./paired-calls.ts', import.meta.url))],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  alias: { '#baseline-runtime': join(baselineDir, 'packages/runtime/src/runtime/server/index.ts') },
  // the baseline's imports (h3, consola) resolve from the runtime package, as they would in the tree
  nodePaths: [join(repoRoot, 'packages/runtime/node_modules')],
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.dev': 'false' },
})
const output = join(workDir, 'result.json')
await runCommand('sh', ['-c', `"${process.execPath}" "${outfile}" ${Number(rounds)} ${Number(block)} > "${output}"`])
const results = JSON.parse(await readFile(output, 'utf8')) as Array<Record<string, { micros: number, ratio: number }> & { scenario: string }>
console.log(`| scenario | floor | ${commit.slice(0, 7)} | this tree |`)
console.log('|---|---|---|---|')
for (const result of results) {
  const cell = (name: string) => `${result[name]!.micros.toFixed(2)} µs (${result[name]!.ratio.toFixed(2)}x)`
  console.log(`| ${result.scenario} | ${result.floor!.micros.toFixed(2)} µs | ${cell('baseline')} | ${cell('current')} |`)
}
