// Bundled and run by compare-runtimes.ts: one process, the floor and each runtime's defineAction
// serving the HTTP part's routes through h3's toPlainHandler, called in alternating short blocks.
import { createApp, toPlainHandler } from 'h3'
import { createFloorRouter } from '../http/servers/floor'
import { createDefineActionRouter } from '../http/servers/define-action'
import { httpScenarios, scenarioHeaders } from '../http/scenarios'
import { measurePaired } from '../lib/paired-blocks'
import { defineAction as baselineDefineAction } from '#baseline-runtime'

const [rounds, block] = process.argv.slice(2).map(Number) as [number, number]
const handlers = {
  floor: toPlainHandler(createApp().use(createFloorRouter())),
  baseline: toPlainHandler(createApp().use(createDefineActionRouter(baselineDefineAction as Parameters<typeof createDefineActionRouter>[0]))),
  current: toPlainHandler(createApp().use(createDefineActionRouter())),
}

const results = []
for (const scenario of httpScenarios) {
  const body = scenario.body
  const request = { method: scenario.method, path: scenario.path, headers: { ...scenarioHeaders, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) }, body }
  const cases = Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, () => handler(request)]))
  results.push({ scenario: scenario.label, ...await measurePaired(cases, { rounds, block }) })
}
console.log(JSON.stringify(results))
