import { defineCommand } from 'citty'
import type { ArgsDef } from 'citty'
import { refuseUnknownFlags } from '../check-flags'
import { formatTable } from '../format-table'
import { logger } from '../logger'
import { loadProject } from '../project/load-project'
import { scanActionRoutes } from '../scan-action-routes'
import type { ScannedRoute } from '../scan-action-routes'

const args = {
  cwd: { type: 'string', description: 'Folder inside the Nuxt app (default: the current one)' },
  json: { type: 'boolean', description: 'Print the actions as JSON' },
} satisfies ArgsDef

/** `create-action list`: the app's actions as a table of method, route and file. Plain routes are counted, not listed. */
export default defineCommand({
  meta: { name: 'list', description: 'List the app\'s actions (files under server/api and server/routes that use defineAction)' },
  args,
  async run({ args: flags, rawArgs }): Promise<ScannedRoute[]> {
    refuseUnknownFlags(rawArgs, args)
    const project = await loadProject(flags.cwd || process.cwd())
    for (const note of project.notes) logger.warn(note)
    const routes = await scanActionRoutes(project)
    const actions = routes.filter(route => route.action)
    const others = routes.length - actions.length

    if (flags.json) {
      logger.log(JSON.stringify(actions.map(({ method, route, file }) => ({ method, route, file })), null, 2))
      return actions
    }
    if (!actions.length) {
      logger.info('No actions yet. Write one: create-action hello.get')
    }
    else {
      logger.log(formatTable([['METHOD', 'ROUTE', 'FILE'], ...actions.map(({ method, route, file }) => [method, route, file])]))
    }
    if (others) logger.log(`${others} other route ${others === 1 ? 'file does' : 'files do'} not use defineAction and ${others === 1 ? 'is' : 'are'} not listed.`)
    return actions
  },
})
