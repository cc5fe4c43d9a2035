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
      const others = group.benchmarks.filter(entry => entry !== floor && entry !== action)
      rows.push({ measure: `Call ${label}`, subject: 'hand-written h3 (floor)', value: formatHz(floor.hz, floor.rme) })
      rows.push({ measure: `Call ${label}`, subject: 'defineAction', value: formatHz(action.hz, action.rme), ratio: action.hz / floor.hz })
      for (const other of others) {
        rows.push({ measure: `Call ${label}`, subject: subjectLabels[other.name] ?? other.name, value: formatHz(other.hz, other.rme), ratio: other.hz / floor.hz })
      }
      notes.push(`${label}: defineAction costs ${extraMicros(action.hz, floor.hz)} per call than the floor (${(1e6 / floor.hz).toFixed(2)} µs vs ${(1e6 / action.hz).toFixed(2)} µs).`)
      const byHand = byName['floor calling the middleware']
      if (byHand) {
        notes.push(`${label}: calling the same async middleware by hand costs ${extraMicros(byHand.hz, floor.hz)} than the inline floor, and defineAction ${extraMicros(action.hz, byHand.hz)} than that hand call: the first is what an async middleware costs however it is called, the second the wrapper's own share.`)
      }
    }
    return {
      title: 'Per-call overhead (in process)',
      rows,
      method: [
        '`vitest bench` (tinybench) in bench/, file `overhead/call-overhead.bench.ts`, '
        + (options.smoke ? '0.3 s per case (smoke).' : '3 s per case after 0.5 s of warm-up.'),
        'One h3 app serves three routes on a trivial schema (`z.object({ n: z.coerce.number() })`): a constant route (h3 alone), the hand-written floor and `defineAction`, both without middleware or output schema.',
        'A third group isolates the middleware: one async middleware that reads `x-user` into the context (as users write them, `async ({ event, next }) => next({ ctx })`), run by `defineAction`; the floor does its work inline and synchronously, as the HTTP part\'s floor does; a second floor calls the same middleware by hand with the least a `next()` can do (merge the context, resolve).',
        'Each call goes through h3 v1\'s `toPlainHandler`, which builds a real H3Event (h3\'s own IncomingMessage and ServerResponse) per request, so the wrapper\'s own cost is what differs.',
        'No goal is set for this part; it explains the HTTP figures. The ratio is calls per second over the floor\'s (higher is better).',
      ].join('\n'),
      notes,
    }
  },
}

const subjectLabels: Record<string, string> = {
  'h3 constant route': 'h3 constant route (h3 alone)',
  'floor calling the middleware': 'hand-written h3 calling the same middleware',
}

/** How much more (or less) one call at `hz` costs than one at `baseHz`: `1.20 µs more`. */
function extraMicros(hz: number, baseHz: number): string {
  const micros = (1 / hz - 1 / baseHz) * 1e6
  return `${Math.abs(micros).toFixed(2)} µs ${micros >= 0 ? 'more' : 'less'}`
}

function formatHz(hz: number, rme: number): string {
  return `${Math.round(hz).toLocaleString('en-US')} calls/s ±${rme.toFixed(1)}%`
}
