import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { log, median } from '../lib/stats'
import { writeApp } from '../lib/nuxt-app'
import { freePort } from '../../packages/runtime/test/helpers/built-app'
import { createDevtoolsHome, waitFor } from '../../packages/devtools/test/e2e/dev-server'
import type { LiveLogResult } from './live-log'
import { measureLiveLog } from './live-log'

const appDir = fileURLToPath(new URL('../.work/devtools/app', import.meta.url))
const moduleEntry = fileURLToPath(new URL('../../packages/runtime/src/module', import.meta.url))
const nuxtBin = fileURLToPath(new URL('../../node_modules/nuxt/bin/nuxt.mjs', import.meta.url))
const registryPath = '/__action-route/api/routes'
const goalMs = 300
// the live log: a key pressed while 200 requests a second arrive reaches the screen within this, and frames keep coming
const inputGoalMs = 100
const frameGoalMs = 50

/** Route `index`: POST with a body schema, GET with a coercing query, or PATCH `[id]` with params, input and output schemas, in turn. */
function routeFile(index: number): [string, string] {
  const kind = index % 3
  const schemas = [
    'input: z.object({ title: z.string().min(1), priority: z.number().int().min(1).max(5).default(3) }),',
    'input: z.object({ page: z.coerce.number().int().min(1), size: z.coerce.number().int().max(100).default(20) }),',
    'params: z.object({ id: z.coerce.number().int() }),\n  input: z.object({ done: z.boolean() }),\n  outputSchema: z.object({ id: z.number(), done: z.boolean() }),',
  ][kind]
  return [
    [`server/api/r${index}/items.post.ts`, `server/api/r${index}/items.get.ts`, `server/api/r${index}/[id].patch.ts`][kind]!,
    `import { z } from 'zod'\n\nexport default defineAction({\n  ${schemas}\n  middleware: [withUser],\n  metadata: { summary: 'Route ${index}', tags: ['bench', 'r${index % 10}'] },\n  handler: ({ input, params }) => ({ id: Number((params as { id?: number }).id ?? ${index}), ...(input as object) }),\n})\n`,
  ]
}

/** Wall time of one GET with the body read to its end, and the parsed body. */
async function timeGet(url: string, headers: Record<string, string> = {}): Promise<{ ms: number, body: unknown }> {
  const started = performance.now()
  const response = await fetch(url, { headers })
  const text = await response.text()
  const ms = performance.now() - started
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`)
  return { ms, body: JSON.parse(text) }
}

/** Part: how long the Actions tab waits for the list of every action, asked of a real `nuxi dev`. */
export const devtoolsPart: BenchPart = {
  id: 'devtools',
  smoke: false,
  title: 'DevTools registry',
  async run(options) {
    const [actions, servers, laterCalls] = options.smoke ? [100, 1, 3] : [500, 2, 10]
    const [rate, seconds, opens] = options.smoke ? [50, 3, 1] : [200, 10, 5]
    let live: LiveLogResult | undefined
    await writeApp(appDir, {
      'nuxt.config.ts': `export default defineNuxtConfig({\n  modules: ['${relative(appDir, moduleEntry)}'],\n  devtools: { enabled: false },\n  telemetry: false,\n  compatibilityDate: '2025-07-15',\n})\n`,
      'app/app.vue': '<template>\n  <div>bench</div>\n</template>\n',
      'package.json': JSON.stringify({ name: 'bench-devtools-app', private: true, type: 'module' }),
      'server/utils/with-user.ts': `export const withUser = defineActionMiddleware('withUser', async ({ event, next }) =>\n  next({ ctx: { user: getRequestHeader(event, 'x-user') ?? 'anonymous' } }))\n`,
      'server/api/ping.get.ts': 'export default defineEventHandler(() => ({ ok: true }))\n',
      ...Object.fromEntries(Array.from({ length: actions }, (_, index) => routeFile(index))),
    })
    const samples = { start: [] as number[], first: [] as number[], later: [] as number[], floor: [] as number[] }
    for (let run = 0; run < servers; run++) {
      const port = await freePort()
      const home = await createDevtoolsHome()
      const started = performance.now()
      const child = spawn(process.execPath, [nuxtBin, 'dev', appDir, '--port', String(port), '--host', '127.0.0.1', '--no-fork'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...home.env, NUXT_TELEMETRY_DISABLED: '1' } })
      let output = ''
      child.stdout.on('data', chunk => (output += chunk))
      child.stderr.on('data', chunk => (output += chunk))
      const baseURL = `http://127.0.0.1:${port}`
      try {
        // ready when the plain route answers: the registry must not have been asked before the timed first call
        await waitFor(async () => {
          if (child.exitCode !== null) throw new Error(`nuxi dev exited with ${child.exitCode}:\n${output.slice(-4000)}`)
          return (await fetch(`${baseURL}/api/ping`).catch(() => undefined))?.ok === true
        }, 300_000, () => output)
        samples.start.push(performance.now() - started)
        const first = await timeGet(baseURL + registryPath, home.authHeaders)
        const listed = (first.body as { routes: Array<{ isAction: boolean }> }).routes.filter(route => route.isAction).length
        if (listed !== actions) throw new Error(`the registry listed ${listed} actions out of ${actions}`)
        samples.first.push(first.ms)
        const later: number[] = []
        const floor: number[] = []
        for (let call = 0; call < laterCalls; call++) {
          later.push((await timeGet(baseURL + registryPath, home.authHeaders)).ms)
          floor.push((await timeGet(`${baseURL}/api/ping`)).ms)
        }
        samples.later.push(median(later))
        samples.floor.push(median(floor))
        log('devtools', `dev server ${run + 1}/${servers}: first listing ${first.ms.toFixed(0)} ms, later ${median(later).toFixed(0)} ms, /api/ping ${median(floor).toFixed(1)} ms`)
        if (run === 0) {
          live = await measureLiveLog({ baseURL, token: home.token, routes: actions + 1, requestPath: '/api/r0/items', rate, seconds, opens })
          log('devtools', `panel listed ${actions + 1} routes ${live.listedMs.toFixed(0)} ms after navigation; ${live.sent} requests in ${seconds} s: input p95 ${live.inputP95Ms.toFixed(0)} ms, frame gap p95 ${live.frameP95Ms.toFixed(0)} ms, ${live.longTasks} long tasks (${live.longTaskMs.toFixed(0)} ms)`)
        }
      }
      finally {
        child.kill('SIGTERM')
        await Promise.race([once(child, 'exit'), new Promise(done => setTimeout(done, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
        await home.remove()
      }
    }
    const [floor, first, later] = [samples.floor, samples.first, samples.later].map(median) as [number, number, number]
    const measure = `DevTools registry, ${actions} actions (nuxi dev)`
    const rows: ResultRow[] = [
      { measure, subject: 'GET /api/ping, a plain route in the same server (floor)', value: `${floor.toFixed(1)} ms` },
      { measure, subject: `GET ${registryPath}, first call`, value: `${first.toFixed(0)} ms`, ratio: first / floor, goal: `<= ${goalMs} ms`, met: first <= goalMs },
      { measure, subject: `GET ${registryPath}, later calls`, value: `${later.toFixed(0)} ms`, ratio: later / floor, goal: `<= ${goalMs} ms`, met: later <= goalMs },
    ]
    if (live) {
      const panel = `Actions tab in Chromium, live log at ${rate} req/s for ${seconds} s`
      rows.push(
        { measure: panel, subject: `${actions + 1} routes listed, from navigation (assets, registry, render), median of ${opens} tabs`, value: `${live.listedMs.toFixed(0)} ms`, ratio: Number.NaN, goal: `<= ${goalMs} ms`, met: live.listedMs <= goalMs },
        { measure: panel, subject: 'key in the log filter to the next frame, p95 (max)', value: `${live.inputP95Ms.toFixed(0)} ms (${live.inputMaxMs.toFixed(0)} ms)`, ratio: Number.NaN, goal: `<= ${inputGoalMs} ms`, met: live.inputP95Ms <= inputGoalMs },
        { measure: panel, subject: 'gap between frames, p95 (max)', value: `${live.frameP95Ms.toFixed(0)} ms (${live.frameMaxMs.toFixed(0)} ms)`, ratio: Number.NaN, goal: `<= ${frameGoalMs} ms`, met: live.frameP95Ms <= frameGoalMs },
        { measure: panel, subject: 'long tasks (over 50 ms)', value: `${live.longTasks}, ${live.longTaskMs.toFixed(0)} ms in all`, ratio: Number.NaN },
      )
    }
    return {
      title: 'DevTools registry',
      rows,
      method: [
        `A Nuxt 4 app is generated into \`bench/.work/devtools/app/\` with ${actions} action routes.`,
        'In turn they are POST with a body schema, GET with a coercing query, and PATCH `[id]` with params, input and output schemas.',
        'Each uses zod and has one middleware and metadata.',
        'The app loads the module from `packages/runtime/src/module` and has one plain route, `/api/ping`.',
        '',
        `\`nuxi dev\` is started on it ${servers} time(s), and is ready when \`/api/ping\` answers.`,
        'Each server then gets:',
        '',
        `- the first \`GET ${registryPath}\`: what the Actions tab waits for when it opens, every action's metadata and JSON Schema;`,
        `- ${laterCalls} later calls: every refresh of the tab;`,
        '- between them, `GET /api/ping` as the floor.',
        '',
        'The figure is the median over the servers.',
        'The ratio is over the floor (lower is better).',
        'The goal is on each absolute time.',
        '',
        'On the first server the built panel is then opened in Chromium, headless, with the token in localStorage.',
        `It opens in ${opens} fresh tab(s) in turn.`,
        'The figure is the time from navigation until the route list shows every route: the median over the tabs.',
        'Then the last tab shows the Requests page.',
        `One action gets ${rate} valid POSTs a second for ${seconds} s, while a key is typed into the log's filter every 200 ms.`,
        'The page measures the delay from each keydown to the frame after it.',
        'It also measures the gaps between animation frames and the long tasks.',
      ].join('\n'),
      notes: [`\`nuxi dev\` took ${(median(samples.start) / 1000).toFixed(1)} s (median) from spawn to the first answer of \`/api/ping\`.`],
    }
  },
}
