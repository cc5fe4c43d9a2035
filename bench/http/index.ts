import { mkdir } from 'node:fs/promises'
import { Agent } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { BenchPart, PartReport, ResultRow } from '../lib/types'
import { median } from '../lib/stats'
import { bundleServers } from './bundle-servers'
import { serverNodeFlags, startServer } from './start-server'
import type { RunningServer } from './start-server'
import { httpScenarios } from './scenarios'
import type { HttpScenario } from './scenarios'
import { loadBlock, loadServer } from './load'
import { ask, compareWithFloor } from './check-responses'
import { serverSubjects } from './servers/index'
import { countInstructions, hasCallgrind } from './instructions'
import type { CountShape } from './instructions'

const workDir = fileURLToPath(new URL('../.work/http', import.meta.url))
const resultsDir = fileURLToPath(new URL('../results', import.meta.url))

/** Part 1: HTTP throughput of each server against the hand-written floor. */
export const httpPart: BenchPart = {
  id: 'http',
  title: 'HTTP throughput',
  async run(options) {
    const run: RunShape = options.smoke
      ? { processes: 1, cycles: 10, blockRequests: 50, rounds: 1, seconds: 1, warmup: 0.5, count: { processes: 1, warm: 300, counted: 20 } }
      : { processes: 6, cycles: 50, blockRequests: 300, rounds: 1, seconds: 2, warmup: 2, count: { processes: 2, warm: 15_000, counted: 1000 } }
    await mkdir(workDir, { recursive: true })
    if (options.profile) await mkdir(resultsDir, { recursive: true })
    const bundle = await bundleServers(workDir)

    const cpu = new Map<string, number[]>()
    const throughput = new Map<string, number[]>()
    const notes: string[] = []
    // one process's ratio carries an error of its own, which more cycles do not remove: every server is
    // started afresh `processes` times and the cycles are pooled. For the same 300 cycles, six sets of 50
    // rather than three of 100: the cycles' share of the error stays, the processes' share falls
    // (docs/performance-work.md, seventh round)
    for (let launch = 0; launch < run.processes; launch++) {
      log(`process set ${launch + 1} of ${run.processes}`)
      // started in a random order each set, then kept in the subjects' order (the floor first)
      const started = new Map<string, RunningServer>()
      try {
        for (const subject of shuffled(serverSubjects)) {
          // profiles from the first set only: a later set would overwrite them
          const profileDir = options.profile && launch === 0 ? resultsDir : undefined
          started.set(subject.name, await startServer(bundle, subject.name, { profileDir }))
        }
        const servers = serverSubjects.map(subject => started.get(subject.name)!)
        if (launch === 0) notes.push(...await checkSameWork(servers))

        // scenario by scenario, the servers in a fresh random order each time: warmed one after the other,
        // the first server would sit idle through every other server's warm-up before the first block
        log(`warming up ${servers.length} servers (${run.warmup} s per scenario)`)
        for (const scenario of httpScenarios) {
          for (const server of shuffled(servers)) await loadServer(server.url, scenario, run.warmup)
        }

        for (const scenario of httpScenarios) {
          log(`${scenario.id}: CPU per request, ${run.cycles} cycles of ${run.blockRequests} requests per server`)
          for (const [name, samples] of await measureCpu(servers, scenario, run)) append(cpu, `${scenario.id}/${name}`, samples)
          log(`${scenario.id}: throughput, ${run.rounds} round(s) of ${run.seconds} s per server`)
          for (let round = 0; round < run.rounds; round++) {
            // rotate the order each round and each set, so no server always runs first or last
            const shift = launch * run.rounds + round
            for (const server of servers.map((_, index) => servers[(index + shift) % servers.length]!)) {
              const result = await loadServer(server.url, scenario, run.seconds)
              if (result.errors) notes.push(`${server.name}, ${scenario.label}: ${result.errors} socket errors or timeouts in set ${launch + 1}, round ${round + 1}`)
              append(throughput, `${scenario.id}/${server.name}`, [result.requestsPerSecond])
            }
          }
        }
      }
      finally {
        await Promise.all([...started.values()].map(server => server.stop()))
      }
    }
    // after the timed servers have stopped: a server under valgrind would slow the whole machine
    let instructions: Map<string, number> | undefined
    if (await hasCallgrind()) {
      const counted = options.smoke ? instructionSubjects.slice(0, 2) : instructionSubjects
      log(`instructions per request under callgrind: ${counted.join(', ')}, each in ${run.count.processes} process(es), ${run.count.warm} warm-up and ${run.count.counted} counted requests per scenario`)
      instructions = await countInstructions(bundle, counted, httpScenarios, run.count, `${workDir}/callgrind`)
    }
    else {
      notes.push('valgrind is not installed: the instruction counts were skipped (Debian: `apt-get install valgrind`).')
    }
    return report(cpu, throughput, instructions, notes, run)
  },
}

/** How long each measurement runs. */
interface RunShape {
  /** How many times every server is started afresh; each set of processes runs every measurement below. */
  processes: number
  /** Cycles of the CPU measurement per set of processes: in each, every server serves one block, in a random order. */
  cycles: number
  blockRequests: number
  /** Rounds of the throughput measurement per set of processes, `seconds` long per server. */
  rounds: number
  seconds: number
  warmup: number
  /** The instruction count under callgrind, per server and scenario. */
  count: CountShape
}

/** The servers whose instructions are counted: the floor, defineAction, and the floor again as the A/A control. */
const instructionSubjects = ['floor', 'define-action', 'floor-again']

/**
 * CPU time per request, in short alternating blocks: each cycle sends every server one block of requests
 * over connections kept alive across blocks, reading the server's CPU time over IPC before and after.
 * A block lasts tens of milliseconds, so the servers of one cycle share that moment's machine speed.
 * Gives each server's CPU per request, cycle by cycle.
 */
async function measureCpu(servers: RunningServer[], scenario: HttpScenario, run: RunShape): Promise<Map<string, number[]>> {
  const agents = servers.map(() => new Agent({ keepAlive: true, maxSockets: 10 }))
  try {
    // opens every connection before the first measured block
    for (const [index, server] of servers.entries()) await loadBlock(agents[index]!, server.url, scenario, run.blockRequests)
    const samples = new Map<string, number[]>(servers.map(server => [server.name, []]))
    for (let cycle = 0; cycle < run.cycles; cycle++) {
      // a fresh random order each cycle: a rotated one keeps every server right after the same neighbour
      for (const index of shuffled(servers.map((_, position) => position))) {
        const server = servers[index]!
        const before = await server.cpuMicros()
        await loadBlock(agents[index]!, server.url, scenario, run.blockRequests)
        samples.get(server.name)!.push((await server.cpuMicros() - before) / run.blockRequests)
      }
    }
    return samples
  }
  finally {
    for (const agent of agents) agent.destroy()
  }
}

async function checkSameWork(servers: RunningServer[]): Promise<string[]> {
  const notes: string[] = []
  const [floor, ...others] = servers
  for (const scenario of httpScenarios) {
    const expected = await ask(floor!.url, scenario)
    if (expected.status !== scenario.status) throw new Error(`the floor answered ${expected.status} to ${scenario.label}, expected ${scenario.status}`)
    for (const server of others) notes.push(...compareWithFloor(server.name, scenario, expected, await ask(server.url, scenario)))
  }
  return notes
}

function report(cpu: Map<string, number[]>, throughput: Map<string, number[]>, instructions: Map<string, number> | undefined, notes: string[], run: RunShape): PartReport {
  const rows: ResultRow[] = []
  for (const scenario of httpScenarios) {
    const floorCpu = cpu.get(`${scenario.id}/floor`)!
    const floorThroughput = median(throughput.get(`${scenario.id}/floor`)!)
    for (const subject of serverSubjects) {
      const key = `${scenario.id}/${subject.name}`
      const isFloor = subject.name === 'floor'
      const requestsPerSecond = median(throughput.get(key)!)
      // the floor's CPU per request over the server's, cycle by cycle, then the median: reads like a
      // throughput ratio (0.95x means 1/0.95 times the floor's CPU per request)
      const ratio = isFloor ? undefined : median(cpu.get(key)!.map((micros, cycle) => floorCpu[cycle]! / micros))
      const goal = subject.name === 'define-action' ? '>= 0.99x' : undefined
      rows.push({
        measure: `HTTP ${scenario.label}`,
        subject: subject.label,
        value: `${median(cpu.get(key)!).toFixed(1)} µs CPU/req; ${Math.round(requestsPerSecond)} req/s`
          + (isFloor ? '' : ` (${(requestsPerSecond / floorThroughput).toFixed(2)}x)`),
        ratio,
        goal,
        met: goal ? ratio! >= 0.99 : undefined,
        ratioGoal: goal ? { min: 0.99 } : undefined,
      })
    }
    if (instructions) rows.push(...instructionRows(scenario, instructions))
  }
  return {
    title: 'HTTP throughput',
    rows,
    method: [
      `Each server runs in its own child process (a plain \`node:http\` server with h3's \`createApp\`, \`createRouter\` and \`toNodeListener\`, bundled with esbuild and \`NODE_ENV=production\` as Nitro would ship it) on 127.0.0.1, loaded from the parent process, with its young generation held at 16 MB per semi-space (\`${serverNodeFlags.join(' ')}\`): left to V8, the server warmed up first ran five times as many scavenges as the one warmed last, and 1% to 2% more CPU time in a two-server test; the A/A control below shows what is left of the gap between processes (docs/performance-work.md, fourth and fifth rounds). Every server is started afresh ${run.processes} time(s), in a random order each time, and each set of processes runs the two timed measurements below, their samples pooled, so that no one process's state decides a ratio. After a ${run.warmup} s warm-up per server and scenario, given scenario by scenario with the servers in a random order each time (so that no server sits idle through all the others' warm-ups), per scenario:`,
      ``,
      `- **CPU time per request** (the ratio column and the goal): ${run.cycles} cycles per set of processes (${run.cycles * run.processes} in all); in each, every server in turn, in a random order drawn afresh each cycle (a rotated order would keep every server right after the same neighbour), serves one block of ${run.blockRequests} requests sent by \`node:http\` over 10 connections kept alive across blocks, and the server's \`process.cpuUsage()\` (user and system) is read over IPC before and after. The figure is the median over all the cycles; the ratio is the floor's CPU per request over the server's within each cycle, then the median over the cycles (read like a throughput ratio: higher is better, 0.99x means 1% more CPU per request than the floor). A block lasts tens of milliseconds, so the servers of one cycle share that moment's machine speed; on this shared machine the speed moves by a fifth from one second to the next, which rounds of seconds could not separate from a 1% difference.`,
      `- **Throughput**: ${run.rounds} round(s) per set of processes of ${run.seconds} s per server with autocannon's API (10 connections, no pipelining), the order rotated each round and each set; the median requests per second, with its ratio to the floor's in brackets. It moves with how the load generator and the server share the two cores, so it is printed for scale, not judged.`,
      `- **Instructions per request** (the rows marked "instructions", judged against the same goal): the floor, defineAction and the floor again each run under valgrind's callgrind (\`bench/http/instructions.ts\`) in ${run.count.processes} process(es) of their own, after the timed servers have stopped. Per process and scenario, ${run.count.warm.toLocaleString('en-US')} requests are sent with counting off (by then V8 has compiled the hot functions: with \`--trace-opt\`, no function is still being optimised after about 15,000 requests), then counting is switched on for ${run.count.counted.toLocaleString('en-US')} requests, over the same 10 kept-alive connections. The figure is every thread's instructions (the main thread, the JIT compiler's and the garbage collector's) over the requests counted, in all the server's processes; the ratio is the floor's over the server's. A count does not move with the machine's speed or its neighbours, as CPU time does; it does not see cache misses or the kernel's work, which CPU time does. The A/A control shows how far two sets of processes running identical code land apart (the JIT's timing differs a little between processes).`,
      ``,
      `Before loading, every server's answer to every scenario is compared with the floor's (status and envelope); differences are listed below.`,
      `Subjects, all serving the same zod schemas, the same handler and the same middleware (\`withUser\` in \`bench/http/route-fixture.ts\`: an async function that puts \`x-user\` into \`ctx.user\` through \`next({ ctx })\`, as SPEC and the templates write one):`,
      ``,
      `- **floor**: a hand-written \`defineEventHandler\`: \`readBody\` or \`getQuery\`, \`schema['~standard'].validate\`, the same middleware called by hand with a \`next()\` that only keeps the context, the envelope built by hand, \`setResponseStatus\` on failure.`,
      `- **hand-written h3, middleware work inline**: the floor with the middleware's work written into the handler instead of calling the middleware (no async call): a stricter reference. Its ratio shows what an async middleware costs however it is called.`,
      `- **defineAction**: the runtime's source (\`packages/runtime/src/runtime/server\`).`,
      `- **h3 readValidatedBody / getValidatedQuery**: h3's own validated readers with a Standard Schema validator, the middleware called by hand as in the floor, the envelope built by hand.`,
      `- **nuxt-actions** (npm, 1.1.2): its \`defineAction\` with the same middleware, loaded by file path from \`dist/runtime/server/utils/defineAction.js\` (the package exports only its Nuxt module; the runtime file imports only h3, so it runs outside Nuxt).`,
      `- **the floor again, second process**: the floor's own code, started last, in processes of its own. Its ratio would be 1.00x with a perfect method; how far it lands from that is the error to allow on every other ratio of the scenario.`,
    ].join('\n'),
    notes,
  }
}

/** The instruction counts of one scenario: the floor's over the server's, the same reading as the CPU ratio. */
function instructionRows(scenario: HttpScenario, instructions: Map<string, number>): ResultRow[] {
  const floor = instructions.get(`${scenario.id}/floor`)!
  return instructionSubjects.flatMap((name) => {
    const count = instructions.get(`${scenario.id}/${name}`)
    if (count === undefined) return []
    const isFloor = name === 'floor'
    const ratio = isFloor ? undefined : floor / count
    const goal = name === 'define-action' ? '>= 0.99x' : undefined
    return [{
      measure: `HTTP ${scenario.label}, instructions`,
      subject: serverSubjects.find(subject => subject.name === name)!.label,
      value: `${Math.round(count).toLocaleString('en-US')} instructions/req`,
      ratio,
      goal,
      met: goal ? ratio! >= 0.99 : undefined,
      ratioGoal: goal ? { min: 0.99 } : undefined,
    }]
  })
}

/** The same values in a random order (Fisher-Yates). */
export function shuffled<T>(values: T[]): T[] {
  const result = [...values]
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1))
    ;[result[index], result[other]] = [result[other]!, result[index]!]
  }
  return result
}

function append(samples: Map<string, number[]>, key: string, added: number[]) {
  samples.set(key, [...samples.get(key) ?? [], ...added])
}

function log(message: string) {
  console.log(`[http] ${message}`)
}
