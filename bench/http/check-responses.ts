import { isDeepStrictEqual } from 'node:util'
import type { HttpScenario } from './scenarios'
import { scenarioHeaders } from './scenarios'

/** One server's answer to one scenario. */
export interface Answer {
  status: number
  body: unknown
}

/** Sends a scenario's request once and reads the answer. */
export async function ask(url: string, scenario: HttpScenario): Promise<Answer> {
  const response = await fetch(url + scenario.path, { method: scenario.method, headers: scenario.headers ?? scenarioHeaders, body: scenario.body })
  return { status: response.status, body: await response.json() }
}

/**
 * Checks that a server does the same work as the floor: same status, same
 * envelope. Returns a note for each difference, so the table is never
 * silently comparing different work.
 */
export function compareWithFloor(server: string, scenario: HttpScenario, floor: Answer, answer: Answer): string[] {
  const notes: string[] = []
  if (answer.status !== floor.status) notes.push(`${server}, ${scenario.label}: answers HTTP ${answer.status} where the floor answers ${floor.status}`)
  if (!isDeepStrictEqual(normalise(answer.body), normalise(floor.body))) {
    notes.push(`${server}, ${scenario.label}: body differs from the floor's: \`${JSON.stringify(answer.body)}\``)
  }
  return notes
}

/** Null-prototype objects and key order do not matter once on the wire. */
function normalise(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body, (_, value) => value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
    : value))
}
