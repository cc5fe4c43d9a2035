import { mkdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { runCommand } from '../lib/run-command'

const benchDir = fileURLToPath(new URL('..', import.meta.url))
const outputFile = join(benchDir, '.work/overhead/vitest-bench.json')

interface VitestBenchReport {
  files: Array<{ groups: Array<{ fullName: string, benchmarks: Array<{ name: string, hz: number, rme: number }> }> }>
}

/** Part 2: per-call overhead of the defineAction wrapper, in process, with `vitest bench`. */
export const overheadPart: BenchPart = {
  id: 'overhead',
  title: 'Per-call overhead (in process)',
  async run(options) {
    await mkdir(dirname(outputFile), { recursive: true })
    const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
    await runCommand(process.execPath, [vitest, 'bench', '--run', '--outputJson', outputFile], {
      cwd: benchDir,
      env: options.smoke ? { BENCH_SMOKE: '1' } : {},
      quiet: true,
    })
    const report = JSON.parse(await readFile(outputFile, 'utf8')) as VitestBenchReport
    const rows: ResultRow[] = []
    const notes: string[] = []
    for (const group of report.files.flatMap(file => file.groups)) {
      const label = group.fullName.split(' > ').at(-1)!
      const byName = Object.fromEntries(group.benchmarks.map(entry => [entry.name, entry]))
      const floor = byName.floor!
      const action = byName.defineAction!
      const constant = byName['h3 constant route']!
      rows.push({ measure: `Call ${label}`, subject: 'hand-written h3 (floor)', value: formatHz(floor.hz, floor.rme) })
      const ratio = action.hz / floor.hz
      rows.push({ measure: `Call ${label}`, subject: 'defineAction', value: formatHz(action.hz, action.rme), ratio })
      rows.push({ measure: `Call ${label}`, subject: 'h3 constant route (h3 alone)', value: formatHz(constant.hz, constant.rme), ratio: constant.hz / floor.hz })
      const extra = (1 / action.hz - 1 / floor.hz) * 1e6
      notes.push(`${label}: defineAction costs ${extra.toFixed(2)} µs more per call than the floor (${(1e6 / floor.hz).toFixed(2)} µs vs ${(1e6 / action.hz).toFixed(2)} µs).`)
    }
    return {
      title: 'Per-call overhead (in process)',
      rows,
      method: [
        '`vitest bench` (tinybench) in bench/, file `overhead/call-overhead.bench.ts`, '
        + (options.smoke ? '0.3 s per case (smoke).' : '3 s per case after 0.5 s of warm-up.'),
        'One h3 app serves three routes on a trivial schema (`z.object({ n: z.coerce.number() })`): a constant route (h3 alone), the hand-written floor and `defineAction`, both without middleware or output schema.',
        'Each call goes through h3 v1\'s `toPlainHandler`, which builds a real H3Event (h3\'s own IncomingMessage and ServerResponse) per request, so the wrapper\'s own cost is what differs.',
        'No goal is set for this part; it explains the HTTP figures. The ratio is calls per second over the floor\'s (higher is better).',
      ].join('\n'),
      notes,
    }
  },
}

function formatHz(hz: number, rme: number): string {
  return `${Math.round(hz).toLocaleString('en-US')} calls/s ±${rme.toFixed(1)}%`
}
