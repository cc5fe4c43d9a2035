// Bundled and run by compare-runtimes.ts: one process, the floor and each runtime's defineAction
// serving the HTTP part's routes through h3's toPlainHandler, called in alternating short blocks.
import { createApp, toPlainHandler } from 'h3'
import { createFloorRouter } from '../http/servers/floor'
import { createDefineActionRouter } from '../http/servers/define-action'
import { httpScenarios, scenarioHeaders } from '../http/scenarios'
import { defineAction as baselineDefineAction } from '#baseline-runtime'

const [rounds, block] = process.argv.slice(2).map(Number) as [number, number]
const subjects = {
  floor: toPlainHandler(createApp().use(createFloorRouter())),
  baseline: toPlainHandler(createApp().use(createDefineActionRouter(baselineDefineAction as typeof import('../../packages/runtime/src/runtime/server/index').defineAction))),
  current: toPlainHandler(createApp().use(createDefineActionRouter())),
}
type Name = keyof typeof subjects
const names = Object.keys(subjects) as Name[]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
const results = []
for (const scenario of httpScenarios) {
  const body = scenario.body
  const request = { method: scenario.method, path: scenario.path, headers: { ...scenarioHeaders, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) }, body }
  for (let call = 0; call < 20 * block; call++) for (const name of names) await subjects[name](request)
  const ratios: Record<Name, number[]> = { floor: [], baseline: [], current: [] }
  const micros: Record<Name, number[]> = { floor: [], baseline: [], current: [] }
  for (let round = 0; round < rounds; round++) {
    const time: Partial<Record<Name, number>> = {}
    for (const name of round % 2 ? [...names].reverse() : names) {
      const started = performance.now()
      for (let call = 0; call < block; call++) await subjects[name](request)
      time[name] = (performance.now() - started) * 1000 / block
    }
    for (const name of names) {
      ratios[name].push(time.floor! / time[name]!)
      micros[name].push(time[name]!)
    }
  }
  results.push({ scenario: scenario.label, ...Object.fromEntries(names.map(name => [name, { micros: median(micros[name]), ratio: median(ratios[name]) }])) })
}
console.log(JSON.stringify(results))
