import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { formatSeconds, median } from '../lib/stats'
import { generateApp } from './generate-app'
import type { AppKind } from './generate-app'
import { timeNuxtBuild, timeTypecheck } from './measure-app'

const workDir = fileURLToPath(new URL('../.work/build', import.meta.url))

const measures = [
  { id: 'build', label: 'nuxt build', goal: 1.05 },
  { id: 'tsconfig.server.json', label: 'vue-tsc server (.nuxt/tsconfig.server.json)', goal: 1.3 },
  { id: 'tsconfig.app.json', label: 'vue-tsc app (.nuxt/tsconfig.app.json)', goal: 1.3 },
] as const

/** Part 3: build and type-check time of an app of N action routes against the same app of plain routes. */
export const buildPart: BenchPart = {
  id: 'build',
  title: 'Build and type cost at scale',
  async run(options) {
    const routes = options.smoke ? 30 : 300
    const rounds = options.smoke ? 1 : 5
    const typecheckRounds = options.smoke ? 1 : 5
    const kinds: AppKind[] = ['plain', 'action']
    const dirs = Object.fromEntries(kinds.map(kind => [kind, `${workDir}/${kind}-${routes}`])) as Record<AppKind, string>
    for (const kind of kinds) await generateApp(dirs[kind], kind, routes)

    const samples = new Map<string, number[]>()
    const record = (key: string, ms: number) => samples.set(key, [...samples.get(key) ?? [], ms])
    for (let round = 0; round < rounds; round++) {
      // alternate which app goes first, so neither always meets a cold disk cache
      for (const kind of round % 2 ? [...kinds].reverse() : kinds) {
        const ms = await timeNuxtBuild(dirs[kind])
        record(`build/${kind}`, ms)
        log(`round ${round + 1}/${rounds} nuxt build ${kind}-${routes}: ${formatSeconds(ms)}`)
      }
    }
    // a type-check takes seconds, so it gets more rounds; each tsconfig's two runs are back to back
    for (let round = 0; round < typecheckRounds; round++) {
      for (const tsconfig of ['tsconfig.server.json', 'tsconfig.app.json'] as const) {
        for (const kind of round % 2 ? [...kinds].reverse() : kinds) {
          const ms = await timeTypecheck(dirs[kind], tsconfig)
          record(`${tsconfig}/${kind}`, ms)
          log(`round ${round + 1}/${typecheckRounds} vue-tsc ${tsconfig} ${kind}-${routes}: ${formatSeconds(ms)}`)
        }
      }
    }

    const rows: ResultRow[] = []
    for (const measure of measures) {
      const plainSamples = samples.get(`${measure.id}/plain`)!
      const actionSamples = samples.get(`${measure.id}/action`)!
      const plain = median(plainSamples)
      const action = median(actionSamples)
      // each round's two runs were back to back, so their ratio shares that moment's machine speed
      const ratio = median(actionSamples.map((ms, round) => ms / plainSamples[round]!))
      rows.push({ measure: `${measure.label}, ${routes} routes`, subject: 'defineEventHandler app (floor)', value: formatSeconds(plain) })
      rows.push({ measure: `${measure.label}, ${routes} routes`, subject: 'defineAction app', value: formatSeconds(action), ratio, goal: `<= ${measure.goal}x`, met: ratio <= measure.goal, ratioGoal: { max: measure.goal } })
    }
    return {
      title: 'Build and type cost at scale',
      rows,
      method: [
        `Two Nuxt 4 apps are generated into \`bench/.work/build/\` with ${routes} server routes each (half POST with a body schema, half GET with a coercing query schema, zod, one middleware that reads \`x-user\` into the context):`,
        '',
        '- **floor**: plain `defineEventHandler` routes with `readValidatedBody` / `getValidatedQuery` and `schema.parse`, no module;',
        '- **defineAction app**: the same routes as `defineAction({ input, middleware: [withUser], handler })`, with the module loaded from `packages/runtime/src/module` by relative path (so its route map and auto-imports are part of the cost).',
        '',
        `Measured ${rounds} round(s) of \`node node_modules/nuxt/bin/nuxt.mjs build <dir>\` from a clean state (\`.nuxt\`, \`.output\` and \`node_modules/.cache\` removed), then ${typecheckRounds} round(s) of \`vue-tsc --noEmit -p <dir>/.nuxt/tsconfig.server.json\` and \`-p <dir>/.nuxt/tsconfig.app.json\` (the app side includes the module's typed route map); in each round the two apps run back to back, the one going first alternating. The figure is the median wall time; the ratio is the median over rounds of the defineAction app's time over the floor's in the same round (lower is better), so that a slow minute on the shared machine weighs on both sides of a ratio. Every type-check must pass, so the apps are known to be valid.`,
      ].join('\n'),
      notes: [],
    }
  },
}

function log(message: string) {
  console.log(`[build] ${message}`)
}
