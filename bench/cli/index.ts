import { execFileSync } from 'node:child_process'
import { access, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { log, median } from '../lib/stats'
import { runNode, writeApp } from '../lib/nuxt-app'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const appDir = fileURLToPath(new URL('../.work/cli/app', import.meta.url))
const goalMs = 200

/** The commands timed, run with `node` in the app, and the file each must leave behind. */
const commands = [
  { id: 'nuxi', label: 'nuxi add-template api todos (floor)', args: [`${repoRoot}node_modules/nuxt/bin/nuxt.mjs`, 'add-template', 'api', 'todos', '--cwd', appDir, '--force'], writes: 'server/api/todos.ts' },
  { id: 'create-action', label: 'create-action todos/[id].patch', args: [`${repoRoot}packages/cli/bin/create-action.mjs`, 'todos/[id].patch', '--cwd', appDir, '--force'], writes: 'server/api/todos/[id].patch.ts' },
  { id: 'node', label: 'node -e "" (Node start-up alone, for scale)', args: ['-e', ''], writes: '' },
]

/** Part: wall time of `create-action` writing one route file, against `nuxi add-template api` in the same app. */
export const cliTimePart: BenchPart = {
  id: 'cli',
  title: 'CLI time',
  async run(options) {
    const runs = options.smoke ? 3 : 10
    execFileSync('pnpm', ['--filter', '@action-route/cli', 'build'], { cwd: repoRoot, stdio: 'ignore' })
    await writeApp(appDir, {
      'nuxt.config.ts': `export default defineNuxtConfig({\n  devtools: { enabled: false },\n  telemetry: false,\n  compatibilityDate: '2025-07-15',\n})\n`,
      'package.json': JSON.stringify({ name: 'bench-cli-app', private: true, type: 'module', dependencies: { nuxt: '4.4.2', zod: '^4.6.7' } }),
      'server/api/.gitkeep': '',
    })
    const samples = new Map<string, number[]>(commands.map(command => [command.id, []]))
    for (let run = 0; run < runs; run++) {
      // alternate which command goes first, so neither always follows the other's disk and CPU work
      for (const command of run % 2 ? [...commands].reverse() : commands) {
        if (command.writes) await rm(join(appDir, command.writes), { force: true })
        samples.get(command.id)!.push(await runNode(command.args, { cwd: appDir }))
        if (command.writes) await access(join(appDir, command.writes))
      }
    }
    const [nuxi, createAction, node] = commands.map(command => median(samples.get(command.id)!)) as [number, number, number]
    log('cli', `nuxi ${nuxi.toFixed(0)} ms, create-action ${createAction.toFixed(0)} ms, node ${node.toFixed(0)} ms`)
    const measure = 'CLI: write one route file (wall time)'
    const rows: ResultRow[] = [
      { measure, subject: commands[0]!.label, value: `${nuxi.toFixed(0)} ms` },
      { measure, subject: commands[1]!.label, value: `${createAction.toFixed(0)} ms`, ratio: createAction / nuxi, goal: `<= ${goalMs} ms`, met: createAction <= goalMs },
      { measure, subject: commands[2]!.label, value: `${node.toFixed(0)} ms`, ratio: node / nuxi },
    ]
    return {
      title: 'CLI time',
      rows,
      method: [
        'The CLI is built first.',
        'Then a bare Nuxt app is generated into `bench/.work/cli/app`, where the root `node_modules` resolve.',
        `There are ${runs} runs. Each times three commands, in alternating order:`,
        '',
        '- `node packages/cli/bin/create-action.mjs todos/[id].patch --cwd <app> --force`',
        '- `nuxt add-template api todos --cwd <app> --force` (nuxi 3.x spells the template command `add-template`)',
        '- `node -e ""`',
        '',
        'Each written file is removed before and checked after.',
        'The figure is the median wall time from spawn to exit, Node start-up included.',
        'The ratio is over nuxi\'s (lower is better).',
        'The goal is on create-action\'s wall time.',
      ].join('\n'),
      notes: [],
    }
  },
}
