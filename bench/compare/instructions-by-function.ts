// Usage: node --import jiti/register compare/instructions-by-function.ts [scenario] [servers] [warm] [counted] [event]
// Counts two HTTP servers' instructions per request under callgrind, as the HTTP part does, and splits
// them by function: JavaScript functions by name (V8's perf map names the JIT's code), V8's builtins and
// C++ functions by symbol. Prints each server's total and the functions whose counts differ most.
// Defaults: post-valid, floor,define-action, 15000 warm-up and 1000 counted requests, event Ir.
// Another event turns on callgrind's cache and branch simulation and splits that instead: I1mr (first-level
// instruction cache misses), D1mr, D1mw, ILmr, DLmr, DLmw (last level), Bcm, Bim (mispredicted branches).
import { mkdir, readFile, rm } from 'node:fs/promises'
import { Agent } from 'node:http'
import { fileURLToPath } from 'node:url'
import { bundleServers } from '../http/bundle-servers'
import { countScenario, startUnderCallgrind } from '../http/instructions'
import { httpScenarios } from '../http/scenarios'

const [scenarioId = 'post-valid', serverList = 'floor,define-action', warm = '15000', counted = '1000', event = 'Ir'] = process.argv.slice(2)
const scenario = httpScenarios.find(candidate => candidate.id === scenarioId)
if (!scenario) throw new Error(`unknown scenario ${scenarioId}: one of ${httpScenarios.map(candidate => candidate.id).join(', ')}`)
const names = serverList.split(',')
if (names.length !== 2) throw new Error('give two servers, comma-separated: floor,define-action')
const shape = { processes: 1, warm: Number(warm), counted: Number(counted) }
const workDir = fileURLToPath(new URL('../.work/by-function', import.meta.url))

/** One range of JIT code from V8's perf map, `/tmp/perf-<pid>.map`. */
interface CodeRange {
  start: bigint
  end: bigint
  name: string
}

async function readPerfMap(pid: number): Promise<CodeRange[]> {
  const file = `/tmp/perf-${pid}.map`
  const text = await readFile(file, 'utf8')
  await rm(file, { force: true })
  return text.trim().split('\n').map((line) => {
    const [start, size, ...name] = line.split(' ')
    const first = BigInt(`0x${start}`)
    return { start: first, end: first + BigInt(`0x${size}`), name: name.join(' ') }
  }).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
}

/** The JIT code range holding `address`, by binary search; later entries win, as V8 reuses addresses. */
function findRange(ranges: CodeRange[], address: bigint): string | undefined {
  let low = 0
  let high = ranges.length - 1
  let found: string | undefined
  while (low <= high) {
    const middle = (low + high) >> 1
    const range = ranges[middle]!
    if (range.start <= address) {
      if (address < range.end) found = range.name
      low = middle + 1
    }
    else {
      high = middle - 1
    }
  }
  return found
}

/**
 * Self instructions per function from a callgrind dump written with `--dump-instr=yes`. Cost lines start
 * with an instruction address (absolute, `+n`/`-n` relative to the last, or `*` for the same); the line after
 * `calls=` carries the call's inclusive cost and is skipped. Code callgrind cannot name is named from the
 * perf map.
 */
function costsByFunction(dump: string, ranges: CodeRange[]): Map<string, number> {
  const costs = new Map<string, number>()
  const compressedNames = new Map<string, string>()
  let positions = 1
  let column = 0
  let current = '???'
  let address = 0n
  let skipCallCost = false
  for (const line of dump.split('\n')) {
    if (line.startsWith('positions:')) {
      positions = line.split(' ').length - 1
      continue
    }
    if (line.startsWith('events:')) {
      column = line.split(' ').slice(1).indexOf(event)
      if (column < 0) throw new Error(`callgrind recorded no ${event}: ${line}`)
      continue
    }
    const naming = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line)
    if (naming) {
      if (naming[2]) compressedNames.set(naming[1]!, naming[2])
      if (line.startsWith('fn=')) current = compressedNames.get(naming[1]!) ?? naming[1]!
      continue
    }
    if (line.startsWith('calls=')) {
      skipCallCost = true
      continue
    }
    if (!/^(?:0x[0-9a-f]+|[+-]\d+|\*)(?: |$)/.test(line)) continue
    const fields = line.split(' ')
    const position = fields[0]!
    if (position.startsWith('0x')) address = BigInt(position)
    else if (position.startsWith('+')) address += BigInt(position.slice(1))
    else if (position.startsWith('-')) address -= BigInt(position.slice(1))
    if (skipCallCost) {
      skipCallCost = false
      continue
    }
    // callgrind leaves off a line's trailing zero costs
    const cost = Number(fields[positions + column]) || 0
    // callgrind names code outside any ELF symbol `???` or by its address: that is the JIT's
    const unnamed = current === '???' || current.startsWith('0x')
    const name = unnamed ? findRange(ranges, address) ?? '??? (unnamed code)' : current
    costs.set(name, (costs.get(name) ?? 0) + cost)
  }
  return costs
}

const bundle = await bundleServers(workDir)
const perServer = new Map<string, Map<string, number>>()
for (const name of names) {
  const dir = `${workDir}/${name}`
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const simulate = event === 'Ir' ? [] : ['--cache-sim=yes', '--branch-sim=yes']
  const server = await startUnderCallgrind(bundle, name, dir, { valgrind: ['--dump-instr=yes', ...simulate], node: ['--perf-basic-prof'] })
  const agent = new Agent({ keepAlive: true, maxSockets: 10 })
  try {
    const dump = await countScenario(server, agent, scenario, shape)
    const ranges = await readPerfMap(server.pid)
    const costs = costsByFunction(await readFile(dump, 'utf8'), ranges)
    perServer.set(name, new Map([...costs].map(([key, cost]) => [key, cost / shape.counted])))
  }
  finally {
    agent.destroy()
    server.stop()
  }
}

const [first, second] = names.map(name => perServer.get(name)!)
const total = (costs: Map<string, number>) => [...costs.values()].reduce((sum, cost) => sum + cost, 0)
const cell = (value: number) => Math.round(value).toLocaleString('en-US')
console.log(`${scenario.label}, ${event === 'Ir' ? 'instructions' : event} per request: ${names[0]} ${cell(total(first!))}, ${names[1]} ${cell(total(second!))}\n`)
const functions = new Set([...first!.keys(), ...second!.keys()])
const differences = [...functions]
  .map(name => ({ name, first: first!.get(name) ?? 0, second: second!.get(name) ?? 0 }))
  // misses are a few per function where instructions are hundreds
  .filter(row => Math.abs(row.second - row.first) >= (event === 'Ir' ? 20 : 2))
  .sort((a, b) => Math.abs(b.second - b.first) - Math.abs(a.second - a.first))
console.log(`| ${names[1]} - ${names[0]} | ${names[0]} | ${names[1]} | function |`)
console.log('|---:|---:|---:|---|')
for (const row of differences.slice(0, 40)) console.log(`| ${cell(row.second - row.first)} | ${cell(row.first)} | ${cell(row.second)} | \`${row.name.slice(0, 110)}\` |`)
