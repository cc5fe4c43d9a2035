import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { BenchPart, PartReport, ResultRow } from '../lib/types'
import { median } from '../lib/stats'
import { bundleServers } from './bundle-servers'
import { startServer } from './start-server'
import type { RunningServer } from './start-server'
import { httpScenarios } from './scenarios'
import { loadServer } from './load'
import { ask, compareWithFloor } from './check-responses'
import { serverSubjects } from './servers/index'

const workDir = fileURLToPath(new URL('../.work/http', import.meta.url))
const resultsDir = fileURLToPath(new URL('../results', import.meta.url))

/** Part 1: HTTP throughput of each server against the hand-written floor. */
export const httpPart: BenchPart = {
  id: 'http',
  title: 'HTTP throughput',
  async run(options) {
    // many short rounds, alternating, so that a slow minute on a shared machine falls on every server alike
    const rounds = options.smoke ? 1 : 10
    const seconds = options.smoke ? 1 : 2
    const warmup = options.smoke ? 0.5 : 2
    await mkdir(workDir, { recursive: true })
    if (options.profile) await mkdir(resultsDir, { recursive: true })
    const bundle = await bundleServers(workDir)

    const servers: RunningServer[] = []
    try {
      for (const subject of serverSubjects) {
        servers.push(await startServer(bundle, subject.name, { profileDir: options.profile ? resultsDir : undefined }))
      }
      const notes = await checkSameWork(servers)

      log(`warming up ${servers.length} servers (${warmup} s per scenario)`)
      for (const server of servers) {
        for (const scenario of httpScenarios) await loadServer(server.url, scenario, warmup)
      }

      const samples = new Map<string, Sample[]>()
      for (let round = 0; round < rounds; round++) {
        for (const scenario of httpScenarios) {
          // rotate the order each round so no server always runs first or last
          const order = servers.map((_, index) => servers[(index + round) % servers.length]!)
          for (const server of order) {
            const cpuBefore = await server.cpuMicros()
            const result = await loadServer(server.url, scenario, seconds)
            const cpuPerRequest = (await server.cpuMicros() - cpuBefore) / result.requests
            if (result.errors) notes.push(`${server.name}, ${scenario.label}: ${result.errors} socket errors or timeouts in round ${round + 1}`)
            const key = `${scenario.id}/${server.name}`
            samples.set(key, [...samples.get(key) ?? [], { requestsPerSecond: result.requestsPerSecond, cpuPerRequest }])
            log(`round ${round + 1}/${rounds} ${scenario.id} ${server.name}: ${Math.round(result.requestsPerSecond)} req/s, ${cpuPerRequest.toFixed(1)} µs CPU per request`)
          }
        }
      }
      return report(samples, notes, { rounds, seconds, warmup })
    }
    finally {
      await Promise.all(servers.map(server => server.stop()))
    }
  },
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

/** One load of one server with one scenario. */
interface Sample {
  requestsPerSecond: number
  /** CPU time the server process spent per request served, in microseconds. */
  cpuPerRequest: number
}

function report(samples: Map<string, Sample[]>, notes: string[], run: { rounds: number, seconds: number, warmup: number }): PartReport {
  const rows: ResultRow[] = []
  const medians = (key: string) => {
    const list = samples.get(key)!
    return { throughput: median(list.map(sample => sample.requestsPerSecond)), cpu: median(list.map(sample => sample.cpuPerRequest)) }
  }
  for (const scenario of httpScenarios) {
    const floorSamples = samples.get(`${scenario.id}/floor`)!
    const floor = medians(`${scenario.id}/floor`)
    for (const subject of serverSubjects) {
      const { throughput, cpu } = medians(`${scenario.id}/${subject.name}`)
      const isFloor = subject.name === 'floor'
      // each round's floor and server ran seconds apart, so their ratio shares that moment's machine speed;
      // read like a throughput ratio: 0.95x means 1/0.95 times the floor's CPU per request
      const ratio = isFloor ? undefined : median(samples.get(`${scenario.id}/${subject.name}`)!.map((sample, round) => floorSamples[round]!.cpuPerRequest / sample.cpuPerRequest))
      const goal = subject.name === 'define-action' ? '>= 0.99x' : undefined
      rows.push({
        measure: `HTTP ${scenario.label}`,
        subject: subject.label,
        value: isFloor
          ? `${cpu.toFixed(1)} µs CPU/req; ${Math.round(throughput)} req/s`
          : `${cpu.toFixed(1)} µs CPU/req; ${Math.round(throughput)} req/s (${(throughput / floor.throughput).toFixed(2)}x)`,
        ratio,
        goal,
        met: goal ? ratio! >= 0.99 : undefined,
      })
    }
  }
  return {
    title: 'HTTP throughput',
    rows,
    method: [
      `Each server runs in its own child process (a plain \`node:http\` server with h3's \`createApp\`, \`createRouter\` and \`toNodeListener\`, bundled with esbuild and \`NODE_ENV=production\` as Nitro would ship it) on 127.0.0.1.`,
      `The parent process loads them one at a time with autocannon's API (10 connections, no pipelining): a ${run.warmup} s warm-up per server and scenario, then ${run.rounds} round(s) of ${run.seconds} s per server and scenario, the server order rotated each round.`,
      `Two figures per server and scenario, each the median over the rounds: the CPU time the server process spent per request served (\`process.cpuUsage()\` read over IPC before and after each load, divided by the requests autocannon counted), and the requests per second autocannon saw, with its ratio to the floor's in brackets.`,
      `The ratio column, and the goal, are on CPU time per request: in each round, the floor's CPU per request over the server's (so that it reads like a throughput ratio: higher is better, 0.99x means 1% more CPU per request than the floor), then the median over the rounds. The floor and the server of one round ran seconds apart, so a slow minute on the shared machine weighs on both sides of a ratio rather than on one server's median. CPU per request is the steadier measure here: throughput also depends on how the load generator and the server share the two cores from one second to the next.`,
      `Before loading, every server's answer to every scenario is compared with the floor's (status and envelope); differences are listed below.`,
      `Subjects, all serving the same zod schemas, the same one middleware-equivalent (reads \`x-user\` into \`ctx.user\`) and the same handler:`,
      ``,
      `- **floor**: a hand-written \`defineEventHandler\`: \`readBody\` or \`getQuery\`, \`schema['~standard'].validate\`, the middleware's work inline, the envelope built by hand, \`setResponseStatus\` on failure.`,
      `- **defineAction**: the runtime's source (\`packages/runtime/src/runtime/server\`).`,
      `- **h3 readValidatedBody / getValidatedQuery**: h3's own validated readers with a Standard Schema validator, the envelope built by hand.`,
      `- **nuxt-actions** (npm, 1.1.2): its \`defineAction\` loaded by file path from \`dist/runtime/server/utils/defineAction.js\` (the package exports only its Nuxt module; the runtime file imports only h3, so it runs outside Nuxt).`,
    ].join('\n'),
    notes,
  }
}

function log(message: string) {
  console.log(`[http] ${message}`)
}
