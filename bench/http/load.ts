import { request } from 'node:http'
import type { Agent } from 'node:http'
import autocannon from 'autocannon'
import type { HttpScenario } from './scenarios'
import { scenarioHeaders } from './scenarios'

/** What one load run measured. */
export interface LoadResult {
  requests: number
  requestsPerSecond: number
  latencyP50: number
  errors: number
}

/**
 * Loads one server with one scenario through autocannon's API. The parent
 * process generates the load; the server runs in its own child process.
 */
export async function loadServer(url: string, scenario: HttpScenario, seconds: number, connections = 10): Promise<LoadResult> {
  const result = await autocannon({
    url: url + scenario.path,
    method: scenario.method,
    headers: scenarioHeaders,
    body: scenario.body,
    connections,
    duration: seconds,
  })
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / (result.duration || seconds),
    latencyP50: result.latency.p50,
    errors: result.errors + result.timeouts,
  }
}

function send(agent: Agent, url: URL, scenario: HttpScenario, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ agent, host: url.hostname, port: url.port, path: scenario.path, method: scenario.method, headers }, (response) => {
      response.on('data', () => {})
      response.on('end', resolve)
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(scenario.body)
  })
}

/**
 * Sends exactly `requests` requests of one scenario over the agent's kept-alive connections, `connections`
 * at a time: one short block of the CPU measurement, with no connection set up inside it.
 */
export async function loadBlock(agent: Agent, url: string, scenario: HttpScenario, requests: number, connections = 10): Promise<void> {
  const target = new URL(url)
  const base = scenario.headers ?? scenarioHeaders
  const headers = scenario.body ? { ...base, 'content-length': String(Buffer.byteLength(scenario.body)) } : base
  let left = requests
  await Promise.all(Array.from({ length: connections }, async () => {
    while (left-- > 0) await send(agent, target, scenario, headers)
  }))
}
