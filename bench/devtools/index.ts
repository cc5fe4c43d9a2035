import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { median } from '../lib/stats'
import { generateDevApp } from './generate-app'
import { startDevServer, timeGet } from './dev-server'

const workDir = fileURLToPath(new URL('../.work/devtools', import.meta.url))
const actions = 500
const goalMs = 300

interface ListedRoute {
  isAction: boolean
  loadError?: string
}

/** Part 6: how long the Actions tab waits for the list of 500 actions, asked of a real `nuxi dev`. */
export const devtoolsPart: BenchPart = {
  id: 'devtools',
  title: 'DevTools registry',
  async run(options) {
    const servers = options.smoke ? 1 : 3
    const laterCalls = 10
    const appDir = join(workDir, 'app')
    await generateDevApp(appDir, actions)
    const registryPath = '/__action-route/api/routes'

    const startSamples: number[] = []
    const firstSamples: number[] = []
    const laterSamples: number[] = []
    const floorSamples: number[] = []
    for (let run = 0; run < servers; run++) {
      // ready means the plain route answers: the registry must not have been asked before the timed first call
      const server = await startDevServer(appDir, '/api/ping')
      try {
        const first = await timeGet(`${server.baseURL}${registryPath}`, server.authHeaders)
        const listed = (first.body as { routes: ListedRoute[] }).routes
        const listedActions = listed.filter(route => route.isAction).length
        if (listedActions !== actions) {
          throw new Error(`the registry listed ${listedActions} actions out of ${actions}: ${listed.find(route => route.loadError)?.loadError ?? 'no load error'}`)
        }
        const later: number[] = []
        const floor: number[] = []
        for (let call = 0; call < laterCalls; call++) {
          later.push((await timeGet(`${server.baseURL}${registryPath}`, server.authHeaders)).ms)
          floor.push((await timeGet(`${server.baseURL}/api/ping`)).ms)
        }
        startSamples.push(server.startMs)
        firstSamples.push(first.ms)
        laterSamples.push(median(later))
        floorSamples.push(median(floor))
        log(`dev server ${run + 1}/${servers}: ready in ${(server.startMs / 1000).toFixed(1)} s, first listing ${first.ms.toFixed(0)} ms, later listings ${median(later).toFixed(0)} ms, /api/ping ${median(floor).toFixed(1)} ms`)
      }
      finally {
        await server.close()
      }
    }

    const floor = median(floorSamples)
    const first = median(firstSamples)
    const later = median(laterSamples)
    const measure = `DevTools registry, ${actions} actions (nuxi dev)`
    const rows: ResultRow[] = [
      { measure, subject: 'GET /api/ping, a plain route in the same server (floor)', value: `${floor.toFixed(1)} ms` },
      { measure, subject: `GET ${registryPath}, first call`, value: `${first.toFixed(0)} ms`, ratio: first / floor, goal: `<= ${goalMs} ms`, met: first <= goalMs },
      { measure, subject: `GET ${registryPath}, later calls`, value: `${later.toFixed(0)} ms`, ratio: later / floor, goal: `<= ${goalMs} ms`, met: later <= goalMs },
    ]
    const devBundle = await readFile(join(appDir, '.nuxt/dev/index.mjs'), 'utf8').catch(() => '')
    return {
      title: 'DevTools registry',
      rows,
      method: [
        `A Nuxt 4 app is generated into \`bench/.work/devtools/app/\` with ${actions} action routes (a third each POST with a body schema, GET with a coercing query schema, and PATCH \`[id]\` with params, input and output schemas; zod; one middleware and metadata each) and the module loaded from \`packages/runtime/src/module\` by relative path, plus one plain \`defineEventHandler\` route, \`/api/ping\`.`,
        `${servers} time(s), \`nuxi dev\` is started on it (\`--no-fork\`, 127.0.0.1) and is ready when \`/api/ping\` answers. Then, on that server, the timed requests with \`fetch\`, body read to its end:`,
        '',
        `- **first call**: the first \`GET ${registryPath}\`, what the Actions tab waits for when it first opens: every action's metadata and middleware names, and JSON Schema for every schema;`,
        `- **later calls**: ${laterCalls} more calls, median: every later refresh of the tab;`,
        `- **floor**: \`GET /api/ping\` on the same server, between the later calls, median: what any request to the dev server costs.`,
        '',
        `The figure is the median over the ${servers} server(s); the ratio is over the floor (lower is better). The goal is on each absolute time.`,
      ].join('\n'),
      notes: [
        `\`nuxi dev\` took ${(median(startSamples) / 1000).toFixed(1)} s (median) from spawn to the first answer of \`/api/ping\`.`,
        /["']Route 0["']/.test(devBundle)
          ? `Nitro's dev build inlines every route file into \`.nuxt/dev/index.mjs\` (its \`nitro-dev\` preset sets \`inlineDynamicImports\`), so the route files are already evaluated when the tab asks: the first call pays for describing them, not for importing them.`
          : 'The route files were not found inlined in `.nuxt/dev/index.mjs`: the first call may include importing them.',
      ],
    }
  },
}

function log(message: string) {
  console.log(`[devtools] ${message}`)
}
