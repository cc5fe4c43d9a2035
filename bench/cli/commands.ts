import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** One command the part times: what it runs and the file it must leave behind. */
export interface TimedCommand {
  id: string
  label: string
  args: string[]
  /** The file the command writes, relative to the app. */
  writes: string
}

/** The commands, run with `node` inside the app: nuxi add-template, create-action, and for scale the import of create-action's code alone and bare Node start-up. */
export function timedCommands(appDir: string): TimedCommand[] {
  return [
    {
      id: 'nuxi',
      label: 'nuxi add-template api todos (floor)',
      args: [`${repoRoot}node_modules/nuxt/bin/nuxt.mjs`, 'add-template', 'api', 'todos', '--cwd', appDir, '--force'],
      writes: 'server/api/todos.ts',
    },
    {
      id: 'create-action',
      label: 'create-action todos/[id].patch',
      args: [`${repoRoot}packages/cli/bin/create-action.mjs`, 'todos/[id].patch', '--cwd', appDir, '--force'],
      writes: 'server/api/todos/[id].patch.ts',
    },
    {
      id: 'load',
      label: 'loading create-action\'s modules alone',
      args: ['--input-type=module', '-e', `await import(${JSON.stringify(`${repoRoot}packages/cli/dist/chunks/add.mjs`)})`],
      writes: '',
    },
    {
      id: 'node',
      label: 'node -e "" (Node start-up alone)',
      args: ['-e', ''],
      writes: '',
    },
  ]
}
