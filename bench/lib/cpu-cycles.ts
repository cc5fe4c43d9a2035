import { Agent, request } from 'node:http'
import type { RunningServer } from './start-server'
import { shuffled } from './stats'

/** One kind of request. */
export interface Scenario {
  id: string
  label: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
  /** Headers made anew for each request, over `headers` (a fresh `Idempotency-Key`). */
  freshHeaders?: () => Record<string, string>
  /** The status the floor answers. */
  status: number
}

/** One server and one scenario, measured together in each cycle. */
export interface CpuCase {
  key: string
  server: RunningServer
  scenario: Scenario
}

/**
 * Sends a scenario's request once and reads the answer.
 * @example
 * const { status, body } = await ask(server.url, scenario)
 */
export async function ask(url: string, scenario: Scenario): Promise<{ status: number, body: unknown }> {
  const response = await fetch(url + scenario.path, { method: scenario.method, headers: { ...scenario.headers, ...scenario.freshHeaders?.() }, body: scenario.body })
  return { status: response.status, body: await response.json() }
}

/**
 * Sends exactly `requests` requests of one scenario over the agent's kept-alive connections.
 * @example
 * await loadBlock(new Agent({ keepAlive: true }), server.url, scenario, 300)
 */
export async function loadBlock(agent: Agent, url: string, scenario: Scenario, requests: number): Promise<void> {
  const { hostname, port } = new URL(url)
  const headers = scenario.body ? { ...scenario.headers, 'content-length': String(Buffer.byteLength(scenario.body)) } : scenario.headers
  let left = requests
  const { freshHeaders } = scenario
  const send = () => new Promise<void>((resolve, reject) => {
    const outgoing = request({ agent, host: hostname, port, path: scenario.path, method: scenario.method, headers: freshHeaders ? { ...headers, ...freshHeaders() } : headers }, (response) => {
      response.on('data', () => {}).on('end', resolve).on('error', reject)
    })
    outgoing.on('error', reject).end(scenario.body)
  })
  await Promise.all(Array.from({ length: agent.maxSockets }, async () => {
    while (left-- > 0) await send()
  }))
}

/**
 * CPU time per request in short alternating blocks: each cycle, every case in a fresh random order
 * serves one block of `requests` requests over connections kept alive across blocks, the server's CPU time
 * read before and after. A block lasts tens of milliseconds, so the cases of one cycle share that moment's
 * machine speed. Resolves to each case's CPU µs per request, cycle by cycle.
 * @example
 * const samples = await measureCpuCycles(cases, { cycles: 50, requests: 300, connections: 10 })
 */
export async function measureCpuCycles(cases: CpuCase[], shape: { cycles: number, requests: number, connections: number }): Promise<Map<string, number[]>> {
  const agents = new Map(cases.map(entry => [entry.key, new Agent({ keepAlive: true, maxSockets: shape.connections })]))
  const samples = new Map<string, number[]>(cases.map(entry => [entry.key, []]))
  try {
    // opens every connection before the first measured block
    for (const entry of cases) await loadBlock(agents.get(entry.key)!, entry.server.url, entry.scenario, shape.requests)
    for (let cycle = 0; cycle < shape.cycles; cycle++) {
      for (const entry of shuffled(cases)) {
        const before = await entry.server.cpuMicros()
        await loadBlock(agents.get(entry.key)!, entry.server.url, entry.scenario, shape.requests)
        samples.get(entry.key)!.push((await entry.server.cpuMicros() - before) / shape.requests)
      }
    }
    return samples
  }
  finally {
    for (const agent of agents.values()) agent.destroy()
  }
}
