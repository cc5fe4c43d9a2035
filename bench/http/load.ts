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
