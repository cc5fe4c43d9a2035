// Bundled and run by overhead/index.ts: the per-call cases in alternating short blocks, one process.
import { measurePaired } from '../lib/paired-blocks'
import { callGroups } from './handlers'

const [rounds, block] = process.argv.slice(2).map(Number) as [number, number]
const results: Record<string, Awaited<ReturnType<typeof measurePaired>>> = {}
for (const [group, cases] of Object.entries(callGroups)) results[group] = await measurePaired(cases, { rounds, block })
console.log(JSON.stringify(results))
