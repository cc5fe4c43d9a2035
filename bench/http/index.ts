import { existsSync, readFileSync } from 'node:fs'
import { Agent } from 'node:http'
import { isDeepStrictEqual } from 'node:util'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { log, median, shuffled } from '../lib/stats'
import { bundleServer, startServer } from '../lib/start-server'
import type { RunningServer } from '../lib/start-server'
import { ask, loadBlock, measureCpuCycles } from '../lib/cpu-cycles'
import { httpScenarios } from './fixture'

const workDir = fileURLToPath(new URL('../.work/http', import.meta.url))
const version = (name: string) => (JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version: string }).version
const v1 = `h3 ${version('h3')}`
const v2 = `h3 ${version('h3-v2')}`
const goal = 0.97
const h3v2Entry = new URL('../../packages/runtime/src/runtime/server/h3-v2.ts', import.meta.url)

/** A server under load: the entry it runs (`servers/<entry>.ts`), its floor, and whether the goal applies. */
interface Subject {
  name: string
  entry: string
  label: string
  floor?: string
  judged?: boolean
}

const subjects: Subject[] = [
  { name: 'floor-v1', entry: 'floor-v1', label: `hand-written handler, ${v1} (floor)` },
  { name: 'define-action-v1', entry: 'define-action-v1', label: `defineAction, ${v1}`, floor: 'floor-v1', judged: true },
  { name: 'nuxt-actions', entry: 'nuxt-actions', label: `nuxt-actions ${version('nuxt-actions')}, ${v1}`, floor: 'floor-v1' },
  { name: 'floor-v1-again', entry: 'floor-v1', label: 'the h3 1 floor again, in its own process (A/A control)', floor: 'floor-v1' },
  { name: 'floor-v2', entry: 'floor-v2', label: `hand-written handler, ${v2} (floor)` },
  { name: 'define-action-v2', entry: 'define-action-v2', label: `defineAction, ${v2}`, floor: 'floor-v2', judged: true },
]

/** Part: CPU per request of defineAction against hand-written handlers on h3 1 and h3 2, and nuxt-actions. */
export const httpPart: BenchPart = {
  id: 'http',
  title: 'HTTP: CPU per request',
  async run(options) {
    const shape = options.smoke
      ? { processes: 1, cycles: 6, requests: 100, warm: 300, connections: 10 }
      : { processes: 8, cycles: 40, requests: 300, warm: 3000, connections: 10 }
    const notes: string[] = []
    const measured = subjects.filter(subject => subject.name !== 'define-action-v2' || existsSync(h3v2Entry))
    if (measured.length < subjects.length) notes.push('**Gap**: `packages/runtime/src/runtime/server/h3-v2.ts` does not exist in this tree, so defineAction on h3 2 was not measured.')
    const bundles = new Map<string, string>()
    for (const entry of new Set(measured.map(subject => subject.entry))) {
      const alias = entry.endsWith('-v2') ? { h3: 'h3-v2' } : undefined
      bundles.set(entry, await bundleServer(fileURLToPath(new URL(`./servers/${entry}.ts`, import.meta.url)), `${workDir}/${entry}.mjs`, { alias }))
    }

    // samples[`${scenario}/${subject}`][set] = CPU µs per request, cycle by cycle
    const samples = new Map<string, number[][]>()
    for (let set = 0; set < shape.processes; set++) {
      log('http', `process set ${set + 1} of ${shape.processes}: starting ${measured.length} servers`)
      const servers = new Map<string, RunningServer>()
      try {
        for (const subject of shuffled(measured)) servers.set(subject.name, await startServer(bundles.get(subject.entry)!))
        if (set === 0) notes.push(...await checkSameWork(servers))
        // scenario by scenario, the servers in a random order, so none sits idle through all the others' warm-ups
        for (const scenario of httpScenarios) {
          for (const [, server] of shuffled([...servers])) {
            const agent = new Agent({ keepAlive: true, maxSockets: shape.connections })
            await loadBlock(agent, server.url, scenario, shape.warm)
            agent.destroy()
          }
        }
        for (const scenario of httpScenarios) {
          log('http', `${scenario.id}: ${shape.cycles} cycles of ${shape.requests} requests per server`)
          const cases = measured.map(subject => ({ key: subject.name, server: servers.get(subject.name)!, scenario }))
          for (const [name, cycles] of await measureCpuCycles(cases, shape)) {
            const key = `${scenario.id}/${name}`
            samples.set(key, [...samples.get(key) ?? [], cycles])
          }
        }
      }
      finally {
        await Promise.all([...servers.values()].map(server => server.stop()))
      }
    }

    const rows: ResultRow[] = []
    for (const scenario of httpScenarios) {
      const sets = (name: string) => samples.get(`${scenario.id}/${name}`)!
      // the floor's CPU over the subject's within each cycle, then the median: read like a throughput ratio
      const ratioPerSet = (floor: string, name: string) => sets(name).map((cycles, set) => cycles.map((micros, cycle) => sets(floor)[set]![cycle]! / micros))
      const row = (subject: string, floor: string | undefined, judgedGoal?: number): ResultRow => {
        const cpu = `${median(sets(subject).flat()).toFixed(1)} µs CPU/req`
        if (!floor) return { measure: `HTTP ${scenario.label}`, subject: label(subject), value: cpu }
        const perSet = ratioPerSet(floor, subject)
        const spread = perSet.length > 1 ? `; process sets ${Math.min(...perSet.map(median)).toFixed(2)}x–${Math.max(...perSet.map(median)).toFixed(2)}x` : ''
        const ratio = median(perSet.flat())
        return {
          measure: `HTTP ${scenario.label}`,
          subject: label(subject),
          value: cpu + spread,
          ratio,
          ...judgedGoal === undefined ? {} : { goal: `>= ${judgedGoal.toFixed(2)}x`, met: ratio >= judgedGoal, ratioGoal: { min: judgedGoal } },
        }
      }
      for (const subject of measured) {
        rows.push(row(subject.name, subject.floor, subject.judged ? goal : undefined))
        // defineAction never behind nuxt-actions: nuxt-actions' CPU over defineAction's, cycle by cycle
        if (subject.name === 'nuxt-actions') rows.push({ ...row('define-action-v1', 'nuxt-actions', 1), subject: `defineAction, ${v1}, with nuxt-actions as the floor` })
      }
    }

    return {
      title: 'HTTP: CPU per request',
      rows,
      method: [
        'Each server is its own child process: a `node:http` server on 127.0.0.1.',
        'It serves with h3 1\'s `toNodeListener` or h3 2\'s `toNodeHandler`, as Nitro 2 and Nitro 3 do.',
        'Its entry in `bench/http/servers/` is bundled with esbuild and `NODE_ENV=production`.',
        'Its young generation is held at 16 MB per semi-space.',
        '',
        'Every server does the same work (`bench/http/fixture.ts`):',
        '',
        '- the same zod schemas;',
        '- the same async middleware, which puts `x-user` into `ctx.user` through `next({ ctx })`;',
        '- the same handler work and the same envelope.',
        '',
        'Before loading, every answer to every scenario is compared with the h3 1 floor\'s: status and envelope.',
        'Any difference is noted below.',
        '',
        'The servers:',
        '',
        `- **hand-written handler (floor)**, one per h3 major: \`readBody\` or \`getQuery\`, then \`schema['~standard'].validate\`. It calls the middleware by hand, with a \`next()\` that only keeps the context. It builds the envelope by hand and sets the status on failure.`,
        `- **defineAction**: the runtime's source. The h3 1 entry (\`server/index.ts\`) runs on h3 1, the h3 2 entry (\`server/h3-v2.ts\`) on h3 2. Its ratio is to the floor of the same major.`,
        `- **nuxt-actions**: its \`defineAction\` with the same middleware. It is loaded by file path, since the package exports only its Nuxt module. The row after it puts defineAction against it: nuxt-actions' CPU over defineAction's.`,
        `- **A/A control**: the h3 1 floor's own code in a process of its own. With a perfect method its ratio is 1.00x. How far it lands from that is the noise on every other ratio of the scenario.`,
        '',
        `Every server is started afresh ${shape.processes} time(s), in a random order. Each round of starts is a process set.`,
        `Per set, each server gets ${shape.warm.toLocaleString('en-US')} requests of each scenario to warm up.`,
        `Then each scenario runs ${shape.cycles} cycles.`,
        `In each cycle, every server in a fresh random order serves one block of ${shape.requests} requests.`,
        `\`node:http\` sends them over ${shape.connections} kept-alive connections.`,
        'The server\'s `process.cpuUsage()` (user + system) is read over IPC before and after its block.',
        'A block lasts tens of milliseconds, so the servers of one cycle share that moment\'s machine speed.',
        '',
        'The figure is the median CPU per request over every cycle.',
        'The ratio is the floor\'s CPU over the server\'s within each cycle, then the median over all cycles.',
        'Higher is better: 0.97x means 1/0.97 times the floor\'s CPU.',
        '"process sets" gives the lowest and highest of each set\'s own median ratio.',
        'It shows how much a ratio moves between processes.',
      ].join('\n'),
      notes,
    }
  },
}

function label(name: string): string {
  return subjects.find(subject => subject.name === name)!.label
}

/** Same status and envelope as the h3 1 floor for every scenario; a note per difference. */
async function checkSameWork(servers: Map<string, RunningServer>): Promise<string[]> {
  const notes: string[] = []
  for (const scenario of httpScenarios) {
    const expected = await ask(servers.get('floor-v1')!.url, scenario)
    if (expected.status !== scenario.status) throw new Error(`the floor answered ${expected.status} to ${scenario.label}, expected ${scenario.status}`)
    for (const [name, server] of servers) {
      const answer = await ask(server.url, scenario)
      if (answer.status !== expected.status) notes.push(`${label(name)}, ${scenario.label}: answers HTTP ${answer.status} where the floor answers ${expected.status}.`)
      else if (!isDeepStrictEqual(normalise(answer.body), normalise(expected.body))) notes.push(`${label(name)}, ${scenario.label}: the body differs from the floor's: \`${JSON.stringify(answer.body)}\`.`)
    }
  }
  return notes
}

/** Null-prototype objects and key order do not matter once on the wire. */
function normalise(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body, (_, value) => value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
    : value))
}
