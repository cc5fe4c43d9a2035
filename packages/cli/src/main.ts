import { defineCommand } from 'citty'
import { version } from '../package.json'

/**
 * The `create-action` command. Its sub-commands load on first use; a first
 * argument that is not one of them is a route for `add` (see `runCli`).
 * @example
 * await runCommand(main, { rawArgs: ['add', 'todos/[id].patch', '--cwd', appDir] })
 */
export const main = defineCommand({
  meta: {
    name: 'create-action',
    version,
    description: 'Scaffold defineAction routes in a Nuxt app: create-action todos/[id].patch',
  },
  subCommands: {
    add: () => import('./commands/add').then(m => m.default),
    list: () => import('./commands/list').then(m => m.default),
  },
})

/** The names `runCli` passes through to citty unchanged. */
export const subCommandNames = ['add', 'list'] as const
