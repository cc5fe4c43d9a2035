import { defineCommand } from 'citty'
import type { ArgsDef } from 'citty'
import { join, relative, resolve } from 'pathe'
import type { RouteMethod, SchemaLibrary, TemplateFile } from '../../../../templates/types'
import { CliError } from '../cli-error'
import { refuseUnknownFlags } from '../check-flags'
import { isInside } from '../is-inside'
import { logger } from '../logger'
import { canPrompt, promptSelect, promptText } from '../prompt'
import { detectSchemaLibraries, toSchemaLibrary } from '../project/detect-schema'
import { loadProject } from '../project/load-project'
import type { Project } from '../project/load-project'
import { fileToRoute } from '../../../runtime/src/routes/file-to-route'
import { parseRouteSpec, routeMethods } from '../route-spec'
import { parseMiddlewareNames, planSharedMiddleware } from '../shared-middleware'
import { loadTemplateSet } from '../template-source'
import { alreadyExists, exists, writeFileAtomic } from '../write-file-atomic'

/** A file the add command wrote, or would write with `--dry-run`. */
export interface PlannedFile extends TemplateFile {
  /** Absolute path. */
  file: string
}

/** What the add command did: the files, and the route they make. */
export interface AddResult {
  files: PlannedFile[]
  method: RouteMethod
  url: string
  schema: SchemaLibrary
  dryRun: boolean
}

const args = {
  'route': { type: 'positional', required: false, description: 'Route path with method suffix, like todos/[id].patch (asked for in a terminal when left out)' },
  'cwd': { type: 'string', description: 'Folder inside the Nuxt app (default: the current one; create-action walks up to nuxt.config)' },
  'routes': { type: 'boolean', description: 'Write under server/routes instead of server/api' },
  'schema': { type: 'string', description: 'Schema library: zod, valibot, arktype or none (default: the one in package.json)' },
  'middleware': { type: 'string', description: 'Shared middleware to import from server/utils, comma-separated (scaffolded when missing)' },
  'template': { type: 'string', description: 'Template set to pull through giget (gh:user/repo/dir, https://...tar.gz) instead of the bundled one' },
  'force': { type: 'boolean', description: 'Overwrite the route file when it exists' },
  'dry-run': { type: 'boolean', description: 'Print what would be written, and write nothing' },
} satisfies ArgsDef

async function askRoute(route: string | undefined): Promise<string> {
  if (route) return route
  if (!canPrompt()) throw new CliError('Missing the route: create-action <route>, like create-action todos/[id].patch.')
  return promptText('Route path with method, under server/api', 'todos/[id].patch')
}

async function askMethod(route: string, method: RouteMethod | undefined): Promise<RouteMethod> {
  if (method) return method
  if (!canPrompt()) {
    throw new CliError(`"${route}" has no method suffix: end it with one of ${routeMethods.map(name => `.${name}`).join(', ')}, like ${route}.get.`)
  }
  return promptSelect(`Method for ${route}`, routeMethods)
}

async function chooseSchema(flag: string | undefined, project: Project): Promise<SchemaLibrary> {
  if (flag !== undefined) return toSchemaLibrary(flag)
  const found = detectSchemaLibraries(project.dependencies)
  if (found.length > 1 && canPrompt()) return promptSelect('Schema library (found several in package.json)', found)
  return found[0] ?? 'none'
}

function display(project: Project, file: string): string {
  return relative(project.rootDir, file)
}

function nextStep(method: RouteMethod, url: string, schema: SchemaLibrary): string {
  const sample = url.replace(/\*\*:(\w+)/g, 'a/b').replace(/\*\*/g, 'a/b').replace(/:([\w-]+)/g, '1')
  const body = schema !== 'none' && (method === 'post' || method === 'put' || method === 'patch')
    ? ` -H 'content-type: application/json' -d '{"title":"Buy milk"}'`
    : ''
  const flag = method === 'get' ? '' : method === 'head' ? ' -I' : ` -X ${method.toUpperCase()}`
  return `Next: start nuxi dev and try it: curl${flag} http://localhost:3000${sample}${body}`
}

/** `create-action add <route>` (the default command): writes one route file, and its shared middleware when missing. */
export default defineCommand({
  meta: { name: 'add', description: 'Write a defineAction route file (the default: create-action <route> means create-action add <route>)' },
  args,
  async run({ args: flags, rawArgs }): Promise<AddResult> {
    refuseUnknownFlags(rawArgs, args)
    const project = await loadProject(flags.cwd || process.cwd())
    for (const note of project.notes) logger.warn(note)

    const spec = parseRouteSpec(await askRoute(flags.route))
    const method = await askMethod(spec.route, spec.method)
    const schema = await chooseSchema(flags.schema, project)
    const middlewareNames = parseMiddlewareNames(flags.middleware)

    const folder = flags.routes ? 'routes' : 'api'
    const routeDir = join(project.serverDir, folder)
    const expectedFile = join(routeDir, `${spec.route}.${method}.ts`)
    if (!isInside(routeDir, expectedFile)) throw new CliError(`"${spec.route}" would leave server/${folder}.`)
    const middleware = await planSharedMiddleware(middlewareNames, { serverDir: project.serverDir, routeFile: expectedFile, rootDir: project.rootDir })
    const url = fileToRoute(`${spec.route}.ts`, flags.routes ? '' : '/api').route

    const { templates, dispose } = await loadTemplateSet(flags.template)
    let files: PlannedFile[]
    try {
      const rendered = [
        templates.route({ dir: display(project, routeDir), route: spec.route, method, url, schema, params: spec.params, middleware }),
        ...middleware.filter(entry => entry.create).map(entry => templates.middleware({
          path: display(project, entry.file),
          name: entry.name,
          exportName: entry.exportName,
        })),
      ]
      files = rendered.map(output => ({ ...output, file: resolve(project.rootDir, output.path) }))
    }
    finally {
      await dispose()
    }

    for (const planned of files) {
      if (!isInside(project.rootDir, planned.file)) {
        throw new CliError(`The template wants to write ${planned.path}, outside the project: nothing was written.`)
      }
    }
    const [routeFile, ...middlewareFiles] = files as [PlannedFile, ...PlannedFile[]]
    if (!flags.force && await exists(routeFile.file)) throw alreadyExists(display(project, routeFile.file))

    const result: AddResult = { files, method, url, schema, dryRun: Boolean(flags.dryRun) }
    if (flags.dryRun) {
      for (const planned of files) logger.log(`Would write ${display(project, planned.file)}:\n\n${planned.contents}`)
      logger.info('Dry run: nothing was written.')
      return result
    }

    // shared middleware first: a route importing a file that is not there yet would not build
    for (const planned of middlewareFiles) {
      await writeFileAtomic(planned.file, planned.contents, { force: false, display: display(project, planned.file) })
      logger.success(`Wrote ${display(project, planned.file)}`)
    }
    await writeFileAtomic(routeFile.file, routeFile.contents, { force: Boolean(flags.force), display: display(project, routeFile.file) })
    logger.success(`Wrote ${display(project, routeFile.file)} (${method.toUpperCase()} ${url}, ${schema === 'none' ? 'no schema' : schema})`)
    logger.log(nextStep(method, url, schema))
    return result
  },
})
