import { access, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { median } from '../lib/stats'
import { runCommand } from '../lib/run-command'
import { generateCliApp } from './generate-app'
import { timedCommands } from './commands'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const appDir = fileURLToPath(new URL('../.work/cli/app', import.meta.url))
const goalMs = 200

/** Part 5: wall time of `create-action` writing one route file, against `nuxi add-template api` in the same app. */
export const cliTimePart: BenchPart = {
  id: 'cli',
  title: 'CLI time',
  async run(options) {
    const runs = options.smoke ? 3 : 10
    await runCommand('pnpm', ['--filter', '@action-route/cli', 'build'], { cwd: repoRoot, quiet: true })
    await generateCliApp(appDir)
    const commands = timedCommands(appDir)

    const samples = new Map<string, number[]>()
    for (let run = 0; run < runs; run++) {
      // alternate which command goes first, so neither always follows the other's disk and CPU work
      const order = run % 2 ? [...commands].reverse() : commands
      for (const command of order) {
        if (command.writes) await rm(join(appDir, command.writes), { force: true })
        const ms = await runCommand(process.execPath, command.args, { cwd: appDir, quiet: true, env: { NUXT_TELEMETRY_DISABLED: '1' } })
        if (command.writes) await access(join(appDir, command.writes))
        samples.set(command.id, [...samples.get(command.id) ?? [], ms])
        log(`run ${run + 1}/${runs} ${command.id}: ${ms.toFixed(0)} ms`)
      }
    }

    const nuxi = median(samples.get('nuxi')!)
    const createAction = median(samples.get('create-action')!)
    const load = median(samples.get('load')!)
    const node = median(samples.get('node')!)
    const measure = 'CLI: write one route file (wall time)'
    const rows: ResultRow[] = [
      { measure, subject: commands[0]!.label, value: `${nuxi.toFixed(0)} ms` },
      { measure, subject: commands[1]!.label, value: `${createAction.toFixed(0)} ms`, ratio: createAction / nuxi, goal: `<= ${goalMs} ms`, met: createAction <= goalMs },
    ]
    return {
      title: 'CLI time',
      rows,
      method: [
        `The CLI is built first (\`pnpm --filter @action-route/cli build\`), then a bare Nuxt app (\`nuxt.config.ts\`, a \`package.json\` naming nuxt and zod) is generated into \`bench/.work/cli/app\`, where the root \`node_modules\` (nuxt, and nuxi with it) resolve.`,
        `${runs} runs, each timing, in alternating order, \`node packages/cli/bin/create-action.mjs todos/[id].patch --cwd <app> --force\` (writes \`server/api/todos/[id].patch.ts\`), \`node node_modules/nuxt/bin/nuxt.mjs add-template api todos --cwd <app> --force\` (writes \`server/api/todos.ts\`; nuxi 3.x spells the template command \`add-template\`, its \`add\` installs modules) and, for scale, a bare import of create-action's code (\`dist/chunks/add.mjs\`) and \`node -e ""\`. The file is removed before each run and checked after it.`,
        'The figure is the median wall time from spawn to exit, Node start-up included; the ratio is create-action\'s over nuxi\'s (lower is better). The goal is on create-action\'s absolute time.',
      ].join('\n'),
      notes: [
        `Node start-up alone (\`node -e ""\`) took ${node.toFixed(0)} ms (median), so create-action's own work is about ${(createAction - node).toFixed(0)} ms and nuxi's about ${(nuxi - node).toFixed(0)} ms.`,
        `Importing create-action's code without running it (\`dist/chunks/add.mjs\` and what it imports, Node start-up included) took ${load.toFixed(0)} ms (median): ${(load - node).toFixed(0)} ms of loading against ${(createAction - load).toFixed(0)} ms of running.`,
      ],
    }
  },
}

function log(message: string) {
  console.log(`[cli] ${message}`)
}
