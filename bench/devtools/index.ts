import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { median } from '../lib/stats'
import { runCommand } from '../lib/run-command'
import { bundleProbe } from './bundle'
import { generateRoutes } from './generate-routes'
import type { ListingSample } from './list-routes'

const workDir = fileURLToPath(new URL('../.work/devtools', import.meta.url))
const actions = 500
const goalMs = 300

/** Part 6: time the DevTools registry takes to list 500 actions, on the first call (files loaded) and after. */
export const devtoolsPart: BenchPart = {
  id: 'devtools',
  title: 'DevTools registry',
  async run(options) {
    const runs = options.smoke ? 3 : 10
    const warmRuns = options.smoke ? 5 : 10
    const generated = await generateRoutes(join(workDir, 'app'), actions)
    const probe = await bundleProbe(join(workDir, 'list-routes.mjs'))
    const resultFile = join(workDir, 'sample.json')
    const measureOnce = async (mode: 'import' | 'describe'): Promise<ListingSample> => {
      await runCommand(process.execPath, [probe, mode, generated.routesModule, generated.runtime, resultFile, String(warmRuns)], { quiet: true })
      return JSON.parse(await readFile(resultFile, 'utf8')) as ListingSample
    }

    const importSamples: number[] = []
    const firstSamples: number[] = []
    const warmSamples: number[] = []
    for (let run = 0; run < runs; run++) {
      // alternate which process goes first, so neither always finds the disk cache warmer
      for (const mode of run % 2 ? ['import', 'describe'] as const : ['describe', 'import'] as const) {
        const sample = await measureOnce(mode)
        if (mode === 'import') {
          importSamples.push(sample.firstMs)
          continue
        }
        if (sample.actions !== actions) throw new Error(`the registry listed ${sample.actions} actions out of ${actions}: ${sample.loadErrors[0] ?? 'no load error'}`)
        firstSamples.push(sample.firstMs)
        warmSamples.push(median(sample.warmMs))
      }
      log(`run ${run + 1}/${runs}: import alone ${importSamples.at(-1)!.toFixed(0)} ms, first listing ${firstSamples.at(-1)!.toFixed(0)} ms, later listings ${warmSamples.at(-1)!.toFixed(0)} ms`)
    }

    const load = median(importSamples)
    const first = median(firstSamples)
    const warm = median(warmSamples)
    const measure = `DevTools registry, ${actions} actions`
    const rows: ResultRow[] = [
      { measure, subject: `import the ${actions} route files alone (floor)`, value: `${load.toFixed(0)} ms` },
      { measure, subject: 'describeRoutes, first call (imports the files)', value: `${first.toFixed(0)} ms`, ratio: first / load, goal: `<= ${goalMs} ms`, met: first <= goalMs },
      { measure, subject: 'describeRoutes, files already loaded', value: `${warm.toFixed(0)} ms`, ratio: warm / load, goal: `<= ${goalMs} ms`, met: warm <= goalMs },
    ]
    return {
      title: 'DevTools registry',
      rows,
      method: [
        `${actions} action route files are generated into \`bench/.work/devtools/app/server/api/\` as plain ESM (what Nitro's dev build hands over): a third each POST with a body schema, GET with a coercing query schema, and PATCH \`[id]\` with params, input and output schemas (zod), each with one middleware and metadata. They import \`defineAction\` from \`packages/runtime/src/runtime/server\`, bundled with esbuild into one ESM file beside them as Nitro's dev build bundles it.`,
        'The routes module is rendered from them by the module\'s own `renderRoutesModule` (as `nuxi dev` does from `nitro.scannedHandlers`). `bench/devtools/list-routes.ts`, bundled with the registry, runs in a fresh Node process (no TypeScript loader), loads the runtime and zod (a running dev server has them), imports the routes module and times `describeRoutes(routes)` from `packages/runtime/src/runtime/devtools/registry.ts`, the whole work of `GET /__action-route/api/routes`:',
        '',
        `- **first call**: the routes module's loaders import every file, then every schema is turned into JSON Schema: what a user waits for on first opening the tab; median of ${runs} processes;`,
        `- **files already loaded**: ${warmRuns} more calls in the same process, median per process, then median of the ${runs}: every later refresh of the tab;`,
        `- **floor**: in another process, only importing the ${actions} files through the same loaders; ${runs} processes alternating with the others, median.`,
        '',
        'The ratio is over the floor (lower is better). The goal is on each absolute time. HTTP and the JSON serialisation of the answer are not included.',
      ].join('\n'),
      notes: [
        `Of the first call, about ${Math.max(0, first - load).toFixed(0)} ms is the registry's own work (JSON Schema for every schema, on code not yet optimised) and the rest Node importing the ${actions} files; later calls take ${warm.toFixed(0)} ms.`,
      ],
    }
  },
}

function log(message: string) {
  console.log(`[devtools] ${message}`)
}
