import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { log, median } from '../lib/stats'
import { prepareNuxtApp, runNodeCpu, timeNuxtBuild, writeApp } from '../lib/nuxt-app'
import { installBuiltRuntime } from './internal/installed-runtime'
import { typeInstantiations } from './internal/type-instantiations'

const workDir = fileURLToPath(new URL('../.work/build', import.meta.url))
const vueTsc = join(dirname(createRequire(import.meta.url).resolve('vue-tsc/package.json')), 'bin/vue-tsc.js')
const kinds = ['plain', 'action'] as const
const measures = [
  { id: 'build', label: 'nuxt build', goal: 1.05 },
  { id: 'tsconfig.server.json', label: 'vue-tsc server (.nuxt/tsconfig.server.json)', goal: 1.3 },
  { id: 'tsconfig.app.json', label: 'vue-tsc app (.nuxt/tsconfig.app.json)', goal: 1.3 },
] as const

/** Route `index` of an app: even ones POST with a body schema, odd ones GET with a coercing query schema. */
function route(kind: typeof kinds[number], index: number): string {
  const isPost = index % 2 === 0
  const schema = isPost
    ? 'z.object({ title: z.string().min(1), priority: z.number().int().min(1).max(5).default(3) })'
    : 'z.object({ page: z.coerce.number().int().min(1), size: z.coerce.number().int().max(100).default(20) })'
  const data = isPost ? `{ id: ${index}, title: input.title, priority: input.priority, owner: ctx.user }` : `{ id: ${index}, page: input.page, size: input.size, owner: ctx.user }`
  if (kind === 'action') return `import { z } from 'zod'\n\nexport default defineAction({\n  input: ${schema},\n  middleware: [withUser],\n  handler: ({ input, ctx }) => (${data}),\n})\n`
  return `import { z } from 'zod'\n\nconst schema = ${schema}\n\nexport default defineEventHandler(async (event) => {\n  const input = await ${isPost ? 'readValidatedBody' : 'getValidatedQuery'}(event, schema.parse)\n  const ctx = { user: getRequestHeader(event, 'x-user') ?? 'anonymous' }\n  return { success: true as const, data: ${data} }\n})\n`
}

/**
 * The page: a GET route loaded through each app's own client, so its check reads the route types as an app's does.
 * The floor's is `$fetch` in `useAsyncData`: Nuxt 4.4's `useFetch`, and `$fetch` with a method, stop at TS2589 (excessively
 * deep) in an app of 1,000 routes. The other also sends a POST route, naming the GET route in `refreshes`.
 */
const pages = {
  plain: {
    setup: `const list = await useAsyncData('list', () => $fetch('/api/r1/items', { query: { page: 1 } }))`,
    shown: '{{ list.data.value?.data.page }}',
  },
  action: {
    setup: `const list = await useActionQuery('/api/r1/items', { input: { page: 1 } })\nconst create = useAction('/api/r0/items', { method: 'POST', refreshes: ['/api/r1/items'] })`,
    shown: '{{ list.data.value?.page }} {{ create.data.value?.title }}',
  },
}

async function generateApp(dir: string, kind: typeof kinds[number], routes: number): Promise<void> {
  const files: Record<string, string> = {
    'nuxt.config.ts': `export default defineNuxtConfig({\n  modules: [${kind === 'action' ? `'@action-route/runtime'` : ''}],\n  devtools: { enabled: false },\n  telemetry: false,\n  compatibilityDate: '2025-07-15',\n})\n`,
    'app/app.vue': `<script setup lang="ts">\n${pages[kind].setup}\n</script>\n\n<template>\n  <div>${pages[kind].shown}</div>\n</template>\n`,
    'package.json': JSON.stringify({ name: `bench-${kind}-app`, private: true, type: 'module' }),
    'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './.nuxt/tsconfig.app.json' }, { path: './.nuxt/tsconfig.server.json' }] }),
  }
  if (kind === 'action') files['server/utils/with-user.ts'] = `export const withUser = defineActionMiddleware(async ({ event, next }) =>\n  next({ ctx: { user: getRequestHeader(event, 'x-user') ?? 'anonymous' } }))\n`
  for (let index = 0; index < routes; index++) files[`server/api/r${index}/items.${index % 2 ? 'get' : 'post'}.ts`] = route(kind, index)
  await writeApp(dir, files)
}

/** Part: build and type-check time of an app of N action routes against the same app of plain routes. */
export const buildPart: BenchPart = {
  id: 'build',
  title: 'Build and type cost at scale',
  async run(options) {
    // the type-check at 1,000 routes, where the route map's cost would show; the build kept at 300 for the run's time
    const sizes = options.smoke ? { build: 30, typecheck: 30 } : { build: 300, typecheck: 1000 }
    const rounds = options.smoke ? 1 : 5
    // the smoke run times no build: client-size builds with the same harness, and the type-checks are what it guards
    const timed = options.smoke ? measures.filter(measure => measure.id !== 'build') : measures
    const routesOf = (measure: typeof measures[number]) => measure.id === 'build' ? sizes.build : sizes.typecheck
    // a build is timed on the wall (it runs esbuild in processes of its own); a type-check by its own CPU time
    const unitOf = (measure: typeof measures[number]) => measure.id === 'build' ? '' : ' CPU'
    const dir = (kind: string, routes: number) => `${workDir}/${kind}-${routes}`
    // the built package, as an app installs it: built here once if dist is missing or older than src
    const refusal = await installBuiltRuntime(workDir, message => log('build', message))
    if (refusal !== undefined) {
      return { title: 'Build and type cost at scale', rows: [{ measure: 'build and type-check', subject: 'defineAction app', value: 'failed (see notes)' }], method: '', notes: [refusal] }
    }
    for (const routes of new Set([sizes.build, sizes.typecheck])) {
      for (const kind of kinds) await generateApp(dir(kind, routes), kind, routes)
    }
    // the type-checked apps get their .nuxt once, untimed (a build of the same app writes it again)
    for (const kind of kinds) await prepareNuxtApp(dir(kind, sizes.typecheck))
    const notes = new Set<string>()
    const samples = new Map<string, number[]>(timed.flatMap(measure => kinds.map(kind => [`${measure.id}/${kind}`, []])))
    for (let round = 0; round < rounds; round++) {
      for (const measure of timed) {
        // the two apps back to back, the one going first alternating, so neither always meets a cold cache
        for (const kind of round % 2 ? [...kinds].reverse() : kinds) {
          // a failed type-check is a finding, not a reason to lose the other parts' figures
          const typecheck = () => runNodeCpu([vueTsc, '--noEmit', '-p', join(dir(kind, sizes.typecheck), '.nuxt', measure.id)]).catch((error: Error) => {
            notes.add(`${measure.label} failed on the ${kind} app: \`${error.message.split('\n').find(line => line.includes('error TS')) ?? error.message.split('\n')[0]}\``)
            return Number.NaN
          })
          const ms = measure.id === 'build' ? await timeNuxtBuild(dir(kind, sizes.build)) : await typecheck()
          samples.get(`${measure.id}/${kind}`)!.push(ms)
          log('build', `round ${round + 1}/${rounds} ${measure.label} ${kind}-${routesOf(measure)}: ${(ms / 1000).toFixed(1)} s${unitOf(measure)}`)
        }
      }
    }
    const rows: ResultRow[] = timed.flatMap((measure) => {
      const [plain, action] = kinds.map(kind => samples.get(`${measure.id}/${kind}`)!)
      // each round's two runs were back to back, so their ratio shares that moment's machine speed
      const failed = [...plain!, ...action!].some(Number.isNaN)
      const ratio = failed ? Number.NaN : median(action!.map((ms, round) => ms / plain![round]!))
      const spread = rounds > 1 ? `; rounds ${Math.min(...action!.map((ms, round) => ms / plain![round]!)).toFixed(2)}x–${Math.max(...action!.map((ms, round) => ms / plain![round]!)).toFixed(2)}x` : ''
      return [
        { measure: `${measure.label}, ${routesOf(measure)} routes`, subject: 'defineEventHandler app (floor)', value: plain!.some(Number.isNaN) ? 'failed (see notes)' : `${(median(plain!) / 1000).toFixed(1)} s${unitOf(measure)}` },
        { measure: `${measure.label}, ${routesOf(measure)} routes`, subject: 'defineAction app', value: failed ? 'failed (see notes)' : `${(median(action!) / 1000).toFixed(1)} s${unitOf(measure)}${spread}`, ratio, goal: `<= ${measure.goal}x`, met: ratio <= measure.goal, ratioGoal: { max: measure.goal } },
      ]
    })
    // once per app after the timed rounds: a count, so one run is the figure
    for (const measure of measures.filter(measure => measure.id !== 'build')) {
      const plain = await typeInstantiations(vueTsc, join(dir('plain', sizes.typecheck), '.nuxt', measure.id))
      const action = await typeInstantiations(vueTsc, join(dir('action', sizes.typecheck), '.nuxt', measure.id))
      const label = `type instantiations, ${measure.label}, ${sizes.typecheck} routes`
      rows.push(
        { measure: label, subject: 'defineEventHandler app (floor)', value: plain.toLocaleString('en') },
        { measure: label, subject: 'defineAction app', value: action.toLocaleString('en'), ratio: action / plain },
      )
    }
    return {
      title: 'Build and type cost at scale',
      rows,
      method: [
        'Two Nuxt 4 apps are generated into `bench/.work/build/` for each size.',
        'Both have the same server routes: half POST with a body schema, half GET with a coercing query schema.',
        'Both use zod and read the user from `x-user` into the context.',
        '',
        '| app | its routes | its page (`app/app.vue`) |',
        '|---|---|---|',
        '| floor | plain `defineEventHandler` routes with `readValidatedBody` / `getValidatedQuery`, no module | loads one GET route with `useAsyncData(() => $fetch(path, { query }))`, typed from Nitro\'s routes |',
        '| defineAction | `defineAction({ input, middleware: [withUser], handler })` with the module | loads the same route with `useActionQuery` and sends one POST route with `useAction`, its `refreshes` naming the GET route, typed from the module\'s route map |',
        '',
        'The module\'s route map and auto-imports are part of the defineAction app\'s cost.',
        'Each page uses its own app\'s client, as a real app\'s would.',
        'So the app-side check includes the route types\' use.',
        'The defineAction app\'s page thus does more than the floor\'s.',
        'The floor does not use `useFetch`: in Nuxt 4.4 it fails with TS2589, "excessively deep", in an app of 1,000 routes.',
        'It fails after some 5 million instantiations, and so does a `$fetch` given a `method`.',
        '',
        'The module is loaded as an app installs it: `\'@action-route/runtime\'` in `modules`.',
        'That resolves through the package\'s exports to its built `dist`.',
        'It holds declarations, not source, so the runtime\'s own code is not type-checked inside the app.',
        'It is copied once per run into `bench/.work/build/node_modules`, so the whole run checks one build.',
        'If `packages/runtime/dist` is missing or older than any file of its `src`, the part builds it first.',
        'It runs `pnpm --filter @action-route/runtime build` (about 30 s, untimed).',
        'If dist is still missing or stale after that, the part measures nothing and says why in the notes.',
        '',
        `\`nuxt build\` is timed on apps of ${sizes.build} routes, from a clean state.`,
        `\`vue-tsc --noEmit\` is timed on apps of ${sizes.typecheck} routes, at Node's default heap size.${sizes.typecheck === sizes.build ? '' : ` Their \`.nuxt\` is written once by \`nuxt prepare\`, untimed. The build stays at ${sizes.build} routes to hold the whole run's time.`}`,
        'Each type-check runs on two tsconfigs:',
        '',
        '- `.nuxt/tsconfig.server.json`: the route files;',
        '- `.nuxt/tsconfig.app.json`: the route files again, through Nitro\'s and the route map\'s `typeof import`, and the typed route map the client reads.',
        '',
        `The run has ${rounds} round(s).`,
        'Each times the build, then the two type-checks, the two apps back to back.',
        'The figure is the median time.',
        'For the build, that is its wall time.',
        'For a type-check, it is the CPU time (user and system) of the `vue-tsc` process, read by a preloaded hook at its exit.',
        'CPU time is used because, on this shared machine, a child\'s wall time can double from one round to the next.',
        'Its CPU time moves by a few percent.',
        'The ratio is the defineAction app\'s time over the floor\'s in the same round, median over rounds (lower is better).',
        'The lowest and highest round are shown beside it.',
        'A type-check that fails is listed under the notes.',
        '',
        'After the rounds, one `vue-tsc --noEmit --extendedDiagnostics` runs per app and tsconfig.',
        'It gives the type instantiations the checker made.',
        'That count of its work does not change on a busy machine, unlike the times.',
      ].join('\n'),
      notes: [...notes],
    }
  },
}
