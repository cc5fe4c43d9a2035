import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { median } from '../lib/stats'
import { bundleServer, startServer } from '../lib/start-server'
import { ask, measureCpuCycles } from '../lib/cpu-cycles'
import type { Scenario } from '../lib/cpu-cycles'

const workDir = fileURLToPath(new URL('../.work/forms', import.meta.url))
/** Every body is filled up to this size, just under the default 1 MiB limit. */
const bodyBytes = 1_000_000
const goal = 3

/** Entries appended while the next still fits in `bodyBytes`, then closed. */
function fill(open: string, entry: (index: number) => string, separator: string, close: string): string {
  const entries: string[] = []
  let size = open.length + close.length
  for (let index = 0; ; index++) {
    const next = entry(index)
    if (size + next.length + separator.length > bodyBytes) break
    entries.push(next)
    size += next.length + separator.length
  }
  return open + entries.join(separator) + close
}

const post = (id: string, label: string, contentType: string, body: string, status: number, path = '/any'): Scenario => ({
  id, label, method: 'POST', path, headers: { 'content-type': contentType }, body, status,
})

/** A page's own URL with the form query: the no-JS form path, which runs `/any` in-process. */
const page = '/page?__action=/any'
/** The grid: N names, `kI.(N-1)`, each at the last index (it built N arrays of N holes before the limits). */
const grid = (count: number) => Array.from({ length: count }, (_, index) => `k${index}.${count - 1}=v`).join('&')
const gridCount = (() => {
  let count = 1
  while (grid(count * 2).length <= bodyBytes) count *= 2
  for (let step = count / 2; step >= 1; step /= 2) if (grid(count + step).length <= bodyBytes) count += step
  return count
})()
/** 1000 fields (the limit) whose names nest past `maxJsonDepth`: parsed, then refused, the costliest refusal. */
const deepNames = Array.from({ length: 1000 }, (_, index) => `${'a.'.repeat(Math.floor((bodyBytes / 1000 - 5 - String(index).length) / 2))}${index}=v`).join('&')

/** The JSON floor first: an object of many short keys, the shape closest to a form's. */
const scenarios: Scenario[] = [
  post('json', '1 MB JSON object of many keys, parsed', 'application/json', fill('{', index => `"k${index}":"xxxxxxxx"`, ',', '}'), 200),
  post('json-string', '1 MB JSON object of one long string, parsed', 'application/json', `{"s":"${'x'.repeat(bodyBytes - 8)}"}`, 200),
  post('multipart', '1 MB multipart of tiny parts, refused (413)', 'multipart/form-data; boundary=b', fill('', index => `--b\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`, '', '--b--\r\n'), 413),
  post('urlencoded', '1 MB urlencoded of many keys, refused (413)', 'application/x-www-form-urlencoded', fill('', index => `k${index}=1`, '&', ''), 413),
  post('page-grid', `1 MB grid form (${gridCount.toLocaleString('en-US')} names kI.${gridCount - 1}) posted to a page, refused (413)`, 'application/x-www-form-urlencoded', grid(gridCount), 413, page),
  post('page-deep', '1 MB form of 1000 names nested past maxJsonDepth posted to a page, refused (413)', 'application/x-www-form-urlencoded', deepNames, 413, page),
]

/** Part: what a form over the default limits costs to refuse, against a JSON body of the same size. */
export const formsPart: BenchPart = {
  id: 'forms',
  title: 'Refused forms',
  async run(options) {
    const run = options.smoke ? { cycles: 3, requests: 4 } : { cycles: 30, requests: 20 }
    const bundle = await bundleServer(fileURLToPath(new URL('./serve.ts', import.meta.url)), `${workDir}/serve.mjs`)
    const server = await startServer(bundle)
    let samples: Map<string, number[]>
    try {
      for (const scenario of scenarios) {
        const { status } = await ask(server.url, scenario)
        if (status !== scenario.status) throw new Error(`${scenario.label}: answered ${status}, expected ${scenario.status}`)
      }
      // the bodies in a fresh random order each cycle, so they share that moment's machine speed
      samples = await measureCpuCycles(scenarios.map(scenario => ({ key: scenario.id, server, scenario })), { ...run, connections: 4 })
    }
    finally {
      await server.stop()
    }
    const json = samples.get('json')!
    const rows: ResultRow[] = scenarios.map((scenario) => {
      const cpu = samples.get(scenario.id)!
      const isFloor = scenario.id === 'json'
      // the body's CPU over the JSON object's within each cycle, then the median: lower is better
      const ratio = isFloor ? undefined : median(cpu.map((micros, cycle) => micros / json[cycle]!))
      const judged = scenario.status === 413
      return {
        measure: `HTTP ${scenario.label}`,
        subject: scenario.path === page ? 'the no-JS form path before defineAction, default limits' : 'defineAction, default limits',
        value: `${(median(cpu) / 1000).toFixed(2)} ms CPU/req`,
        ratio,
        goal: judged ? `<= ${goal}x` : undefined,
        met: judged ? ratio! <= goal : undefined,
        ratioGoal: judged ? { max: goal } : undefined,
      }
    })
    return {
      title: 'Refused forms',
      rows,
      method: [
        'One server in a child process serves one `defineAction` with no schema, answering its input\'s key count.',
        'It runs the runtime\'s source, bundled with esbuild and `NODE_ENV=production`.',
        'It has the default limits: a 1 MiB body, 1000 form fields and 10 files.',
        '',
        `Six bodies of just under ${bodyBytes.toLocaleString('en-US')} bytes are sent:`,
        '',
        '| body | sent to | why |',
        '|---|---|---|',
        '| a JSON object of many short keys | the action | parsed and answered: the floor |',
        '| a JSON object of one long string | the action | the cheapest JSON of that size, for scale |',
        '| a multipart body of tiny parts | the action | over the field limit, refused with 413 |',
        '| a urlencoded body of many keys | the action | over the field limit, refused with 413 |',
        '| the grid form | the no-JS form path | it aborted the server before the page path had limits |',
        '| 1000 fields whose names nest past `maxJsonDepth` | the no-JS form path | parsed, then refused: the costliest refusal of that path |',
        '',
        'The no-JS form path is the middleware in front of the action.',
        'It is reached at a page URL with `?__action=`, as `useActionForm` posts without JavaScript.',
        '',
        `The run has ${run.cycles} cycles.`,
        `In each, the six bodies go in a random order, ${run.requests} requests each over 4 kept-alive connections.`,
        'The server\'s `process.cpuUsage()` is read over IPC before and after.',
        'The figure is the median CPU per request.',
        'The ratio is the form\'s CPU over the JSON body\'s within each cycle, then the median (lower is better).',
        'Before the limits, building such a form cost a hundred times the JSON body.',
      ].join('\n'),
      notes: [],
    }
  },
}
