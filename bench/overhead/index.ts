import { execFileSync } from 'node:child_process'
import { mkdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { runCommand } from '../lib/run-command'
import { bundleEntry } from '../lib/bundle-entry'
import type { PairedFigure } from '../lib/paired-blocks'

const benchDir = fileURLToPath(new URL('..', import.meta.url))
const workDir = join(benchDir, '.work/overhead')
const outputFile = join(workDir, 'vitest-bench.json')

interface VitestBenchReport {
  files: Array<{ groups: Array<{ fullName: string, benchmarks: Array<{ name: string, hz: number, rme: number }> }> }>
}

const subjectLabels: Record<string, string> = {
  'floor': 'hand-written h3 (floor)',
  'h3 constant route': 'h3 constant route (h3 alone)',
  'middleware work inline': 'hand-written h3, middleware work inline',
}

/** Part 2: per-call overhead of the defineAction wrapper, in process: `vitest bench`, and the same cases paired. */
export const overheadPart: BenchPart = {
  id: 'overhead',
  title: 'Per-call overhead (in process)',
  async run(options) {
    await mkdir(workDir, { recursive: true })
    const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
    await runCommand(process.execPath, [vitest, 'bench', '--run', '--outputJson', outputFile], {
      cwd: benchDir,
      env: options.smoke ? { BENCH_SMOKE: '1' } : {},
      quiet: true,
    })
    const vitestReport = JSON.parse(await readFile(outputFile, 'utf8')) as VitestBenchReport
    const vitestHz = new Map(vitestReport.files.flatMap(file => file.groups).flatMap(group =>
      group.benchmarks.map(entry => [`${group.fullName.split(' > ').at(-1)}/${entry.name}`, entry] as const)))

    const [rounds, block] = options.smoke ? [20, 100] : [400, 300]
    const bundle = await bundleEntry(fileURLToPath(new URL('./paired-entry.ts', import.meta.url)), join(workDir, 'paired-entry.mjs'))
    const paired = JSON.parse(execFileSync(process.execPath, [bundle, String(rounds), String(block)], { encoding: 'utf8', maxBuffer: 1 << 24 })) as Record<string, Record<string, PairedFigure>>

    const rows: ResultRow[] = []
    const notes: string[] = []
    for (const [group, figures] of Object.entries(paired)) {
      const { floor, defineAction, ...others } = figures
      for (const [name, figure] of [['floor', floor!], ['defineAction', defineAction!], ...Object.entries(others)] as const) {
        const hz = vitestHz.get(`${group}/${name}`)
        rows.push({
          measure: `Call ${group}`,
          subject: subjectLabels[name] ?? name,
          value: `${figure.micros.toFixed(2)} µs/call` + (hz ? `; vitest bench ${Math.round(hz.hz).toLocaleString('en-US')} calls/s ±${hz.rme.toFixed(1)}%` : ''),
          ratio: name === 'floor' ? undefined : figure.ratio,
        })
      }
      // differences from the paired ratios (on the floor's median time), so that notes and ratio column agree
      const cost = (figure: PairedFigure) => floor!.micros / figure.ratio
      notes.push(`${group}: defineAction costs ${difference(cost(defineAction!), floor!.micros)} per call than the floor.`)
      const inline = figures['middleware work inline']
      if (inline) {
        notes.push(`${group}: writing the middleware's work inline instead of calling it costs ${difference(cost(inline), floor!.micros)} than the floor, which calls it by hand: that is what an async middleware costs however it is called; defineAction's share is the line above.`)
      }
    }
    return {
      title: 'Per-call overhead (in process)',
      rows,
      method: [
        'One h3 app (`overhead/handlers.ts`) serves three routes on a trivial schema (`z.object({ n: z.coerce.number() })`): a constant route (h3 alone), the hand-written floor and `defineAction`, both without middleware or output schema.',
        'A third group isolates the middleware: one async middleware that reads `x-user` into the context (as users write them, `async ({ event, next }) => next({ ctx })`), run by `defineAction`; the floor calls the same middleware by hand with the least a `next()` can do (merge the context, resolve), as the HTTP part\'s floor does; a third case does the middleware\'s work inline and synchronously, which no async middleware can match.',
        'Each call goes through h3 v1\'s `toPlainHandler`, which builds a real H3Event (h3\'s own IncomingMessage and ServerResponse) per request, so the wrapper\'s own cost is what differs.',
        `Two runs of the same cases. \`vitest bench\` (tinybench, \`overhead/call-overhead.bench.ts\`, ${options.smoke ? '0.3 s per case (smoke)' : '3 s per case after 0.5 s of warm-up'}) runs each case in turn, its calls per second are printed after the semicolon. Cases timed one after another drift with the shared machine's speed, so the ratio column comes from the second run: the cases bundled with esbuild (\`NODE_ENV=production\`) into one process and called in alternating blocks of ${block} calls, ${rounds} rounds (\`lib/paired-blocks.ts\`); the figure is the median time per call, the ratio the median over rounds of the floor's time over the case's (higher is better).`,
        'No goal is set for this part; it explains the HTTP figures.',
      ].join('\n'),
      notes,
    }
  },
}

/** How much more (or less) `micros` is than `baseMicros`: `1.20 µs more`. */
function difference(micros: number, baseMicros: number): string {
  return `${Math.abs(micros - baseMicros).toFixed(2)} µs ${micros >= baseMicros ? 'more' : 'less'}`
}
