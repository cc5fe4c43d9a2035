import { fileURLToPath } from 'node:url'
import os from 'node:os'
import type { BenchOptions, BenchPart, PartReport } from './lib/types'
import { describeMachine } from './lib/machine'
import { renderTable } from './lib/table'
import { writeReport } from './lib/write-report'
import { httpPart } from './http/index'
import { overheadPart } from './overhead/index'
import { buildPart } from './build/index'
import { clientSizePart } from './client-size/index'
import { cliTimePart } from './cli/index'
import { devtoolsPart } from './devtools/index'
import { formsPart } from './forms/index'

/** Every part, in the order they run and appear in the table. */
const parts: BenchPart[] = [httpPart, formsPart, overheadPart, buildPart, clientSizePart, cliTimePart, devtoolsPart]

const args = process.argv.slice(2)
const options: BenchOptions = { smoke: args.includes('--smoke'), profile: args.includes('--profile') }
const onlyIndex = args.indexOf('--only')
const only = onlyIndex >= 0 ? args[onlyIndex + 1]!.split(',') : undefined
const selected = only ? parts.filter(part => only.includes(part.id)) : parts

const startedAt = new Date()
const machine = describeMachine()
console.log(`Action Route benchmarks (${options.smoke ? 'smoke' : 'full'}): ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}, load ${machine.loadAverage}`)

const reports: PartReport[] = []
for (const part of selected) {
  const started = performance.now()
  console.log(`\n== ${part.title}`)
  reports.push(await part.run(options))
  console.log(`== ${part.title}: ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

const minutes = (Date.now() - startedAt.getTime()) / 60_000
console.log(`\n${renderTable(reports.flatMap(report => report.rows))}\n`)
for (const note of reports.flatMap(report => report.notes)) console.log(`- ${note}`)

// only a full run of every part rewrites the docs; smoke and partial runs just print
if (!options.smoke && !only) {
  const file = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url))
  await writeReport(file, { machine, parts: reports, startedAt, minutes, loadAfter: os.loadavg().map(load => load.toFixed(2)).join(' / ') })
  console.log(`\nWrote ${file}`)
}
console.log(`Done in ${minutes.toFixed(1)} min`)
