import { defineCommand } from 'citty'
import type { ArgsDef } from 'citty'
import type { RouteMethod, SchemaLibrary } from '../../../../templates/types'
import { CliError } from '../cli-error'
import { refuseUnknownFlags } from '../check-flags'
import { createActionWith } from '../create-action'
import type { CreateActionResult, CreatedActionFile } from '../create-action'
import { logger } from '../logger'
import { canPrompt, promptSelect, promptText } from '../prompt'
import { defaultSchemaLibrary, detectSchemaLibraries, installedSchemaLibraries, toSchemaLibrary } from '../project/detect-schema'
import { devServerOrigin } from '../project/dev-server-origin'
import { loadProject } from '../project/load-project'
import type { Project } from '../project/load-project'
import { parseRouteSpec, routeMethods } from '../route-spec'
import { parseMiddlewareNames } from '../shared-middleware'
import { readExamples } from '../infer/read-examples'

/** A file the add command wrote, or would write with `--dry-run`. */
export type PlannedFile = CreatedActionFile

/** What the add command did: the files, and the route they make. */
export type AddResult = CreateActionResult

const args = {
  'route': { type: 'positional', required: false, description: 'Route path with method suffix, like todos/[id].patch (asked for in a terminal when left out)' },
  'cwd': { type: 'string', description: 'Folder inside the Nuxt app (default: the current one; create-action walks up to nuxt.config)' },
  'routes': { type: 'boolean', description: 'Write under server/routes instead of server/api' },
  'schema': { type: 'string', description: 'Schema library: zod, valibot, arktype or none (default: the first in package.json that is installed)' },
  'middleware': { type: 'string', description: 'Shared middleware, comma-separated: an export of server/utils is imported from its file, another name is scaffolded there' },
  'template': { type: 'string', description: 'Template set to pull through giget (gh:user/repo/dir, https://...tar.gz) instead of the bundled one' },
  'example': { type: 'string', description: 'A JSON example of the input, like \'{"title":"x","done":false}\': the input schema is inferred from it' },
  'example-file': { type: 'string', description: 'A file holding a JSON example of the input (a top-level array of objects or arrays: several examples)' },
  'stream': { type: 'boolean', description: 'Write a streaming action: an async* handler whose yields are server-sent events, with an eventSchema stub' },
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
  const installed = installedSchemaLibraries(project.rootDir)
  const found = detectSchemaLibraries(project.dependencies)
  const usable = found.filter(name => installed.includes(name))
  if (usable.length > 1 && canPrompt()) return promptSelect('Schema library (found several in package.json)', usable)
  return defaultSchemaLibrary(found, installed)
}

// a shell word: single quotes around it, and each single quote inside closed, escaped and reopened
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

function nextStep(origin: string, method: RouteMethod, url: string, schema: SchemaLibrary, examples: unknown[] | undefined, stream: boolean): string {
  let sample = url.replace(/\*\*:(\w+)/g, 'a/b').replace(/\*\*/g, 'a/b').replace(/:([\w-]+)/g, '1')
  const query = method === 'get' || method === 'head'
  const example = examples?.[0]
  if (query && example) {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(example)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
    }
    if (search.toString()) sample += `?${search}`
  }
  const body = !query && example !== undefined
    ? ` -H 'content-type: application/json' -d ${shellQuote(JSON.stringify(example))}`
    : schema !== 'none' && (method === 'post' || method === 'put' || method === 'patch')
      ? ` -H 'content-type: application/json' -d '{"title":"Buy milk"}'`
      : ''
  // -N: curl prints each event as it arrives instead of buffering the answer
  const flag = (stream ? ' -N' : '') + (method === 'get' ? '' : method === 'head' ? ' -I' : ` -X ${method.toUpperCase()}`)
  const target = `${origin}${sample}`
  return `Next: start nuxi dev and try it: curl${flag} ${sample.includes('?') ? shellQuote(target) : target}${body}`
}

/** `create-action add <route>` (the default command): asks what is missing, then writes through `createAction`. */
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
    const middleware = parseMiddlewareNames(flags.middleware)
    const examples = await readExamples({ example: flags.example, exampleFile: flags['example-file'] })
    const stream = Boolean(flags.stream)

    const result = await createActionWith(
      { rootDir: project.rootDir, route: spec.route, method, schema, middleware, examples, folder: flags.routes ? 'routes' : 'api', overwrite: Boolean(flags.force), dryRun: Boolean(flags.dryRun), stream },
      { project, template: flags.template, overwriteHint: 'pass --force to overwrite it' },
    )

    if (result.dryRun) {
      for (const planned of result.files) logger.log(`Would write ${planned.path}:\n\n${planned.contents}`)
      logger.info('Dry run: nothing was written.')
      return result
    }
    const [routeFile, ...middlewareFiles] = result.files as [PlannedFile, ...PlannedFile[]]
    for (const planned of middlewareFiles) logger.success(`Wrote ${planned.path}`)
    logger.success(`Wrote ${routeFile.path} (${method.toUpperCase()} ${result.url}, ${schema === 'none' ? 'no schema' : schema}${stream ? ', streaming' : ''})`)
    logger.log(nextStep(await devServerOrigin(project.configFile, process.env), method, result.url, schema, examples, stream))
    return result
  },
})
